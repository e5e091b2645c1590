/**
 * npm run records:generate -- --count 100000 --out records.jsonl [--format jsonl|json] [--today YYYY-MM-DD]
 * Writes a deterministic demo catalogue in the import format (docs/import-format.md),
 * streamed, so any size works. Each record is written as its current version.
 * --today is the day the catalogue is generated as of (2026-11-01 unless given, so that the
 * same command always writes the same file): records in the pipeline expect events after it
 * (an expected CHMP opinion, a PDUFA date…). Pass today's date for events still to come.
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { generateRecord } from "~/records/generate";

const USAGE =
  "Usage: npm run records:generate -- --count <n> --out <file.jsonl|file.json> [--format jsonl|json] [--today YYYY-MM-DD]";

function parseArgs(argv: string[]) {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith("--") || argv[i + 1] === undefined) return null;
    values.set(argv[i].slice(2), argv[i + 1]);
  }
  const count = Number(values.get("count"));
  const out = values.get("out");
  const format = values.get("format") ?? (out?.endsWith(".json") ? "json" : "jsonl");
  const today = values.get("today");
  const known = ["count", "out", "format", "today"];
  if ([...values.keys()].some((key) => !known.includes(key))) return null;
  if (!Number.isInteger(count) || count < 1 || !out || (format !== "json" && format !== "jsonl"))
    return null;
  if (today && !/^\d{4}-\d{2}-\d{2}$/.test(today)) return null;
  return { count, out, format, today };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const stream = createWriteStream(args.out);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!stream.write(text)) await once(stream, "drain");
  };
  if (args.format === "json") await write("[\n");
  for (let index = 0; index < args.count; index++) {
    const record = JSON.stringify(
      generateRecord(index, { catalogueSize: args.count, today: args.today }),
    );
    await write(
      args.format === "json" ? `${record}${index < args.count - 1 ? "," : ""}\n` : `${record}\n`,
    );
  }
  if (args.format === "json") await write("]\n");
  stream.end();
  await once(stream, "finish");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Wrote ${args.count} records (${(bytes / 1024 / 1024).toFixed(1)} MB, ${args.format}) to ${args.out} in ${seconds} s.`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
