/**
 * npm run bench:load [-- --count 100000 --duration 60 --connections 200 --members 200 --keep /tmp/load-store]
 * npm run bench:load -- --rate 100 [--duration 60 --members 200 --keep /tmp/load-store]
 *
 * The production server under load (decision 014): a store of `count` generated records (built
 * through the import code, or reused from --keep), `connections` signed-in clients shared among
 * `members` members (each its own member by default; `--members 1`: one member's session on
 * every connection, as a script of theirs would), driven for `duration` seconds by autocannon on loopback, each client sending its
 * next request as soon as the last is answered. The mix: 60% searches of six kinds, 25% record
 * pages, 10% facet "more" pages, 5% exports (a selection of 20 records, then the CSV export:
 * two requests). Prints the request rate, p50/p95/p99 latency, and every answer that was not
 * the expected one. With --rate R the clients are open-loop instead: R requests a second arrive
 * on schedule whether or not the earlier ones were answered, and each latency counts from when
 * its request was due, so a slow answer cannot hide the queue behind it (what members feel).
 * Either way a trivial page (--trivial, /checkemail signed out: the layout and a few lines of
 * React, no session) is then driven the same way on the same server, and each figure is
 * printed beside it as a ratio to what this server and machine can do at all. Before either,
 * the bench waits for a member's search to be answered, then drives the mix for --warmup
 * seconds (default 10) and prints that apart: a fresh start's cold caches are the restart
 * benchmark's business, not the steady state's. The open loop also prints p95 for each 10 s. With DATABASE_URL (a throwaway database: the bench imports into it), two
 * app processes share the load, as the README's "Several processes" runs them.
 * Figures only: the targets are compared by people, not asserted.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { medianAndP95, processCpuMs, startBuiltServer } from "./server";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "200" },
    members: { type: "string", default: "" },
    port: { type: "string", default: "3193" },
    keep: { type: "string", default: "" },
    rate: { type: "string", default: "" },
    trivial: { type: "string", default: "/checkemail" },
    "trivial-duration": { type: "string", default: "15" },
    warmup: { type: "string", default: "10" },
  },
});
const RATE = Number(values.rate || 0);
const WARMUP = Number(values.warmup);
const TRIVIAL = values.trivial;
const TRIVIAL_DURATION = Math.min(Number(values["trivial-duration"]), Number(values.duration));
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

const newTally = (): Tally => ({
  requests: { search: 0, record: 0, facet: 0, select: 0, export: 0 },
  unexpected: new Map(),
  sharedSelectionEmpty: 0,
});

interface Planned {
  kind: Kind;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** One member's requests, in the mix: each call plans the next (a selection, then its export). */
function memberMix(cookie: string): () => Planned {
  let exportNext = false;
  const form = { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie };
  const get = (kind: Kind, path: string): Planned => ({
    kind,
    method: "GET",
    path,
    headers: { Cookie: cookie },
  });
  return () => {
    const roll = Math.random();
    const q = pick(TERMS);
    if (exportNext) {
      exportNext = false;
      return {
        kind: "export",
        method: "POST",
        path: `/export?q=${q}`,
        headers: form,
        body: "exportFormat=csv&exportAll=selection",
      };
    }
    if (roll < 0.6) return get("search", pick(SEARCHES)());
    if (roll < 0.85) return get("record", `/record/${randomId()}`);
    if (roll < 0.95) {
      const facet = pick(["company", "therapeuticArea", "trialPhase"]);
      return get("facet", `/search/facet/${facet}?q=${q}`);
    }
    // An export: select 20 records on this search's page, then export the selection.
    exportNext = true;
    const shown = Array.from({ length: 20 }, randomId);
    const body = new URLSearchParams([
      ["intent", "selectPage"],
      ...shown.map((id) => ["shown", id]),
    ]);
    return {
      kind: "select",
      method: "POST",
      path: `/search?q=${q}`,
      headers: form,
      body: `${body}`,
    };
  };
}

/** Counts an answer, and any that is not what its kind of request must answer. */
function judge(tally: Tally, kind: Kind, status: number) {
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
}

interface Figures {
  rate: number;
  answered: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  /** Open loop: p95 of each 10 s of arrivals, to tell a warm-up or a stall from the steady state. */
  windows?: number[];
}

const percentileOf = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

function figuresOf(times: number[], rate: number, errors: number, timeouts: number): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    rate,
    answered: times.length - errors,
    p50: medianAndP95(times).median,
    p95: percentileOf(sorted, 95),
    p99: percentileOf(sorted, 99),
    max: sorted.at(-1) ?? 0,
    errors,
    timeouts,
  };
}

/** Closed loop: `connections` clients, each sending its next request once answered. */
async function closedLoop(
  bases: string[],
  seconds: number,
  plan: (client: number) => () => Planned,
  tally?: Tally,
): Promise<Figures> {
  let next = 0;
  const times: number[] = [];
  const result = await autocannon({
    // More than one address is allowed (autocannon spreads the connections over them); the types say one.
    url: bases as unknown as string,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    setupClient: (client) => {
      const planNext = plan(next++);
      let kind: Kind = "search";
      client.setRequests([
        {
          setupRequest: (request: Record<string, unknown>) => {
            const planned = planNext();
            kind = planned.kind;
            const { method, path, headers, body } = planned;
            return { ...request, method, path, headers, body };
          },
          onResponse: (status: number) => {
            if (tally) judge(tally, kind, status);
          },
        },
      ] as never);
      client.on("response", (_status, _bytes, responseTime) => times.push(responseTime));
    },
  });
  return figuresOf(times, result.requests.average, result.errors, result.timeouts);
}

/**
 * Open loop: `rate` requests a second for `seconds`, each sent when due whatever is still
 * waiting; a latency runs from when its request was due to the end of its answer.
 */
async function openLoop(
  bases: string[],
  rate: number,
  seconds: number,
  plan: (arrival: number) => Planned,
  tally?: Tally,
): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const total = Math.round(rate * seconds);
  const times: number[] = [];
  const windows: number[][] = [];
  let errors = 0;
  let timeouts = 0;
  const waiting = new Set<Promise<void>>();
  const started = performance.now();
  let ended = started;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const planned = plan(i);
    const url = new URL(planned.path, bases[i % bases.length]);
    const sent = new Promise<void>((resolve) => {
      let finished = false;
      const done = (status: number | null, timedOut = false) => {
        if (finished) return;
        finished = true;
        ended = performance.now();
        times.push(ended - due);
        const window = Math.floor((due - started) / 10_000);
        if (!windows[window]) windows[window] = [];
        windows[window].push(ended - due);
        if (status === null) {
          errors++;
          if (timedOut) timeouts++;
        } else if (tally) judge(tally, planned.kind, status);
        resolve();
      };
      const request = http.request(
        url,
        { method: planned.method, headers: planned.headers, agent, timeout: 10_000 },
        (response) => {
          response.resume();
          response.on("end", () => done(response.statusCode ?? 0));
          response.on("error", () => done(null));
        },
      );
      request.on("timeout", () => {
        request.destroy();
        done(null, true);
      });
      request.on("error", () => done(null));
      request.end(planned.body);
    });
    waiting.add(sent);
    void sent.then(() => waiting.delete(sent));
  }
  await Promise.all(waiting);
  agent.destroy();
  return {
    ...figuresOf(times, total / ((ended - started) / 1000), errors, timeouts),
    windows: windows.map((window) =>
      percentileOf(
        window.sort((a, b) => a - b),
        95,
      ),
    ),
  };
}

/**
 * Waits until a member's search is answered, so that the figures are of a server that can
 * search, not of one still reading its index; returns how long that took.
 */
async function untilSearchable(base: string, cookie: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${base}/search?q=cancer`, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    if (response.ok) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function printFigures(label: string, figures: Figures, trivial: Figures) {
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–");
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(`  ${label}`);
  console.log(
    `    requests/s     ${figures.rate.toFixed(1)} (${figures.answered.toLocaleString("en-GB")} answered); trivial page ${trivial.rate.toFixed(1)}; ratio ${ratio(figures.rate, trivial.rate)}`,
  );
  console.log(
    `    latency        p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)}`,
  );
  console.log(
    `    trivial page   p50 ${ms(trivial.p50)}, p95 ${ms(trivial.p95)}, p99 ${ms(trivial.p99)}; p95 ratio ${ratio(figures.p95, trivial.p95)}`,
  );
  console.log(
    `    errors         ${figures.errors} (timeouts ${figures.timeouts}); trivial page ${trivial.errors}`,
  );
  if (figures.windows)
    console.log(`    p95 by 10 s    ${figures.windows.map((p95) => p95.toFixed(0)).join(", ")} ms`);
}

/** Processor time of the servers and of this bench, to count a phase's cost per request. */
function cpuNow(pids: (number | undefined)[]) {
  const servers = pids.map(processCpuMs);
  const bench = process.cpuUsage();
  return {
    servers: servers.every((ms) => ms !== undefined)
      ? servers.reduce((sum, ms) => sum + (ms ?? 0), 0)
      : undefined,
    bench: (bench.user + bench.system) / 1000,
    at: performance.now(),
  };
}

/** "server 7.6 ms of CPU a request (1.75 cores); bench 1.2 ms": what the phase cost the machine. */
function cpuLine(before: ReturnType<typeof cpuNow>, after: ReturnType<typeof cpuNow>, n: number) {
  const seconds = (after.at - before.at) / 1000;
  const bench = `bench ${((after.bench - before.bench) / Math.max(1, n)).toFixed(2)} ms`;
  if (before.servers === undefined || after.servers === undefined) return bench;
  const used = after.servers - before.servers;
  return `server ${(used / Math.max(1, n)).toFixed(2)} ms of CPU a request (${(used / 1000 / seconds).toFixed(2)} cores busy); ${bench}`;
}

async function drive(bases: string[], cookies: string[], pids: (number | undefined)[]) {
  const tally = newTally();
  const mixes = cookies.map(memberMix);
  const trivial = (): Planned => ({ kind: "search", method: "GET", path: TRIVIAL, headers: {} });
  const label =
    PROCESSES === 1
      ? "one process, embedded database (PGlite)"
      : `${PROCESSES} processes, PostgreSQL server`;
  const who = MEMBERS === 1 ? "one member's session" : `${MEMBERS} members`;
  let figures: Figures;
  let plain: Figures;
  // A server just started has its index to read and its code and caches cold: the first
  // seconds are driven the same way and printed apart, not mixed into the steady figures.
  if (WARMUP > 0) {
    // Mixes of their own: an export the warm-up's end cut off after its selection must not
    // make the measured run begin with an export.
    const warmMixes = cookies.map(memberMix);
    const warm =
      RATE > 0
        ? await openLoop(bases, RATE, WARMUP, (i) => warmMixes[i % warmMixes.length]())
        : await closedLoop(bases, WARMUP, (client) => warmMixes[client % warmMixes.length]);
    console.log(
      `\nwarm-up, not counted below: ${WARMUP} s of the same mix, ${warm.rate.toFixed(1)} req/s, p50 ${warm.p50.toFixed(0)} ms, p95 ${warm.p95.toFixed(0)} ms, ${warm.errors} errors`,
    );
  }
  const cpu = [cpuNow(pids)];
  if (RATE > 0) {
    console.log(`\n${label}: ${RATE} requests a second arriving on schedule (open loop), ${who}`);
    figures = await openLoop(bases, RATE, DURATION, (i) => mixes[i % mixes.length](), tally);
    cpu.push(cpuNow(pids));
    plain = await openLoop(bases, RATE, TRIVIAL_DURATION, trivial);
  } else {
    console.log(`\n${label}: ${CONNECTIONS} signed-in clients (closed loop), ${who}`);
    figures = await closedLoop(bases, DURATION, (client) => mixes[client % mixes.length], tally);
    cpu.push(cpuNow(pids));
    plain = await closedLoop(bases, TRIVIAL_DURATION, () => trivial);
  }
  cpu.push(cpuNow(pids));
  printFigures(
    `the mix for ${DURATION} s; ${TRIVIAL} signed out for ${TRIVIAL_DURATION} s`,
    figures,
    plain,
  );
  const answered = Object.values(tally.requests).reduce((sum, n) => sum + n, 0);
  const unexpected = [...tally.unexpected.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `    mix            ${Object.entries(tally.requests)
      .map(([kind, n]) => `${kind} ${((100 * n) / Math.max(1, answered)).toFixed(0)}%`)
      .join(", ")}`,
  );
  console.log(`    processor      mix: ${cpuLine(cpu[0], cpu[1], figures.answered)}`);
  console.log(`                   trivial page: ${cpuLine(cpu[1], cpu[2], plain.answered)}`);
  console.log(`    unexpected     ${unexpected}`);
  for (const [what, n] of tally.unexpected) console.log(`      ${what}: ${n}`);
  if (tally.sharedSelectionEmpty)
    console.log(
      `    exports that found the shared selection emptied by another connection: ${tally.sharedSelectionEmpty}`,
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
    for (const server of servers) {
      const waited = await untilSearchable(server.base, cookies[0]);
      console.log(`${server.base}: a search answered ${(waited / 1000).toFixed(1)} s after health`);
    }
    await drive(
      servers.map((server) => server.base),
      cookies,
      servers.map((server) => server.pid),
    );
  } finally {
    for (const server of servers) await server.stop();
  }
} finally {
  await closeDb();
  if (!values.keep) rmSync(work, { recursive: true, force: true });
}
