import { readFileSync } from "node:fs";
import path from "node:path";
import MarkdownIt, { type Token } from "markdown-it";
import { z } from "zod";
import { fieldPathPieces } from "~/lib/field-path";
import { recordSchema } from "~/records/schema.server";

/**
 * The import format as a page for staff (/dashboard/records/format), from the repository's
 * docs/import-format.md, its one source: read and rendered once, when the server starts.
 * The document is ours, not typed by staff, but raw HTML is still not passed through.
 * Its `#` heading becomes the page's h1; each `##` heading gets an id and a line in the
 * contents list; a link to the example file downloads it; each table, and each command
 * block, scrolls in a region named after its section when it is wider than a phone.
 */

const DOCS = path.resolve(process.cwd(), "docs");
/** Where staff download the example file the document points to. */
export const EXAMPLE_PATH = "/dashboard/records/import-example.json";
const EXAMPLE_NAME = "import-example.json";

export interface ImportFormatPage {
  title: string;
  html: string;
  contents: Array<{ id: string; text: string }>;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function render(source: string): ImportFormatPage {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  const tokens = md.parse(source, {});
  let title = "";
  const contents: ImportFormatPage["contents"] = [];
  let section = "";
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === "heading_open") {
      const text = tokens[i + 1]?.content ?? "";
      if (token.tag === "h1" && !title) {
        // The page writes its own h1 from it: the document's is taken out.
        title = text;
        tokens.splice(i, 3);
        i--;
        continue;
      }
      const id = slug(text);
      token.attrSet("id", id);
      if (token.tag === "h2") contents.push({ id, text });
      section = text;
    }
    if (token.type === "table_open" || token.type === "fence")
      token.meta = { name: section || title };
    if (token.type === "table_open") stackTable(tokens, i);
    for (const child of token.children ?? []) {
      if (child.type !== "link_open") continue;
      const href = child.attrGet("href") ?? "";
      if (href === EXAMPLE_NAME) {
        child.attrSet("href", EXAMPLE_PATH);
        child.attrSet("download", EXAMPLE_NAME);
      }
    }
  }
  md.renderer.rules.table_open = (all, idx) =>
    `<div class="table-scroll" role="region" tabindex="0" aria-label="${escapeHtml(
      `Table: ${(all[idx].meta as { name: string }).name}`,
    )}"><table class="stacked stacked-phone">\n`;
  md.renderer.rules.table_close = () => "</table></div>\n";
  // A command block keeps each command on its line (a command cut mid-way reads as two): on a
  // phone it scrolls sideways in a region named after its section, which takes focus.
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (all, idx, options, env, self) =>
    `<div class="code-scroll" role="region" tabindex="0" aria-label="${escapeHtml(
      `Commands: ${(all[idx].meta as { name: string }).name}`,
    )}">${fence ? fence(all, idx, options, env, self) : self.renderToken(all, idx, options)}</div>\n`;
  // A field path in the text ("regulatoryInformation.ema.events[2].date") wraps on a phone
  // after a dot or "[]", never mid-name: a <wbr> between its pieces.
  md.renderer.rules.code_inline = (all, idx) => {
    const pieces = fieldPathPieces(all[idx].content);
    if (pieces.length === 1) return `<code>${escapeHtml(all[idx].content)}</code>`;
    return `<code class="field-path">${pieces.map(escapeHtml).join("<wbr>")}</code>`;
  };
  if (!title) throw new Error("docs/import-format.md has no # heading");
  return { title, html: md.renderer.render(tokens, md.options, {}), contents };
}

/**
 * A table of the format stacks on a phone, as TableScroll's `stacked` tables do (a field's code
 * as each block's heading, then "Required" and "What it holds" labelled): scrolled, a phone
 * showed only the code and Required, two screens of rows one code tall. So the first cell of
 * each body row becomes its row header, and each other cell carries its column's name.
 */
function stackTable(tokens: Token[], start: number) {
  const headers: string[] = [];
  let column = 0;
  for (let i = start; i < tokens.length && tokens[i].type !== "table_close"; i++) {
    const token = tokens[i];
    if (token.type === "tr_open") column = 0;
    if (token.type === "th_open") headers.push(tokens[i + 1]?.content ?? "");
    if (token.type === "td_open") {
      if (column === 0) {
        token.tag = "th";
        token.attrSet("scope", "row");
        const close = tokens.findIndex((t, at) => at > i && t.type === "td_close");
        if (close > 0) tokens[close].tag = "th";
      } else if (headers[column]) token.attrSet("data-label", headers[column]);
      column++;
    }
  }
}

export interface ControlledField {
  /** The field's path in a record, as the validation report names it ("[]": any item of a list). */
  field: string;
  values: string[];
}

/** Every field of a record whose values are controlled, from the record schema itself. */
function controlledFields(): ControlledField[] {
  const fields: ControlledField[] = [];
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== "object") return;
    const schema = node as Record<string, unknown>;
    if (Array.isArray(schema.enum)) fields.push({ field: at, values: schema.enum.map(String) });
    if (schema.properties && typeof schema.properties === "object") {
      for (const [key, child] of Object.entries(schema.properties))
        walk(child, at ? `${at}.${key}` : key);
    }
    if (schema.items) walk(schema.items, `${at}[]`);
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      const options = schema[key];
      if (Array.isArray(options)) for (const option of options) walk(option, at);
    }
  };
  walk(z.toJSONSchema(recordSchema, { io: "input", unrepresentable: "any" }), "");
  return fields;
}

/** The page, rendered at start-up (the document does not change while the server runs). */
export const importFormat: ImportFormatPage & { controlled: ControlledField[] } = {
  ...render(readFileSync(path.join(DOCS, "import-format.md"), "utf8")),
  controlled: controlledFields(),
};

/** The example file's text, read at start-up. */
export const importExample = readFileSync(path.join(DOCS, EXAMPLE_NAME), "utf8");
export const importExampleName = EXAMPLE_NAME;
