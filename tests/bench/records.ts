/**
 * npm run bench:records [-- --count 100000 --requests 400]
 *
 * 1. Writes a generated catalogue of `count` records to a JSON Lines file and imports it
 *    into a fresh embedded database with `npm run import`, printing the time and the peak
 *    memory (resident set) of the command.
 * 2. Starts the built server on that database and requests record pages for random
 *    hssIds as a signed-in member, printing median and p95 of the server's time.
 * Figures only: targets are compared by people, not asserted.
 */
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { medianAndP95, startBuiltServer } from "./server";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const COUNT = option("count", 100_000);
const REQUESTS = option("requests", 400);
const PORT = option("port", 3190);

const work = mkdtempSync(path.join(os.tmpdir(), "hsd-bench-"));
process.env.DATA_DIR = work;
process.env.DEMO = "0";
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-only-session-secret-of-32-characters";
delete process.env.DATABASE_URL;

const { generateRecord } = await import("~/records/generate");
const { closeDb } = await import("~/db/client.server");
const { createUser } = await import("~/models/users.server");
const { createSession } = await import("~/auth/session.server");

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function writeCatalogue(file: string) {
  const out = createWriteStream(file);
  for (let index = 0; index < COUNT; index++) {
    if (!out.write(`${JSON.stringify(generateRecord(index, { catalogueSize: COUNT }))}\n`))
      await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

/** The peak resident set of a running process so far (Linux's VmHWM), in bytes. */
function peakOf(pid: number) {
  try {
    const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs `npm run import` on the file, as an operator would, into the bench's DATA_DIR. */
async function benchImport(file: string) {
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "app/cli/import-records.ts", file], {
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, peakOf(child.pid ?? 0))), 200);
  const [code] = await once(child, "exit");
  clearInterval(sampler);
  if (code !== 0) throw new Error(`npm run import exited with ${code}: ${output}`);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `import (npm run import, its database in a thread of its own): ${output.trim()}\n` +
      `  ${seconds.toFixed(1)} s from start to exit (${Math.round(COUNT / seconds).toLocaleString("en-GB")} records/s), ` +
      `file ${mb(statSync(file).size)}, peak RSS ${peak ? mb(peak) : "unknown"} (most of it the embedded database's WebAssembly memory; the file is streamed in batches)`,
  );
}

async function benchRecordPage(cookie: string) {
  const { base, stop } = await startBuiltServer(PORT, work);
  try {
    const { hssIdFor } = await import("~/records/generate");
    const get = async (hssId: string) => {
      const started = performance.now();
      const response = await fetch(`${base}/record/${hssId}`, { headers: { Cookie: cookie } });
      const body = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200 || !body.includes("Record change log"))
        throw new Error(`unexpected response for ${hssId}: ${response.status}`);
      return ms;
    };
    // Warm-up: first requests compile queries and fill caches.
    for (let i = 0; i < 20; i++) await get(hssIdFor(i));
    const times: number[] = [];
    let seed = 12345;
    for (let i = 0; i < REQUESTS; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      times.push(await get(hssIdFor(seed % COUNT)));
    }
    const { median, p95, max } = medianAndP95(times);
    console.log(
      `record page (GET /record/{hssId}, signed in, full server render, ${REQUESTS} random records of ${COUNT.toLocaleString("en-GB")}): ` +
        `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`,
    );
  } finally {
    await stop();
  }
}

try {
  const file = path.join(work, "catalogue.jsonl");
  let started = performance.now();
  await writeCatalogue(file);
  console.log(
    `generated ${COUNT.toLocaleString("en-GB")} records (${mb(statSync(file).size)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await benchImport(file);
  const user = await createUser({
    email: "bench@example.org",
    firstName: "Bench",
    lastName: "Member",
    password: "bench-password-123",
    roles: [],
  });
  const cookie = (await createSession(new Request(`http://127.0.0.1:${PORT}`), user.id)).split(
    ";",
  )[0];
  await closeDb();
  started = performance.now();
  await benchRecordPage(cookie);
  console.log(
    `(server start + page benchmark took ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
} finally {
  await closeDb();
  rmSync(work, { recursive: true, force: true });
}
