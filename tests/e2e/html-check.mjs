// The Nu HTML Checker over every HTML document the e2e suite received from the server
// (saved by the page fixture in tests/e2e/fixtures.ts). Any error fails, named with the
// page it came from; an empty folder fails too, so a broken capture cannot pass as clean.
//
// This check is about the HTML: pages link their one stylesheet, which biome and
// tests/check-css.mjs lint.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const DIR = ".tmp/e2e-html";
const files = existsSync(DIR) ? readdirSync(DIR).filter((name) => name.endsWith(".html")) : [];
if (files.length === 0) {
  console.error(`No HTML documents in ${DIR}: run the e2e suite first (npm run test:e2e).`);
  process.exit(1);
}
// Remix's single fetch writes the loaders' data as inline scripts, each between React's
// Suspense markers, after `</html>` (docs/decisions/030-vite-and-single-fetch.md); browsers
// parse them into the end of the body. The check reads that tail where the browser puts it,
// and only a tail of exactly those scripts and markers: anything else after `</html>` stays
// where it is and fails the check.
const STREAM_TAIL =
  /<\/body>\s*<\/html>((?:\s*(?:<!--\/?\$-->|<script\b[^>]*>[\s\S]*?<\/script>))+)\s*$/;
for (const name of files) {
  const html = readFileSync(`${DIR}/${name}`, "utf8");
  const moved = html.replace(STREAM_TAIL, (_, tail) => `${tail}</body></html>`);
  if (moved !== html) writeFileSync(`${DIR}/${name}`, moved);
}

try {
  execFileSync("java", ["-version"], { stdio: "ignore" });
} catch {
  console.error("The Nu HTML Checker needs Java: apt-get install default-jre-headless");
  process.exit(1);
}

const jar = String(createRequire(import.meta.url)("vnu-jar"));
const run = spawnSync(
  "java",
  ["-Xss1m", "-jar", jar, "--errors-only", "--format", "json", ...files.map((f) => `${DIR}/${f}`)],
  { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);
if (run.error) throw run.error;
const { messages } = JSON.parse(run.stderr || '{"messages":[]}');
const errors = messages.filter((m) => m.type === "error" || m.subType === "fatal");
const pageOf = (url) => {
  const file = decodeURIComponent(new URL(url).pathname);
  return readFileSync(file.replace(/\.html$/, ".url"), "utf8");
};
for (const error of errors) {
  console.error(`${pageOf(error.url)}:${error.lastLine ?? "?"}: ${error.message}`);
  if (error.extract) console.error(`    ${error.extract.replace(/\s+/g, " ").trim()}`);
}
console.log(
  `Nu HTML Checker: ${files.length} documents, ${errors.length} error${errors.length === 1 ? "" : "s"}`,
);
process.exit(errors.length === 0 && run.status === 0 ? 0 : 1);
