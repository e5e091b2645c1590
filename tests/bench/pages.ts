/**
 * npm run bench:pages [-- --runs 200 --port 3192]
 *
 * What every page costs before its route's own work (decision 014): the root loader and the
 * session check. Times /about, a page with no loader of its own, on the production server
 * (a fresh embedded database, or DATABASE_URL when set): median and p95 of `runs`
 * requests signed out and signed in, after 20 warm-up requests. Then restarts the server
 * with DB_LOG_QUERIES=1 and counts the SQL statements each kind of request sends.
 * Figures only: targets are compared by people, not asserted.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { medianAndP95, startBuiltServer } from "./server";
import { required } from "../../app/lib/required";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "200" }, port: { type: "string", default: "3192" } },
});
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const WARM_UP = 20;

const work = mkdtempSync(path.join(os.tmpdir(), "hsd-bench-pages-"));
process.env.DATA_DIR = work;
process.env.DEMO = "0";
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-only-session-secret-of-32-characters";
// The embedded database unless the caller points the bench at a server.
const databaseUrl = process.env.DATABASE_URL ?? "";

const { randomUUID } = await import("node:crypto");
const { closeDb } = await import("~/db/client.server");
const { createUser } = await import("~/models/users.server");
const { createSession } = await import("~/auth/session.server");

// Without scheduled jobs in the server, nothing but the requests touches the database.
const serverEnv = { DATABASE_URL: databaseUrl, JOBS_INTERVAL_SECONDS: "0" };
const kinds = (cookie: string) => [
  { name: "signed-out /about", cookie: "" },
  { name: "signed-in /about", cookie },
];

async function get(base: string, cookie: string) {
  const response = await fetch(`${base}/about`, { headers: cookie ? { Cookie: cookie } : {} });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`/about: ${response.status}`);
  return body;
}

async function timePages(cookie: string) {
  const { base, stop } = await startBuiltServer(PORT, work, { env: serverEnv });
  try {
    // A sign-in that did not take would time the wrong page.
    if (!(await get(base, cookie)).includes("My Dashboard"))
      throw new Error("the session cookie did not sign in");
    console.log(
      `/about on the production server (${RUNS} requests each after ${WARM_UP} warm-up, one at a time):`,
    );
    for (const kind of kinds(cookie)) {
      for (let i = 0; i < WARM_UP; i++) await get(base, kind.cookie);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await get(base, kind.cookie);
        times.push(performance.now() - started);
      }
      const { median, p95 } = medianAndP95(times);
      console.log(
        `  ${kind.name.padEnd(20)} median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`,
      );
    }
  } finally {
    await stop();
  }
}

/** The statements the server logs during one request (drizzle prints "Query: ..." for each). */
async function countStatements(cookie: string) {
  let output = "";
  const { base, stop } = await startBuiltServer(PORT, work, {
    env: { ...serverEnv, DB_LOG_QUERIES: "1" },
    onOutput: (text) => (output += text),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  try {
    console.log(
      "\nSQL statements per request (fewest of 5; the outbox sender may add its own now and then):",
    );
    for (const kind of kinds(cookie)) {
      let fewest: string[] | undefined;
      for (let i = 0; i < 5; i++) {
        await settle();
        output = "";
        await get(base, kind.cookie);
        await settle();
        const statements = output.split("Query: ").slice(1);
        if (!fewest || statements.length < fewest.length) fewest = statements;
      }
      const shortest = required(fewest, "a measured request");
      console.log(`  ${kind.name.padEnd(20)} ${shortest.length}`);
      for (const statement of shortest)
        console.log(`    ${statement.replace(/\s+/g, " ").slice(0, 150)}`);
    }
  } finally {
    await stop();
  }
}

try {
  const user = await createUser({
    email: `bench-${randomUUID().slice(0, 8)}@example.org`,
    firstName: "Bench",
    lastName: "Member",
    password: "bench-password-123",
    roles: [],
  });
  const cookie = (await createSession(new Request(`http://127.0.0.1:${PORT}`), user.id)).split(
    ";",
  )[0];
  await closeDb();
  await timePages(cookie);
  await countStatements(cookie);
} finally {
  await closeDb();
  rmSync(work, { recursive: true, force: true });
}
