import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";

/**
 * PGlite is patched (patches/, docs/decisions/036-import-in-two-threads.md): the length in
 * UTF-8 of every string it sends is counted by Node.js, not a character at a time. A wrong
 * count would cut or pad what the database receives, so text of every width goes through.
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
