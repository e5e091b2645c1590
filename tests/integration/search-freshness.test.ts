import { type ChildProcessByStdio, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createInterface, type Interface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { applyImport } from "~/models/record-import.server";
import { discardStaged, publishStaged } from "~/models/records.server";
import { searchRecords } from "~/models/search.server";
import { textChunks } from "~/records/read-items.server";
import type { HssRecordInput } from "~/records/schema.server";
import { loader as searchLoader } from "~/routes/search";
import { DEFAULT_SEARCH } from "~/search/request";
import { args, getRequest, makeUser, sessionCookie } from "../factories";
import { exampleRecords, jsonLines, progressedExample } from "../records";
import { asResponse } from "../route-result";

/**
 * The search index is never stale: a publish (or discard) is seen by the very next search,
 * in this process and in any other process against the same database.
 */

const settings = { enableStubRecords: true, enableMaaIndications: true };
const find = async (phrase: string) => {
  const result = await searchRecords({ ...DEFAULT_SEARCH, searchPhrase: phrase }, settings, {
    facets: false,
  });
  return {
    total: result.total,
    hssIds: result.hits.map((hit) => hit.hssId),
    titles: result.hits.map((hit) => hit.title),
  };
};
const publish = (records: unknown[], mode: "publish" | "preview" = "publish") =>
  applyImport(() => textChunks(jsonLines(records)), {
    mode,
    source: "cli",
    filename: "fresh.jsonl",
  });
/** A record with a word no other record holds. */
const marked = (record: HssRecordInput, word: string): HssRecordInput => ({
  ...record,
  title: `${record.title} ${word}`,
});
const newWord = () => `zq${randomUUID().replaceAll("-", "").slice(0, 10)}`;

describe("a publish is seen by the very next search", () => {
  it("in this process: imports, staged publishes and discards", async () => {
    const [a, b] = exampleRecords();
    const word = newWord();
    expect((await find(word)).total).toBe(0);
    await publish([marked(a, word)]);
    expect(await find(word)).toMatchObject({ total: 1, hssIds: [a.hssId] });

    // A new version replaces the old one in the index: the old word is gone, the new one found.
    const other = newWord();
    await publish([marked(progressedExample(a), other)]);
    expect((await find(word)).total).toBe(0);
    expect(await find(other)).toMatchObject({ total: 1, hssIds: [a.hssId] });

    // Staged versions are not searchable until published; a discarded new record never is.
    const staged = newWord();
    await publish([marked(b, staged)], "preview");
    expect((await find(staged)).total).toBe(0);
    await publishStaged([b.hssId]);
    expect(await find(staged)).toMatchObject({ total: 1, hssIds: [b.hssId] });
    const [c] = exampleRecords();
    const discarded = newWord();
    await publish([marked(c, discarded)], "preview");
    await discardStaged([c.hssId]);
    expect((await find(discarded)).total).toBe(0);
  });
});

describe("the search page", () => {
  it("sees a publish by the catalogue version it reads with the session, without asking again", async () => {
    const cookie = await sessionCookie(await makeUser());
    const total = async (phrase: string) => {
      const response = asResponse(
        await searchLoader(args(getRequest(`/search?q=${phrase}`, cookie))),
      );
      return ((await response.json()) as { result: { total: number } }).result.total;
    };
    const [a] = exampleRecords();
    const word = newWord();
    expect(await total(word)).toBe(0);
    await publish([marked(a, word)]);
    expect(await total(word)).toBe(1);
    const other = newWord();
    await publish([marked(progressedExample(a), other)]);
    expect(await total(word)).toBe(0);
    expect(await total(other)).toBe(1);
  });
});

// Two processes need one database server: this part runs where DATABASE_URL is set (CI runs
// the integration tests again against PostgreSQL); the embedded database belongs to one process.
describe.runIf(Boolean(process.env.DATABASE_URL))(
  "a publish is seen by the very next search of another process",
  () => {
    let peer: ChildProcessByStdio<Writable, Readable, null>;
    let lines: Interface;
    const ask = async (message: unknown) => {
      const answer = new Promise<string>((resolve) => lines.once("line", resolve));
      peer.stdin.write(`${JSON.stringify(message)}\n`);
      return JSON.parse(await answer) as { total: number; hssIds: string[]; titles: string[] };
    };
    afterAll(() => {
      peer?.stdin?.end();
      peer?.kill();
    });

    it("both ways, with no wait between the publish and the search", async () => {
      peer = spawn(process.execPath, ["--import", "tsx", "tests/search-peer.ts"], {
        stdio: ["pipe", "pipe", "inherit"],
        env: process.env,
      });
      lines = createInterface({ input: peer.stdout });
      const [a, b] = exampleRecords();
      const word = newWord();
      // The peer builds its index now, before anything below is published.
      expect((await ask({ search: { ...DEFAULT_SEARCH, searchPhrase: word } })).total).toBe(0);

      await publish([marked(a, word)]);
      expect(await ask({ search: { ...DEFAULT_SEARCH, searchPhrase: word } })).toMatchObject({
        total: 1,
        hssIds: [a.hssId],
      });

      const changed = newWord();
      await publish([marked(progressedExample(a), changed)]);
      expect((await ask({ search: { ...DEFAULT_SEARCH, searchPhrase: word } })).total).toBe(0);
      expect(await ask({ search: { ...DEFAULT_SEARCH, searchPhrase: changed } })).toMatchObject({
        total: 1,
        hssIds: [a.hssId],
      });

      const theirs = newWord();
      await ask({ publish: [marked(b, theirs)] });
      expect(await find(theirs)).toMatchObject({ total: 1, hssIds: [b.hssId] });
    }, 120_000);
  },
);
