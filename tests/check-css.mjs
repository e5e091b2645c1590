// A part of `npm run lint`: the styles keep the shape docs/design.md describes.
// - Every stylesheet under app/styles/ is imported by app/styles/index.css, once, into one of
//   the cascade layers, so that no rule's place depends on which page loaded it first.
// - Every media and container query uses one of the four breakpoints, in range syntax:
//   `(width < 40rem)` for "below", `(width >= 40rem)` for "from". A one-off width is a sign
//   that a component wants a breakpoint of its own; the four are the house's. One query is in
//   em, the stacked table's `(width < 40em)` in tables.css: its box's font size sets the width
//   each kind of stacked table stacks at (docs/design.md, "The stacked table").
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.join("app", "styles");
const BREAKPOINTS = new Set(["30rem", "40rem", "48rem", "64rem"]);
const LAYERS = new Set(["pico", "base", "components", "utilities"]);

function* files(dir) {
  for (const name of readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (name.endsWith(".css")) yield full;
  }
}

const problems = [];
const index = readFileSync(path.join(ROOT, "index.css"), "utf8");
const imported = new Map();
for (const match of index.matchAll(/@import\s+"([^"]+)"(?:\s+layer\(([\w-]+)\))?\s*;/g)) {
  const [, target, layer] = match;
  if (!layer || !LAYERS.has(layer))
    problems.push(`index.css: ${target} is not imported into a layer`);
  if (target.startsWith(".")) {
    const file = path.join(ROOT, target);
    if (imported.has(file)) problems.push(`index.css: ${target} is imported twice`);
    imported.set(file, layer);
  }
}
for (const file of files(ROOT)) {
  if (file === path.join(ROOT, "index.css")) continue;
  if (!imported.has(file)) problems.push(`${file}: not imported by index.css`);
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, (c) =>
    c.replace(/[^\n]/g, " "),
  );
  for (const match of text.matchAll(/@(media|container)\b([^{]*)\{/g)) {
    const line = text.slice(0, match.index).split("\n").length;
    const query = match[2];
    if (/\b(min|max)-width\b/.test(query))
      problems.push(
        `${file}:${line}: "${query.trim()}" uses min-/max-width; write (width < …) or (width >= …)`,
      );
    for (const width of query.matchAll(/\(\s*width\s*(<|>=|>|<=)\s*([\d.]+[a-z]+)\s*\)/g)) {
      if (width[1] === ">" || width[1] === "<=")
        problems.push(`${file}:${line}: "${width[0]}"; the house writes < and >= only`);
      const stackedTable =
        file === path.join(ROOT, "components", "tables.css") && width[2] === "40em";
      if (!BREAKPOINTS.has(width[2]) && !stackedTable)
        problems.push(
          `${file}:${line}: ${width[2]} is not one of the breakpoints (${[...BREAKPOINTS].join(", ")})`,
        );
    }
  }
}
if (problems.length) {
  console.error(`Styles (docs/design.md, "Where the styles live"):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`Styles: ${imported.size} stylesheets in their layers, every query on a breakpoint.`);
