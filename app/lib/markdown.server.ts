import MarkdownIt from "markdown-it";

/**
 * Staff write rich text (alert content, FAQ answers, glossary descriptions) as Markdown; it is
 * rendered here, on the server, to HTML that a member's browser can show without risk:
 *
 * - raw HTML is not passed through: `<script>` or `<img onerror>` typed by staff shows as text;
 * - a link goes only to http(s), mailto or a path of this site (no `javascript:`, `data:`,
 *   `vbscript:` or `file:`), and a link to another site opens with no referrer or opener;
 * - images are not rendered (an image would be loaded from wherever staff pointed it);
 * - no inline `style` is written (table alignment would need one, and the CSP refuses them);
 * - headings start at level 2, under the page's own `h1`, and skip no level.
 *
 * The Content-Security-Policy would block script and foreign loads anyway; this is the first wall.
 */
const SAFE_LINK = /^(https?:|mailto:)/i;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function isSafeHref(href: string): boolean {
  // Browsers ignore tabs, newlines and leading spaces in a scheme ("java\tscript:").
  // (Control characters and spaces, by code, not by a regular expression of control characters.)
  const plain = [...href]
    .filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("");
  if (plain.startsWith("//")) return false;
  return SAFE_LINK.test(plain) || !HAS_SCHEME.test(plain);
}

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.disable(["image"]);
md.validateLink = isSafeHref;

md.core.ruler.push("house_rules", (state) => {
  const top = (state.env as { headingLevel?: number } | undefined)?.headingLevel ?? 2;
  // Headings go under the page's own without skipping a level (WCAG 1.3.1): the levels staff
  // used, in order, become h2, h3, and so on ("## New" alone is an h2), or from `headingLevel`.
  const levels = [
    ...new Set(
      state.tokens.filter((t) => t.type === "heading_open").map((t) => Number(t.tag.slice(1))),
    ),
  ].sort((a, b) => a - b);
  const visit = (tokens: typeof state.tokens) => {
    for (const token of tokens) {
      if (token.type === "heading_open" || token.type === "heading_close") {
        const level = Math.min(6, top + levels.indexOf(Number(token.tag.slice(1))));
        token.tag = `h${level}`;
      }
      if (token.attrs) token.attrs = token.attrs.filter(([name]) => name !== "style");
      if (token.type === "link_open") {
        const href = String(token.attrGet("href") ?? "");
        if (/^(https?:)?\/\//i.test(href)) token.attrSet("rel", "noopener noreferrer nofollow");
      }
      if (token.children) visit(token.children);
    }
  };
  visit(state.tokens);
});

/**
 * Markdown typed by staff, as HTML safe to put in a page. `headingLevel` is the level its first
 * heading takes: 2 under a page's h1 (the default), 4 in an FAQ answer under its h3 question.
 */
export function renderMarkdown(source: string, options: { headingLevel?: number } = {}): string {
  return md.render(source, { headingLevel: options.headingLevel ?? 2 });
}

/** The text of some Markdown, without markup: for a title attribute, a list or a search. */
export function markdownText(source: string): string {
  return renderMarkdown(source)
    .replace(/<[^>]*>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
