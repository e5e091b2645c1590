/**
 * npm run bench:export [-- --count 100000 --sizes 10000,100000 --formats csv,xlsx,xml --keep /path/to/data]
 *
 * 1. Builds a store of `count` generated records in a throwaway embedded database, through
 *    the import code, in a child process (with --keep, in that folder, kept and reused).
 * 2. Exports the first N records of the catalogue in each format (CSV, XLSX with every
 *    field, XML), through the same writer the export page uses, and prints the time and
 *    the growth of the process's resident memory and JS heap (peak over the start, sampled
 *    every 10 ms; PGlite's WebAssembly memory is in the resident figure).
 * Figures only: targets are compared by people, not asserted.
 */
import { spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const COUNT = Number(option("count", "100000"));
const SIZES = option("sizes", "10000,100000")
  .split(",")
  .map(Number)
  .filter((size) => size > 0 && size <= COUNT);
const KEEP = option("keep", "");
const FORMATS = option("formats", "csv,xlsx,xml").split(",");
// The store is built in a child process, so that the import's memory is not in the figures.
const BUILD_ONLY = args.includes("--build-only");

const work = KEEP
  ? path.resolve(KEEP)
  : BUILD_ONLY
    ? path.resolve(option("dir", ""))
    : mkdtempSync(path.join(os.tmpdir(), "hsd-bench-export-"));
mkdirSync(work, { recursive: true });
process.env.DATA_DIR = work;
process.env.DEMO = "0";
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-only-session-secret-of-32-characters";
delete process.env.DATABASE_URL;

const { generateRecord } = await import("~/records/generate");
const { closeDb, getDb, queryRows } = await import("~/db/client.server");
const { sql } = await import("drizzle-orm");
const { applyImport } = await import("~/models/record-import.server");
const { fileChunks } = await import("~/records/read-items.server");
const { writeExportFile } = await import("~/models/exports.server");
const { EXPORT_FORMATS } = await import("~/export/formats");

const settings = { enableStubRecords: true, enableMaaIndications: true };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function buildStore() {
  const db = await getDb();
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM records WHERE published_version_id IS NOT NULL`,
  );
  if (count >= COUNT) {
    console.log(`reusing ${count.toLocaleString("en-GB")} records in ${work}`);
    return;
  }
  const file = path.join(work, "catalogue.jsonl");
  const out = createWriteStream(file);
  for (let index = 0; index < COUNT; index++) {
    if (!out.write(`${JSON.stringify(generateRecord(index, { catalogueSize: COUNT }))}\n`))
      await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  const started = performance.now();
  const report = await applyImport(() => fileChunks(file), {
    mode: "publish",
    source: "cli",
    filename: "catalogue.jsonl",
  });
  console.log(
    `imported ${report.items.toLocaleString("en-GB")} records in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  rmSync(file, { force: true });
}

/** Runs `work` while sampling memory: the time taken and the peak growth over the start. */
async function measured<T>(run: () => Promise<T>) {
  global.gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const started = performance.now();
  try {
    const result = await run();
    return {
      result,
      seconds: (performance.now() - started) / 1000,
      rss: peakRss - start.rss,
      heap: peakHeap - start.heapUsed,
    };
  } finally {
    clearInterval(timer);
  }
}

if (BUILD_ONLY) {
  await buildStore();
  await closeDb();
  process.exit(0);
}

try {
  const built = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1], ...args, "--build-only", "--dir", work],
    { stdio: "inherit" },
  );
  if (built.status !== 0) throw new Error("building the store failed");
  const db = await getDb();
  const ids = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM records WHERE published_version_id IS NOT NULL ORDER BY id`,
    )
  ).map((row) => row.id);
  const out = mkdtempSync(path.join(os.tmpdir(), "hsd-bench-export-files-"));
  // One small export first, so that module loading and the first queries are not timed.
  await writeExportFile(path.join(out, "warm.csv"), "csv", ids.slice(0, 100), settings, { db });
  console.log(
    `\nExports from a ${ids.length.toLocaleString("en-GB")}-record store (embedded database, one process):`,
  );
  for (const size of SIZES) {
    for (const format of EXPORT_FORMATS.filter((name) => FORMATS.includes(name))) {
      const file = path.join(out, `export-${size}.${format}`);
      const { result, seconds, rss, heap } = await measured(() =>
        writeExportFile(file, format, ids.slice(0, size), settings, { db }),
      );
      console.log(
        `  ${`${size.toLocaleString("en-GB")} records, ${format}`.padEnd(24)} ${seconds.toFixed(1).padStart(6)} s   file ${mb(statSync(file).size).padStart(7)}   peak memory growth: resident ${mb(rss).padStart(6)}, JS heap ${mb(heap).padStart(6)}   (${result.toLocaleString("en-GB")} written)`,
      );
      rmSync(file, { force: true });
    }
  }
  rmSync(out, { recursive: true, force: true });
} finally {
  await closeDb();
  if (!KEEP && existsSync(work)) rmSync(work, { recursive: true, force: true });
}
