/**
 * npm run bench:home [-- --count 100000 --runs 100 --port 3193 --keep /tmp/store]
 *
 * What the signed-in home page costs on a catalogue of `count` generated records:
 * 1. Builds a store in a throwaway embedded database through the import code (or reuses the
 *    one kept in the --keep folder): the records, dated a year ahead so that their timelines
 *    run past today, then a new version of 2% of them published 3 days ago (the week's changes).
 * 2. Times the home loader in-process, and each of its parts, the search index built first:
 *    the first call (the first home page after a publish pays for the index's sorted dates)
 *    and the median and p95 of `runs` calls after it.
 * 3. Times the whole page on the production server, signed in as a member with 5 saved searches.
 * Figures only: targets are compared by people, not asserted.
 */
import { once } from "node:events";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { medianAndP95, startBuiltServer } from "./server";
import { asResponse } from "../route-result";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    runs: { type: "string", default: "100" },
    port: { type: "string", default: "3193" },
    keep: { type: "string", default: "" },
  },
});
const COUNT = Number(values.count);
const RUNS = Number(values.runs);
const PORT = Number(values.port);
const KEEP = values.keep;
const CHANGED_SHARE = 0.02;
const DAY = 24 * 60 * 60 * 1000;

const work = KEEP ? path.resolve(KEEP) : mkdtempSync(path.join(os.tmpdir(), "hsd-bench-home-"));
// Written once the store is complete: an interrupted build is not reused.
const MARKER = path.join(work, "home-bench-store.done");
const fresh = !existsSync(MARKER);
mkdirSync(work, { recursive: true });
process.env.DATA_DIR = work;
process.env.DEMO = "0";
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-only-session-secret-of-32-characters";
delete process.env.DATABASE_URL;

const { generateRecord } = await import("~/records/generate");
const { importFile } = await import("./store");
const { applyImport } = await import("~/models/record-import.server");
const { fileChunks } = await import("~/records/read-items.server");
const { closeDb, getDb, queryRows, sql } = await import("~/db/client.server");
const { searchIndex } = await import("~/models/search-index.server");
const { catalogueFigures, recentChanges, upcomingEvents, latestReleases, statusSearch } =
  await import("~/models/home.server");
const { loader: homeLoader } = await import("~/routes/_index");
const { savedSearchChanges, saveSearch } = await import("~/models/saved-searches.server");
const { createUser } = await import("~/models/users.server");
const { createSession } = await import("~/auth/session.server");
const { DEFAULT_SEARCH } = await import("~/search/request");

const settings = { enableStubRecords: true, enableMaaIndications: true };
const aYearAhead = new Date(Date.now() + 365 * DAY).toISOString().slice(0, 10);
const figures = (times: number[]) => {
  const { median, p95 } = medianAndP95(times);
  return `median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`;
};

/** Writes the catalogue as JSON Lines, its records dated a year ahead. */
async function writeRecords(file: string) {
  const out = createWriteStream(file);
  for (let index = 0; index < COUNT; index++) {
    const doc = generateRecord(index, { catalogueSize: COUNT, today: aYearAhead });
    if (!out.write(`${JSON.stringify(doc)}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function buildStore() {
  const file = path.join(work, "catalogue.jsonl");
  await writeRecords(file);
  await importFile(file, `${COUNT.toLocaleString("en-GB")} records`);
  const changed = path.join(work, "changed.jsonl");
  const step = Math.round(1 / CHANGED_SHARE);
  const out = createWriteStream(changed);
  for (let index = 0; index < COUNT; index += step) {
    const doc = generateRecord(index, { catalogueSize: COUNT, today: aYearAhead }) as {
      title: string;
    };
    out.write(`${JSON.stringify({ ...doc, title: `${doc.title} (revised)` })}\n`);
  }
  out.end();
  await once(out, "finish");
  const report = await applyImport(() => fileChunks(changed), {
    mode: "publish",
    source: "cli",
    filename: "changed.jsonl",
    at: new Date(Date.now() - 3 * DAY),
  });
  console.log(
    `then ${(report.counts?.changed ?? 0).toLocaleString("en-GB")} of them changed 3 days ago`,
  );
  rmSync(file);
  rmSync(changed);
  writeFileSync(MARKER, `${COUNT}\n`);
}

async function time(name: string, run: () => Promise<unknown>, describe: (r: unknown) => string) {
  const startedFirst = performance.now();
  let result = await run();
  const first = performance.now() - startedFirst;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    result = await run();
    times.push(performance.now() - started);
  }
  console.log(
    `  ${name.padEnd(34)} first ${first.toFixed(1)} ms; then ${figures(times)} (${describe(result)})`,
  );
}

try {
  if (fresh) {
    rmSync(path.join(work, "pglite"), { recursive: true, force: true });
    await buildStore();
  } else console.log(`Reusing the store in ${work}`);
  const db = await getDb();
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM records WHERE published_version_id IS NOT NULL`,
  );
  const indexStarted = performance.now();
  await searchIndex();
  console.log(
    `${count.toLocaleString("en-GB")} published records; search index built in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`,
  );

  const user = await createUser({
    email: `bench-${Date.now().toString(36)}@example.org`,
    firstName: "Bench",
    lastName: "Member",
    password: "bench-password-123",
    roles: [],
  });
  const saved = [
    statusSearch("Active"),
    { ...DEFAULT_SEARCH, searchPhrase: "cancer" },
    { ...DEFAULT_SEARCH, searchPhrase: "lymphoma" },
    {
      ...DEFAULT_SEARCH,
      basicSearchFilter: [{ filterId: "therapeuticArea", values: ["Oncology"] }],
    },
    { ...DEFAULT_SEARCH, emaTimelineFrom: "2026-01-01" },
  ];
  for (const [i, request] of saved.entries()) await saveSearch(user.id, `Bench ${i}`, request);

  const cookie = (await createSession(new Request(`http://127.0.0.1:${PORT}`), user.id)).split(
    ";",
  )[0];
  console.log(`\nThe home loader and its parts, in-process (${RUNS} calls after the first):`);
  await time(
    "changed records (30 and 7 days)",
    () => recentChanges(),
    (r) => {
      const c = r as Awaited<ReturnType<typeof recentChanges>>;
      return `${c.month.length.toLocaleString("en-GB")} and ${c.week.length.toLocaleString("en-GB")}`;
    },
  );
  const changes = await recentChanges();
  await time(
    "catalogue counts (search index)",
    () => catalogueFigures(settings, { changedThisWeek: changes.week }),
    (r) => {
      const f = r as Awaited<ReturnType<typeof catalogueFigures>>;
      return `${f.total.toLocaleString("en-GB")} records, ${f.changed.toLocaleString("en-GB")} changed in 7 days`;
    },
  );
  await time(
    "next regulatory events",
    () => upcomingEvents(),
    (r) => `${(r as unknown[]).length} events`,
  );
  await time(
    "5 saved searches' changes",
    () => savedSearchChanges(user.id, settings, { changedIds: changes.month }),
    (r) => (r as Array<{ changed: number }>).map((s) => s.changed).join(", "),
  );
  await time(
    "latest releases",
    () => latestReleases([]),
    (r) => `${(r as unknown[]).length} releases`,
  );
  await time(
    "the whole loader (session read too)",
    async () => {
      const response = await homeLoader({
        request: new Request(`http://127.0.0.1:${PORT}/`, { headers: { Cookie: cookie } }),
        params: {},
        context: {},
      });
      return asResponse(response).json();
    },
    (r) =>
      `${(r as { member: { upcoming: { events: unknown[] } } }).member.upcoming.events.length} upcoming events`,
  );

  await closeDb();
  const { base, stop } = await startBuiltServer(PORT, work, {
    env: { JOBS_INTERVAL_SECONDS: "0" },
  });
  try {
    const get = async (pathname: string) => {
      const response = await fetch(`${base}${pathname}`, { headers: { Cookie: cookie } });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
      return body;
    };
    const startedFirst = performance.now();
    if (!(await get("/")).includes("What is in the catalogue"))
      throw new Error("the home page did not show the member's figures");
    const first = performance.now() - startedFirst;
    for (const pathname of ["/", "/about"]) {
      for (let i = 0; i < 3; i++) await get(pathname);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        await get(pathname);
        times.push(performance.now() - started);
      }
      console.log(
        `  whole ${pathname.padEnd(6)} page, signed in (production server): ${figures(times)}` +
          (pathname === "/"
            ? `; the first, index building at start-up: ${first.toFixed(0)} ms`
            : ""),
      );
    }
  } finally {
    await stop();
  }
} finally {
  await closeDb();
  if (!KEEP) rmSync(work, { recursive: true, force: true });
}
