/**
 * A second app process for the freshness test: it opens the same database (DATABASE_URL),
 * keeps its own search index, and answers one JSON request per line on standard input
 * with one JSON line on standard output: {"search": SearchRequest} or {"publish": [records]}.
 */
import { createInterface } from "node:readline";
import { applyImport } from "~/models/record-import.server";
import { searchRecords } from "~/models/search.server";
import { textChunks } from "~/records/read-items.server";
import type { SearchRequest } from "~/search/request";

const settings = { enableStubRecords: true, enableMaaIndications: true };

for await (const line of createInterface({ input: process.stdin })) {
  const message = JSON.parse(line) as { search?: SearchRequest; publish?: unknown[] };
  let answer: unknown;
  if (message.search) {
    const result = await searchRecords(message.search, settings, { facets: false });
    answer = {
      total: result.total,
      hssIds: result.hits.map((hit) => hit.hssId),
      titles: result.hits.map((hit) => hit.title),
    };
  } else if (message.publish) {
    const text = message.publish.map((record) => JSON.stringify(record)).join("\n");
    await applyImport(() => textChunks(text), {
      mode: "publish",
      source: "cli",
      filename: "peer.jsonl",
    });
    answer = { published: message.publish.length };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
process.exit(0);
