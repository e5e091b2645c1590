// Prints the figures that describe how the code base is kept: folders and their imports,
// where SQL is written and how it is typed, the size of the search engine's files, the shape
// of route modules and comments that lean on outside documents. Run it on any checkout:
//   node tests/house-figures.mjs [dir]
// docs/architecture.md says what each rule is for.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? ".");

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "migrations" && name !== "node_modules") yield* files(full);
    } else if (/\.(ts|tsx|mjs|js|css)$/.test(name) && name !== "house-figures.mjs") yield full;
  }
}

const app = [...files(path.join(root, "app"))].map((file) => ({
  file: path.relative(root, file),
  text: readFileSync(file, "utf8"),
}));
const folder = (file) => file.split(path.sep)[1];
const imports = (text) => [...text.matchAll(/^import[^;]*?from "([^"]+)"/gms)].map((m) => m[1]);
const count = (re) => app.reduce((n, { text }) => n + (text.match(re)?.length ?? 0), 0);

const importsBetween = (from, to) =>
  app
    .filter(({ file }) => folder(file) === from)
    .reduce((n, { text }) => n + imports(text).filter((s) => s.startsWith(`~/${to}/`)).length, 0);

const dbClient = app.filter(
  ({ file, text }) =>
    !["models", "db"].includes(folder(file)) &&
    imports(text).some((s) => /^~\/db\/(client|index)/.test(s)),
);
const rawSqlRoutes = app.filter(
  ({ file, text }) => folder(file) === "routes" && /\bsql(<[^`>]*>)?`/.test(text),
);
const lines = (text) => text.split("\n").length;
const searchFiles = app
  .filter(({ file }) => folder(file) === "search")
  .map(({ file, text }) => ({ file, lines: lines(text) }))
  .sort((a, b) => b.lines - a.lines);
const engine = app.find(({ file }) => file === path.join("app", "search", "engine.ts"));

const roleLiteral = /["'](admin|editor|contributor|member)["']/g;
const roleFiles = app.filter(
  ({ file, text }) => !file.endsWith(path.join("lib", "roles.ts")) && roleLiteral.test(text),
);

const subjects = execFileSync("git", ["-C", root, "log", "--format=%s", "-200"], {
  encoding: "utf8",
})
  .trim()
  .split("\n")
  .map((s) => s.length)
  .sort((a, b) => a - b);

const rows = [
  ["files in app/lib", app.filter(({ file }) => folder(file) === "lib").length],
  ["imports lib -> models", importsBetween("lib", "models")],
  ["imports models -> lib", importsBetween("models", "lib")],
  ["files importing the db client outside models/ and db/", dbClient.length],
  ["route modules holding SQL", rawSqlRoutes.length],
  ["sql`` fragments in app/", count(/\bsql`/g)],
  ["typed sql<T>`` fragments in app/", count(/\bsql<[^`>]*>`/g)],
  [
    "query-builder calls (.select/.insert/.update/.delete)",
    count(/\.(select|insert|update|delete)\(/g),
  ],
  ["queryRows uses", count(/\bqueryRows\b/g)],
  ["`as unknown as` in app/", count(/as unknown as/g)],
  ["lines of app/search/engine.ts", engine ? lines(engine.text) : 0],
  ["largest file in app/search", `${searchFiles[0].file} (${searchFiles[0].lines} lines)`],
  ["files in app/search over 400 lines", searchFiles.filter((f) => f.lines > 400).length],
  ["redirect(... setFlash ...) written out", count(/redirect\([^;]*setFlash/gs)],
  ["files with a role string literal (outside lib/roles.ts)", roleFiles.length],
  ['"spec section" / "spec §" in app/ and tests/', 0],
  ["median subject length, last 200 commits", subjects[Math.floor(subjects.length / 2)]],
];
const testsText = [...files(path.join(root, "tests"))].map((f) => readFileSync(f, "utf8"));
const everything = [...app.map(({ text }) => text), ...testsText];
const inText = (re) => everything.reduce((n, text) => n + (text.match(re)?.length ?? 0), 0);
rows[15][1] = inText(/\bspec(\.md)? (section|§)|\bspec §/gi);
rows.push(['"issue N" in app/ and tests/', inText(/\bissues? #?\d+\b/gi)]);
rows.push(["review rounds (r4) in app/ and tests/", inText(/(?<![.\w])r\d{1,2}\b/g)]);

const width = Math.max(...rows.map(([label]) => label.length));
for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
