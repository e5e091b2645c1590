/**
 * npm run bench:hir [-- --megabytes 50]
 *
 * A HIR's PDF into the embedded database and back (decision 020): stores a generated PDF of the
 * given size as an upload is stored (storeHirFile, 64 KB pieces, checked as a PDF on the
 * way), then streams it out as a download does (hirFileStream), and prints the time and how
 * much the process grew. The file is never held whole by either step: the growth should stay
 * far below the file's size, whatever the size.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { megabytes: { type: "string", default: "50" } } });
const megabytes = Number(values.megabytes);

const work = mkdtempSync(path.join(os.tmpdir(), "hsd-bench-hir-"));
process.env.DATA_DIR = work;
process.env.DEMO = "0";
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-only-session-secret-of-32-characters";
delete process.env.DATABASE_URL;

const { PDFDocument } = await import("pdf-lib");
const { closeDb, getDb } = await import("~/db/client.server");
const { hirFileStream, storeHirFile } = await import("~/models/hirs.server");

/** A PDF of about `bytes`: one page, and an attachment of seeded noise (PDFs compress little). */
async function bigPdf(bytes: number) {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const noise = new Uint8Array(bytes - 2048);
  let seed = 7;
  for (let i = 0; i < noise.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    noise[i] = seed >>> 24;
  }
  await pdf.attach(noise, "noise.bin", { mimeType: "application/octet-stream" });
  return pdf.save();
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
try {
  const db = await getDb();
  const bytes = await bigPdf(megabytes * 1024 * 1024 - 64 * 1024);
  async function* pieces() {
    for (let at = 0; at < bytes.byteLength; at += 65_536) yield bytes.subarray(at, at + 65_536);
  }
  // The PDF itself is the benchmark's, held on purpose: growth is measured beyond it.
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);

  let started = performance.now();
  const stored = await storeHirFile(pieces(), db);
  if ("error" in stored) throw new Error(stored.error);
  const storeMs = performance.now() - started;
  const afterStore = peak;

  started = performance.now();
  let read = 0;
  const reader = hirFileStream(stored.fileId, db).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
  }
  const readMs = performance.now() - started;
  clearInterval(sample);
  if (read !== bytes.byteLength) throw new Error(`read ${read} of ${bytes.byteLength} bytes`);

  console.log(`A ${mb(bytes.byteLength)} PDF, embedded database, one process:`);
  console.log(
    `  upload (store in 256 KB chunks, PDF check)  ${storeMs.toFixed(0).padStart(6)} ms   ${(bytes.byteLength / 1024 / 1024 / (storeMs / 1000)).toFixed(0)} MB/s   process grew ${mb(afterStore - base)}`,
  );
  console.log(
    `  download (stream 4 chunks per statement)    ${readMs.toFixed(0).padStart(6)} ms   ${(bytes.byteLength / 1024 / 1024 / (readMs / 1000)).toFixed(0)} MB/s   process grew ${mb(peak - base)} in all`,
  );
} finally {
  await closeDb();
  rmSync(work, { recursive: true, force: true });
}
