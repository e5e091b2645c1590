// A part of `npm run lint`: no table or column of the schema is spelled out in SQL text in
// app/. Queries name them through the schema (`${schema.records.hssId}`), so that renaming
// or dropping a column breaks the type check at every query that reads it
// (docs/decisions/029-typed-sql.md). Reads the names from app/db/schema.ts and looks at the
// literal parts of every sql`…` template, skipping the `${…}` parts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const schemaText = readFileSync("app/db/schema.ts", "utf8");
const tables = new Set([...schemaText.matchAll(/pgTable\(\s*"([a-z_0-9]+)"/g)].map((m) => m[1]));
// Column names with an underscore are specific enough to look for; one-word names (id, title,
// version) would match SQL's own words and aliases.
const columns = new Set(
  [...schemaText.matchAll(/\b[a-z]+\(\s*"([a-z0-9]+_[a-z0-9_]+)"/g)].map((m) => m[1]),
);
for (const table of tables) columns.delete(table);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== "migrations") yield* files(full);
    } else if (/\.(ts|tsx)$/.test(name) && full !== path.join("app", "db", "schema.ts")) yield full;
  }
}

/** The literal text of each sql`…` template in `text`, with its line, `${…}` parts left out. */
function* sqlLiterals(text) {
  const tag = /\bsql(?:<[^`>]*>)?`/g;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    let i = match.index + match[0].length;
    let literal = "";
    while (i < text.length && text[i] !== "`") {
      if (text[i] === "$" && text[i + 1] === "{") {
        // Skip the expression, nested braces and templates included.
        let depth = 1;
        i += 2;
        while (i < text.length && depth > 0) {
          if (text[i] === "{") depth += 1;
          else if (text[i] === "}") depth -= 1;
          else if (text[i] === "`") {
            i += 1;
            while (i < text.length && text[i] !== "`") i += text[i] === "\\" ? 2 : 1;
          }
          i += 1;
        }
        literal += " ? ";
        continue;
      }
      literal += text[i];
      i += 1;
    }
    tag.lastIndex = i + 1;
    yield { literal, line: text.slice(0, match.index).split("\n").length };
  }
}

const problems = [];
for (const file of files("app")) {
  const text = readFileSync(file, "utf8");
  for (const { literal, line } of sqlLiterals(text)) {
    // Quoted strings in the SQL ('weekly', jsonb keys) are values, not names; the columns of a
    // derived row set (`AS x(record_id int, …)`, then `x.record_id`) are the query's own.
    const words =
      literal
        .replace(/'[^']*'/g, "''")
        .replace(/\bAS\s+[a-z_]+\s*\([^)]*\)/gi, " ")
        .replace(/\b[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*/g, (qualified) =>
          tables.has(qualified.split(".")[0]) ? qualified : " ",
        )
        .match(/"?[a-z_][a-z0-9_]*"?/g) ?? [];
    for (const raw of words) {
      const word = raw.replaceAll('"', "");
      if (tables.has(word) || columns.has(word))
        problems.push(`${file}:${line}: "${word}" is spelled out; use the schema's reference`);
    }
  }
}
if (problems.length) {
  console.error(
    `${problems.join("\n")}\n\nSQL names tables and columns through app/db/schema.ts (docs/decisions/029-typed-sql.md).`,
  );
  process.exit(1);
}
console.log(`SQL check: ${tables.size} tables, ${columns.size} column names, none spelled out.`);
