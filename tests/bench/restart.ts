/**
 * npm run bench:restart [-- --count 100000 --runs 3 --keep /tmp/restart-store]
 *
 * A restart of the production server on a store whose catalogue has not changed: the store
 * holds `count` generated records (imported through the import code, or reused from --keep),
 * and the server is started on it `runs` times in a row. Prints, for each start, how long until
 * a signed-in member's search listed records (asked from the moment the port opens) and until
 * /api/health said ready, and what the server logged about its search index (built from the
 * database, or read back from its snapshot).
 * The first start after an import may have no snapshot yet; the ones after it show a restart.
 * Figures only: targets are compared by people, not asserted.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startBuiltServer } from "./server";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    runs: { type: "string", default: "3" },
    port: { type: "string", default: "3194" },
    keep: { type: "string", default: "" },
  },
});
const COUNT = Number(values.count);
const RUNS = Number(values.runs);
const PORT = Number(values.port);

const work = values.keep
  ? path.resolve(values.keep)
  : mkdtempSync(path.join(os.tmpdir(), "hsd-bench-restart-"));
mkdirSync(work, { recursive: true });
process.env.DATA_DIR = work;
process.env.DEMO = "0";
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-only-session-secret-of-32-characters";
process.env.DATABASE_URL = "";

const { closeDb, getDb, queryRows, sql } = await import("~/db/client.server");
const { createUser } = await import("~/models/users.server");
const { createSession } = await import("~/auth/session.server");
const { writeCatalogue, importFile } = await import("./store");

/** Builds the store unless it holds the records already; then one member and their session. */
async function prepare() {
  const db = await getDb();
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM records WHERE published_version_id IS NOT NULL`,
  );
  if (count >= COUNT) {
    console.log(`reusing the store: ${count.toLocaleString("en-GB")} published records`);
  } else {
    const file = path.join(work, "catalogue.jsonl");
    await writeCatalogue(file, COUNT);
    await importFile(file, "embedded database (PGlite)");
  }
  const user = await createUser({
    email: `restart-${Date.now().toString(36)}@example.org`,
    firstName: "Restart",
    lastName: "Bench",
    password: "restart-password-123",
    roles: [],
  });
  const header = await createSession(new Request(`http://127.0.0.1:${PORT}`), user.id);
  await closeDb();
  return header.split(";")[0];
}

const cookie = await prepare();
try {
  for (let run = 1; run <= RUNS; run++) {
    const logged: string[] = [];
    const started = performance.now();
    let found: string | undefined;
    // Searchable means what a member sees: a search listing records, asked from the moment
    // the port opens (not after /api/health, which waits for every thread's index).
    const { base, stop } = await startBuiltServer(PORT, work, {
      env: { JOBS_INTERVAL_SECONDS: "0" },
      ready: async (at) => {
        const response = await fetch(`${at}/search?q=cancer`, { headers: { Cookie: cookie } });
        const page = await response.text();
        found = /([\d,]+) results?/.exec(page.replace(/<[^>]+>/g, ""))?.[1];
        return response.ok && Boolean(found) && found !== "0";
      },
      onOutput: (text) => {
        for (const line of text.split("\n")) {
          const msg = /"msg":"([^"]*)"/.exec(line)?.[1];
          // When each step of the start was logged, from the spawn.
          const at = `${((performance.now() - started) / 1000).toFixed(2)} s`;
          if (msg && /index|snapshot|listening|database|thread/i.test(msg))
            logged.push(`${at}  ${msg}`);
        }
      },
    });
    const searchable = performance.now() - started;
    try {
      let healthy = performance.now();
      while (!(await fetch(`${base}/api/health`)).ok) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        healthy = performance.now();
      }
      console.log(
        `start ${run}: "cancer" listed ${found} records after ${(searchable / 1000).toFixed(1)} s; /api/health ready (every thread's index in) after ${((healthy - started) / 1000).toFixed(1)} s`,
      );
      for (const msg of logged) console.log(`  server: ${msg}`);
    } finally {
      await stop();
    }
  }
} finally {
  if (!values.keep) rmSync(work, { recursive: true, force: true });
}
