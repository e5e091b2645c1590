/**
 * npm run bench:search [-- --count 100000 --runs 200 --file catalogue.jsonl --keep /tmp/store]
 *
 * 1. Builds a store of `count` generated records in a throwaway embedded database, through
 *    the import code (or reuses a JSON Lines file given with --file, or the store kept in
 *    the --keep folder by an earlier run), and prints the import's time.
 * 2. Builds this process's search index from it: time, and the memory it holds.
 * 3. Times each kind of search in the server's own code (median and p95 of `runs` runs,
 *    after a warm-up): the search model, index and page read from the database included.
 * 4. Times the whole /search page on the production server (signed in, full render).
 * 5. With DATABASE_URL set, imports the same file into that (throwaway!) PostgreSQL
 *    database when it holds no records, and times the same searches there.
 * Figures only: targets are compared by people, not asserted.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { medianAndP95, startBuiltServer } from "./server";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const COUNT = Number(option("count", "100000"));
const RUNS = Number(option("runs", "200"));
const PORT = Number(option("port", "3191"));
const GIVEN_FILE = option("file", "");
const KEEP = option("keep", "");
const POSTGRES_URL = process.env.DATABASE_URL;

const work = KEEP ? path.resolve(KEEP) : mkdtempSync(path.join(os.tmpdir(), "hsd-bench-search-"));
// A --keep folder is made on the first run, and reused by the next.
if (KEEP) mkdirSync(work, { recursive: true });
process.env.DATA_DIR = work;
process.env.DEMO = "0";
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-only-session-secret-of-32-characters";
delete process.env.DATABASE_URL;

const { generateRecord, hssIdFor } = await import("~/records/generate");
const { writeCatalogue, importFile } = await import("./store");
const { closeDb, getDb, getEngine } = await import("~/db/client.server");
const { resetEnvForTesting } = await import("~/lib/env.server");
const { searchRecords, facetValues, suggestValues } = await import("~/models/search.server");
const { searchIndex, dropSearchIndex } = await import("~/models/search-index.server");
const { countPublishedRecords } = await import("~/models/records.server");
const { DEFAULT_SEARCH } = await import("~/search/request");
const { createUser } = await import("~/models/users.server");
const { createSession } = await import("~/auth/session.server");
type SearchRequest = import("~/search/request").SearchRequest;

const settings = { enableStubRecords: true, enableMaaIndications: true };
const figures = (times: number[]) => {
  const { median, p95 } = medianAndP95(times);
  return `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;
};
const request = (overrides: Partial<SearchRequest>): SearchRequest => ({
  ...DEFAULT_SEARCH,
  ...overrides,
});
const row = (
  filterId: string,
  operator: "contains" | "is",
  fieldValue: string,
  join: "and" | "or" = "and",
) => ({
  filterId,
  operator,
  fieldValue,
  dateFrom: "",
  dateTo: "",
  join,
});

/** The searches decision 010 measures, on the generated catalogue's vocabulary. */
function cases(sample: { substance: string }) {
  return [
    {
      name: "narrow phrase (one substance)",
      run: () => searchRecords(request({ searchPhrase: sample.substance }), settings),
    },
    {
      name: "broad term 'cancer' + facets",
      run: () => searchRecords(request({ searchPhrase: "cancer" }), settings),
    },
    { name: "match-all + facets", run: () => searchRecords(request({}), settings) },
    {
      name: "phrase 'lung cancer' + 3 filters",
      run: () =>
        searchRecords(
          request({
            searchPhrase: "lung cancer",
            basicSearchFilter: [
              { filterId: "therapeuticArea", values: ["Oncology"] },
              { filterId: "recordStatus", values: ["Active"] },
              { filterId: "firstInClass", values: ["No"] },
            ],
          }),
          settings,
        ),
    },
    {
      name: "date ranges (last updated + EU events)",
      run: () =>
        searchRecords(
          request({
            lastUpdatedDateFrom: "2025-01-01",
            lastUpdatedDateTo: "2025-12-31",
            emaTimelineFrom: "2024-01-01",
          }),
          settings,
        ),
    },
    {
      name: "advanced: company contains A OR B",
      run: () =>
        searchRecords(
          request({
            isAdvancedSearch: true,
            advanceSearchFilter: [
              row("company", "contains", "Norvane"),
              row("company", "contains", "Corvance", "or"),
            ],
          }),
          settings,
        ),
    },
    {
      name: "facet more page (company, 'cancer')",
      run: () =>
        facetValues(request({ searchPhrase: "cancer" }), settings, "company", {
          sort: "count",
          page: 1,
        }),
    },
    { name: "autocomplete (company 'nor')", run: () => suggestValues("company", "nor") },
  ];
}

async function timeCases(label: string) {
  const sample = {
    substance: (
      generateRecord(7, { catalogueSize: COUNT }) as { activeCompound: { substanceName: string } }
    ).activeCompound.substanceName,
  };
  console.log(
    `\n${label} (${RUNS} runs each after 3 warm-up runs; server time of the search model, page read included):`,
  );
  for (const item of cases(sample)) {
    for (let i = 0; i < 3; i++) await item.run();
    const times: number[] = [];
    let result: unknown;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      result = await item.run();
      times.push(performance.now() - started);
    }
    const matched =
      result && typeof result === "object" && "total" in result
        ? ` (${(result as { total: number }).total.toLocaleString("en-GB")} matches)`
        : "";
    console.log(`  ${item.name.padEnd(42)} ${figures(times)}${matched}`);
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** Two collections a moment apart: typed arrays' memory is given back on the second. */
async function gc() {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) return;
  collect();
  await new Promise((resolve) => setTimeout(resolve, 200));
  collect();
}

/** Builds this process's index afresh: time, and memory held (heap and typed arrays, after a GC). */
async function timeIndexBuild(label: string) {
  await gc();
  const before = process.memoryUsage();
  const started = performance.now();
  const index = await searchIndex();
  const seconds = (performance.now() - started) / 1000;
  await gc();
  const after = process.memoryUsage();
  const held = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
  console.log(
    `${label}: search index of ${index.size.toLocaleString("en-GB")} records built in ${seconds.toFixed(1)} s; ` +
      `it holds ${megabytes(held)} (typed arrays ${megabytes(index.arrayBytes())}; process resident ${megabytes(after.rss)})`,
  );
}

async function timePage(cookie: string) {
  const { base, stop } = await startBuiltServer(PORT, work);
  try {
    console.log(
      `\nWhole pages on the production server (signed in, full server render, ${RUNS} requests each after 3 warm-up):`,
    );
    const started = performance.now();
    // The server builds its index at start-up; the first search waits for it.
    await fetch(`${base}/search`, { headers: { Cookie: cookie } }).then((response) =>
      response.text(),
    );
    console.log(
      `  first /search after the server answered: ${(performance.now() - started).toFixed(0)} ms`,
    );
    const fixed = (url: string) => () => url;
    // A different record each time, as members open them: none is served warm.
    const aRecord = () => `/record/${hssIdFor(Math.floor(Math.random() * COUNT))}`;
    for (const [name, urlOf] of [
      ["/search (match-all)", fixed("/search")],
      ["/search?q=cancer", fixed("/search?q=cancer")],
      [
        "/search?q=lung cancer + 2 filters",
        fixed("/search?q=lung%20cancer&f=therapeuticArea:Oncology&f=recordStatus:Active"),
      ],
      ["/search/facet/company?q=cancer", fixed("/search/facet/company?q=cancer")],
      ["/record/<a random one>", aRecord],
      ["/about (signed in)", fixed("/about")],
    ] as const) {
      const get = async () => {
        const started = performance.now();
        const url = urlOf();
        const response = await fetch(`${base}${url}`, { headers: { Cookie: cookie } });
        await response.text();
        if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
        return performance.now() - started;
      };
      for (let i = 0; i < 3; i++) await get();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await get());
      console.log(`  ${name.padEnd(42)} ${figures(times)}`);
    }
  } finally {
    await stop();
  }
}

try {
  let file = GIVEN_FILE;
  if (!file || !existsSync(file)) {
    file = path.join(work, "catalogue.jsonl");
    const started = performance.now();
    await writeCatalogue(file, COUNT);
    console.log(
      `generated ${COUNT.toLocaleString("en-GB")} records (${(statSync(file).size / 1024 / 1024).toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  if (KEEP && (await countPublishedRecords()) > 0) console.log(`reusing the store in ${work}`);
  else await importFile(file, "embedded database (PGlite)");
  await timeIndexBuild("embedded database (PGlite)");
  await timeCases(`Embedded database (PGlite, ${await getEngine()})`);
  const user = await createUser({
    email: `bench-${Date.now()}@example.org`,
    firstName: "Bench",
    lastName: "Member",
    password: "bench-password-123",
    roles: [],
  });
  const cookie = (await createSession(new Request(`http://127.0.0.1:${PORT}`), user.id)).split(
    ";",
  )[0];
  await closeDb();
  await timePage(cookie);

  if (POSTGRES_URL) {
    process.env.DATABASE_URL = POSTGRES_URL;
    resetEnvForTesting();
    const db = await getDb();
    const { sql } = await import("drizzle-orm");
    const result = (await db.execute(
      sql`SELECT count(*)::int AS count FROM records`,
    )) as unknown as { rows: Array<{ count: number }> };
    if (result.rows[0].count === 0) await importFile(file, "PostgreSQL server");
    dropSearchIndex();
    await timeIndexBuild("PostgreSQL server");
    await timeCases("PostgreSQL server");
    await closeDb();
  }
} finally {
  await closeDb();
  if (!KEEP) rmSync(work, { recursive: true, force: true });
}
