import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";

/**
 * PGlite is patched (patches/; docs/decisions/036-import-in-two-threads.md and
 * 040-pglite-answers-read-without-copies.md): the length in UTF-8 of every string it sends is
 * counted by Node.js, not a character at a time; a string it receives is decoded from a view of
 * the answer, not a copy; a query's own type parsers are laid over the client's, not merged
 * into a new object; a query may name its statement, which is then prepared once and bound to
 * after (docs/decisions/041-prepared-statements.md). A wrong count or offset would cut, pad or shift text, so text of every
 * width goes through and back; a wrong layering would parse a column with the wrong parser.
 */
const db = await PGlite.create();
afterAll(() => db.close());

describe("PGlite's protocol writer (patched)", () => {
  it("runs the patched file, not the one as published", () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const patched = readdirSync(dist).filter(
      (name) =>
        name.endsWith(".js") &&
        readFileSync(path.join(dist, name), "utf8").includes("nodeByteLength"),
    );
    expect(patched).toHaveLength(1);
    const source = readFileSync(path.join(dist, patched[0]), "utf8");
    expect(source).toContain("Object.assign(Object.create(t),n.parsers)");
    expect(source).toContain("string(t){let n=new Uint8Array(r(this,x).buffer,r(this,w),t)");
    // And the query runner that takes a statement's name (remote-database.test.ts uses it).
    const runner = readdirSync(dist).filter(
      (name) =>
        name.endsWith(".js") &&
        readFileSync(path.join(dist, name), "utf8").includes("let N=r?.statement,n=[],y=N?.types;"),
    );
    expect(runner).toHaveLength(1);
  });

  it("parses with a query's own parser where it has one, with the client's elsewhere", async () => {
    const sql =
      "SELECT now() AS at, 7::int AS n, ARRAY[1, 2]::int[] AS ns, '{\"a\": 1}'::jsonb AS j, true AS b, 'x' AS s";
    const own = await db.query<Record<string, unknown>>(sql, [], {
      parsers: { 1184: (value: string) => `at ${value}` },
    });
    expect(own.rows[0]).toMatchObject({ n: 7, ns: [1, 2], j: { a: 1 }, b: true, s: "x" });
    expect(own.rows[0].at).toMatch(/^at \d{4}-/);
    // The next query without it is parsed by the client's parsers alone.
    const plain = await db.query<Record<string, unknown>>(sql);
    expect(plain.rows[0].at).toBeInstanceOf(Date);
    expect(plain.rows[0]).toMatchObject({ n: 7, ns: [1, 2], j: { a: 1 }, b: true, s: "x" });
  });

  it("reads back several strings of one row, each whole, nulls as null", async () => {
    const texts = ["café", "🧬💊", "", "日本語", "plain"];
    const { rows } = await db.query<Record<string, string | null>>(
      "SELECT $1::text AS a, $2::text AS b, $3::text AS c, NULL::text AS d, $4::text AS e, $5::text AS f",
      texts,
    );
    expect(rows[0]).toEqual({ a: "café", b: "🧬💊", c: "", d: null, e: "日本語", f: "plain" });
  });

  it.each([
    ["ASCII", "hello"],
    ["two-byte letters", "café naïve Ærø"],
    ["three-byte characters", "日本語のテキスト €"],
    ["four-byte characters (surrogate pairs)", "🧬💊 a 𝔘𝔫𝔦𝔠𝔬𝔡𝔢"],
    ["a long mixed text", "é🧬x".repeat(50_000)],
  ])("sends %s whole", async (_, text) => {
    const { rows } = await db.query<{ bytes: number; back: string }>(
      "SELECT octet_length($1::text) AS bytes, $1::text AS back",
      [text],
    );
    expect(rows[0]).toEqual({ bytes: Buffer.byteLength(text, "utf8"), back: text });
  });
});
