/**
 * npm run bench:load [-- --count 100000 --duration 60 --connections 200 --members 200 --keep /tmp/load-store]
 *
 * The production server under load (decision 014): a store of `count` generated records (built
 * through the import code, or reused from --keep), `connections` signed-in clients shared among
 * `members` members (each its own member by default; `--members 1`: one member's session on
 * every connection, as a script of theirs would), driven for `duration` seconds by autocannon on loopback, each client sending its
 * next request as soon as the last is answered. The mix: 60% searches of six kinds, 25% record
 * pages, 10% facet "more" pages, 5% exports (a selection of 20 records, then the CSV export:
 * two requests). Prints the request rate, p50/p95/p99 latency, and every answer that was not
 * the expected one. With DATABASE_URL (a throwaway database: the bench imports into it), two
 * app processes share the load, as the README's "Several processes" runs them.
 * Figures only: the targets are compared by people, not asserted.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { medianAndP95, startBuiltServer } from "./server";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "200" },
    members: { type: "string", default: "" },
    port: { type: "string", default: "3193" },
    keep: { type: "string", default: "" },
  },
});
const COUNT = Number(values.count);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const MEMBERS = Number(values.members || values.connections);
const PORT = Number(values.port);
const POSTGRES_URL = process.env.DATABASE_URL ?? "";
const PROCESSES = POSTGRES_URL ? 2 : 1;

const work = values.keep
  ? path.resolve(values.keep)
  : mkdtempSync(path.join(os.tmpdir(), "hsd-bench-load-"));
mkdirSync(work, { recursive: true });
process.env.DATA_DIR = work;
process.env.DEMO = "0";
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-only-session-secret-of-32-characters";

const { closeDb, getDb, queryRows, sql } = await import("~/db/client.server");
const { createUser } = await import("~/models/users.server");
const { createSession } = await import("~/auth/session.server");
const { hssIdFor } = await import("~/records/generate");
const { writeCatalogue, importFile } = await import("./store");

/** Builds the store unless it holds the records already; then the members, a session each. */
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
    await importFile(file, POSTGRES_URL ? "PostgreSQL server" : "embedded database (PGlite)");
  }
  const run = Date.now().toString(36);
  const cookies: string[] = [];
  for (let client = 0; client < MEMBERS; client++) {
    const user = await createUser({
      email: `load-${run}-${client}@example.org`,
      firstName: "Load",
      lastName: `Client ${client}`,
      password: "load-password-123",
      roles: [],
    });
    const header = await createSession(new Request(`http://127.0.0.1:${PORT}`), user.id);
    cookies.push(header.split(";")[0]);
  }
  await closeDb();
  return cookies;
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
const randomId = () => hssIdFor(Math.floor(Math.random() * COUNT));
const TERMS = ["cancer", "diabetes", "asthma", "arthritis", "leukaemia", "vaccine", "migraine"];
/** Six kinds of search, as members use them. */
const SEARCHES = [
  () => `/search?q=${pick(TERMS)}`,
  () => `/search?q=${encodeURIComponent(`"lung cancer"`)}&f=trialPhase:Phase%20III`,
  () => `/search?sort=lastUpdated&page=${1 + Math.floor(Math.random() * 5)}`,
  () => `/search?q=${pick(TERMS)}&sort=title&page=2`,
  () => `/search?q=${pick(TERMS)}&luFrom=2024-01-01&luTo=2026-12-31`,
  () =>
    `/advancedsearch?join=and&field=company&op=contains&value=${pick(["Nov", "Ph", "Ro", "As"])}`,
] as const;

type Kind = "search" | "record" | "facet" | "select" | "export";
/** What each kind of request must answer (anything else is counted as an error). */
const EXPECTED: Record<Kind, number> = {
  search: 200,
  record: 200,
  facet: 200,
  select: 303,
  export: 303,
};

interface Tally {
  requests: Record<Kind, number>;
  unexpected: Map<string, number>;
  /** Exports that found the shared selection emptied by another connection (expected). */
  sharedSelectionEmpty: number;
}

function clientRequests(cookie: string, tally: Tally) {
  let exportNext = false;
  let kind: Kind = "search";
  const form = { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie };
  return [
    {
      setupRequest: (request: Record<string, unknown>) => {
        const roll = Math.random();
        const q = pick(TERMS);
        if (exportNext) {
          exportNext = false;
          kind = "export";
          return {
            ...request,
            method: "POST",
            path: `/export?q=${q}`,
            headers: form,
            body: "exportFormat=csv&exportAll=selection",
          };
        }
        if (roll < 0.6) {
          kind = "search";
          return {
            ...request,
            method: "GET",
            path: pick(SEARCHES)(),
            headers: { Cookie: cookie },
            body: undefined,
          };
        }
        if (roll < 0.85) {
          kind = "record";
          return {
            ...request,
            method: "GET",
            path: `/record/${randomId()}`,
            headers: { Cookie: cookie },
            body: undefined,
          };
        }
        if (roll < 0.95) {
          kind = "facet";
          const facet = pick(["company", "therapeuticArea", "trialPhase"]);
          return {
            ...request,
            method: "GET",
            path: `/search/facet/${facet}?q=${q}`,
            headers: { Cookie: cookie },
            body: undefined,
          };
        }
        // An export: select 20 records on this search's page, then export the selection.
        kind = "select";
        exportNext = true;
        const shown = Array.from({ length: 20 }, randomId);
        const body = new URLSearchParams([
          ["intent", "selectPage"],
          ...shown.map((id) => ["shown", id]),
        ]);
        return {
          ...request,
          method: "POST",
          path: `/search?q=${q}`,
          headers: form,
          body: body.toString(),
        };
      },
      onResponse: (status: number) => {
        tally.requests[kind] += 1;
        // Connections that share a member share one selection: another connection's export may
        // have emptied it just before, and the export page then says there is nothing to export.
        if (kind === "export" && status === 400 && MEMBERS < CONNECTIONS) {
          tally.sharedSelectionEmpty++;
          return;
        }
        if (status !== EXPECTED[kind]) {
          const key = `${kind} answered ${status}`;
          tally.unexpected.set(key, (tally.unexpected.get(key) ?? 0) + 1);
        }
      },
    },
  ];
}

async function drive(bases: string[], cookies: string[]) {
  const tally: Tally = {
    requests: { search: 0, record: 0, facet: 0, select: 0, export: 0 },
    unexpected: new Map(),
    sharedSelectionEmpty: 0,
  };
  let next = 0;
  const times: number[] = [];
  const result = await autocannon({
    // More than one address is allowed (autocannon spreads the connections over them); the types say one.
    url: bases as unknown as string,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    setupClient: (client) => {
      const cookie = cookies[next++ % cookies.length];
      client.setRequests(clientRequests(cookie, tally) as never);
      client.on("response", (_status, _bytes, responseTime) => times.push(responseTime));
    },
  });
  const answered = Object.values(tally.requests).reduce((sum, n) => sum + n, 0);
  const unexpected = [...tally.unexpected.values()].reduce((sum, n) => sum + n, 0);
  const label =
    PROCESSES === 1
      ? "one process, embedded database (PGlite)"
      : `${PROCESSES} processes, PostgreSQL server`;
  console.log(
    `\n${label}: ${CONNECTIONS} signed-in clients, ${MEMBERS === 1 ? "one member's session" : `${MEMBERS} members`}, for ${DURATION} s`,
  );
  console.log(
    `  requests/s       ${result.requests.average.toFixed(1)} (${answered.toLocaleString("en-GB")} answered)`,
  );
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const { median } = medianAndP95(times);
  console.log(
    `  latency          p50 ${median.toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms, p99 ${at(99).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`,
  );
  console.log(
    `  mix              ${Object.entries(tally.requests)
      .map(([kind, n]) => `${kind} ${((100 * n) / Math.max(1, answered)).toFixed(0)}%`)
      .join(", ")}`,
  );
  console.log(
    `  errors           ${result.errors} (timeouts ${result.timeouts}), unexpected answers ${unexpected}`,
  );
  for (const [what, n] of tally.unexpected) console.log(`    ${what}: ${n}`);
  if (tally.sharedSelectionEmpty)
    console.log(
      `  exports that found the shared selection emptied by another connection: ${tally.sharedSelectionEmpty}`,
    );
}

try {
  const cookies = await prepare();
  // Several processes on two cores: one app thread each (see "Threads" in the README).
  const threads: Record<string, string> = PROCESSES > 1 ? { APP_THREADS: "1" } : {};
  const env = {
    DATABASE_URL: POSTGRES_URL,
    JOBS_INTERVAL_SECONDS: "0",
    LOG_LEVEL: "warn",
    ...threads,
  };
  const servers = [];
  for (let i = 0; i < PROCESSES; i++) servers.push(await startBuiltServer(PORT + i, work, { env }));
  try {
    await drive(
      servers.map((server) => server.base),
      cookies,
    );
  } finally {
    for (const server of servers) await server.stop();
  }
} finally {
  await closeDb();
  if (!values.keep) rmSync(work, { recursive: true, force: true });
}
