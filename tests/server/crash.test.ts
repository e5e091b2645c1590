import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, inject, it } from "vitest";
import { startServer, stopServer } from "./harness";

/**
 * Crash safety of the embedded database: a writer is killed with SIGKILL at a random moment,
 * then the app starts again on the same folder, round after round. Odd rounds kill an import
 * (one transaction); even rounds kill the app during a stream of profile updates. After each:
 * the database opens, every acknowledged write is there, nothing half-written is (an import is
 * all there or not at all), and the search index holds what the database does.
 *
 * `npm test` runs 4 rounds over 5,000 records; `npm run test:soak` runs 20 over 20,000
 * (CRASH_ROUNDS, CRASH_RECORDS). The kill moments come from the run's TEST_SEED (printed at
 * the start of the run); CRASH_SEED=n replays one file's.
 */

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 4);
const RECORDS = Number(process.env.CRASH_RECORDS ?? 5_000);
const seed = Number(process.env.CRASH_SEED ?? inject("testSeed"));
let state = seed;
/** A small seeded generator (mulberry32), so a failing run can be replayed. */
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const run = promisify(execFile);

/** Two versions of the same records: A's titles, and B's with " (revised)". */
async function importFiles(folder: string) {
  const a = path.join(folder, "a.jsonl");
  await run(process.execPath, [
    "--import",
    "tsx",
    "app/cli/generate-records.ts",
    "--count",
    String(RECORDS),
    "--out",
    a,
    "--today",
    "2026-11-01",
  ]);
  const b = path.join(folder, "b.jsonl");
  const revised = readFileSync(a, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const record = JSON.parse(line);
      record.title = `${record.title} (revised)`;
      return JSON.stringify(record);
    });
  writeFileSync(b, `${revised.join("\n")}\n`);
  return { a, b };
}

/** What the folder's database holds: published records, how many carry the revision, a name. */
async function inspect(dataDir: string) {
  const db = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    extensions: { pg_trgm },
  });
  try {
    const [records] = (
      await db.query<{ published: number; revised: number }>(
        `SELECT count(*)::int AS published,
                count(*) FILTER (WHERE v.document->>'title' LIKE '% (revised)')::int AS revised
           FROM records r JOIN record_versions v ON v.id = r.published_version_id`,
      )
    ).rows;
    const [member] = (
      await db.query<{ first_name: string }>(
        "SELECT first_name FROM users WHERE email = 'member@example.org'",
      )
    ).rows;
    return { ...records, firstName: member.first_name };
  } finally {
    await db.close();
  }
}

function kill(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  return exited;
}

describe("crash safety of the embedded database", () => {
  it(
    `survives ${ROUNDS} kills (SIGKILL) mid-write with nothing lost and nothing half-written (seed ${seed})`,
    async () => {
      const folder = mkdtempSync(path.join(os.tmpdir(), "hsd-crash-"));
      const files = await importFiles(folder);
      const first = await startServer();
      const dataDir = first.dataDir;
      await stopServer(first);
      // One import to the end, timed: the kills then fall anywhere within an import's length.
      const started = performance.now();
      await run(process.execPath, ["--import", "tsx", "app/cli/import-records.ts", files.a], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      });
      const importMs = performance.now() - started;
      /** The content the imports last left: A or B (or none, had the first not been kept). */
      let imported: "none" | "a" | "b" = "a";
      let acknowledgedName = (await inspect(dataDir)).firstName;
      const outcomes: string[] = [];

      for (let round = 1; round <= ROUNDS; round++) {
        let inFlightName: string | null = null;
        if (round % 2 === 1) {
          // An import of RECORDS records, killed at a random moment of it.
          const file = imported === "a" ? files.b : files.a;
          const importer = spawn(
            process.execPath,
            ["--import", "tsx", "app/cli/import-records.ts", file],
            {
              env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
              stdio: ["ignore", "pipe", "pipe"],
            },
          );
          let output = "";
          importer.stdout?.on("data", (chunk) => {
            output += chunk;
          });
          const finished = new Promise((resolve) => importer.once("exit", resolve));
          const at = random() * importMs;
          const done = await Promise.race([finished.then(() => true), sleep(at).then(() => false)]);
          if (!done) await kill(importer);
          const reported = /Imported \d+ item/.test(output);
          outcomes.push(
            `round ${round}: import ${done ? "finished" : `killed at ${Math.round(at)} ms`}${reported ? " (reported)" : ""}`,
          );
          const content = await inspect(dataDir).catch((error: Error) => {
            throw new Error(
              `round ${round}: the database did not open after the kill: ${error.message}`,
            );
          });
          // All of the file or none of it.
          expect([0, RECORDS], `round ${round}: published records`).toContain(content.published);
          expect([0, content.published], `round ${round}: revised titles`).toContain(
            content.revised,
          );
          const now = content.published === 0 ? "none" : content.revised ? "b" : "a";
          // A reported import is there; an unreported one may or may not be (killed after its commit).
          if (reported) expect(now, `round ${round}`).toBe(file === files.a ? "a" : "b");
          else expect([imported, file === files.a ? "a" : "b"], `round ${round}`).toContain(now);
          outcomes.push(
            `${outcomes.pop()}: ${now === imported ? "rolled back whole" : `all ${RECORDS} records there`}`,
          );
          imported = now;
        } else {
          // The app, killed during a stream of profile updates; each 303 is a committed write.
          const server = await startServer({ dataDir });
          const member = await server.signIn("member@example.org");
          const at = 200 + random() * 2_000;
          let stop = false;
          const writer = (async () => {
            for (let n = 1; !stop; n++) {
              const name = `Round${round}n${n}`;
              inFlightName = name;
              const response = await fetch(`${server.base}/myaccount/profile`, {
                method: "POST",
                redirect: "manual",
                headers: {
                  Cookie: member,
                  Origin: server.base,
                  "Content-Type": "application/x-www-form-urlencoded",
                },
                body: new URLSearchParams({
                  firstName: name,
                  lastName: "Crash",
                  email: "member@example.org",
                }),
              }).catch(() => null);
              if (!response) return; // killed mid-request
              expect(response.status).toBe(303);
              acknowledgedName = name;
            }
          })();
          await sleep(at);
          await kill(server.child);
          stop = true;
          await writer;
          outcomes.push(
            `round ${round}: app killed at ${Math.round(at)} ms, last acknowledged ${acknowledgedName}`,
          );
          const content = await inspect(dataDir);
          // The last acknowledged name, or the one in flight when the process died.
          expect([acknowledgedName, inFlightName], `round ${round}: the member's name`).toContain(
            content.firstName,
          );
          outcomes.push(
            `${outcomes.pop()}; found ${content.firstName === acknowledgedName ? "it" : `${content.firstName} (the write in flight, committed)`}`,
          );
          acknowledgedName = content.firstName;
        }
        // The app starts on the folder, and its search index holds what the database does.
        const server = await startServer({ dataDir });
        const member = await server.signIn("member@example.org");
        const health = await (
          await fetch(`${server.base}/api/health`, { headers: { Cookie: member } })
        ).json();
        expect(health.searchIndex.records, `round ${round}: indexed records`).toBe(
          imported === "none" ? 0 : RECORDS,
        );
        const search = await fetch(`${server.base}/search?q=revised`, {
          headers: { Cookie: member },
        });
        const html = await search.text();
        const count = /(\d[\d,]*) results?/.exec(html)?.[1]?.replace(/,/g, "");
        if (imported === "b")
          expect(Number(count), `round ${round}: 'revised' results`).toBe(RECORDS);
        expect(await stopServer(server)).toBe(0);
      }
      console.log(
        `crash safety, seed ${seed}, a whole import ${Math.round(importMs)} ms:\n  ${outcomes.join("\n  ")}`,
      );
    },
    30 * 60_000,
  );
});
