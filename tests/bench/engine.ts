/**
 * npm run bench:engine [-- --count 20000] [--runs 100] [--engine path/to/engine.ts]
 *
 * The search index alone, without the database or the answer cache: builds an index of
 * generated records in this process, then times each kind of search (median and p95 of `runs`) and
 * prints a digest of every answer, so that two versions of the engine can be compared for
 * both speed and sameness (--engine points at another copy of app/search/engine.ts).
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { generateRecord } from "~/records/generate";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { DEFAULT_SEARCH, type SearchRequest } from "~/search/request";
import { medianAndP95 } from "./server";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1];
};
const COUNT = Number(option("count", "20000"));
const RUNS = Number(option("runs", "100"));
const ENGINE = option("engine", "");
const ONLY = option("only", "");

const { SearchIndex } = (await import(
  ENGINE ? path.resolve(ENGINE) : "~/search/engine"
)) as typeof import("~/search/engine");

const settings = { enableStubRecords: true, enableMaaIndications: true };
const today = "2025-06-01";
const request = (overrides: Partial<SearchRequest>): SearchRequest => ({
  ...DEFAULT_SEARCH,
  ...overrides,
});
const row = (
  filterId: string,
  operator: "contains" | "is" | "isNot" | "between",
  fieldValue: string,
  join: "and" | "or" = "and",
  dateFrom = "",
  dateTo = "",
) => ({ filterId, operator, fieldValue, dateFrom, dateTo, join });

let records = Array.from({ length: COUNT }, (_, i) => ({
  recordId: i + 1,
  doc: recordSchema.parse(generateRecord(i, { catalogueSize: COUNT })) as HssRecord,
}));
const substance = records[7].doc.activeCompound.substanceName;

let started = performance.now();
const buildCpu = process.cpuUsage();
const index = new SearchIndex();
for (let i = 0; i < records.length; i += 2000)
  index.upsert(records.slice(i, i + 2000), { bulk: true });
index.freeze();
const buildMs = performance.now() - started;
const buildCpuUsed = process.cpuUsage(buildCpu);
const buildCpuMs = (buildCpuUsed.user + buildCpuUsed.system) / 1000;
// Some changes after the freeze, so that the added postings are read too.
started = performance.now();
for (let i = 0; i < 300; i++)
  index.upsert([
    { recordId: records[(i * 13) % COUNT].recordId, doc: records[(i * 13 + 5) % COUNT].doc },
  ]);
index.remove([3, 30, 300]);
const changeMs = performance.now() - started;
// The generated documents are let go before timing, as a server never holds them: a heap of
// 100,000 documents made every full collection a second long and the p95s the bench's own.
const someIds = records.slice(0, 5000).map((r) => r.recordId);
records = [];
globalThis.gc?.();
console.log(
  `built ${index.size} records in ${buildMs.toFixed(0)} ms (CPU ${buildCpuMs.toFixed(0)} ms); 300 upserts in ${changeMs.toFixed(0)} ms; arrays ${index.arrayBytes()} bytes; stats ${JSON.stringify(index.stats())}`,
);

const search = (r: SearchRequest, options = {}) =>
  index.search(r, settings, { today, eventYears: true, ...options });
const cases: Array<[string, () => unknown]> = [
  ["narrow phrase", () => search(request({ searchPhrase: substance }))],
  ["broad term 'cancer' + facets", () => search(request({ searchPhrase: "cancer" }))],
  ["match-all + facets", () => search(request({}))],
  [
    "phrase 'lung cancer' + 3 filters",
    () =>
      search(
        request({
          searchPhrase: "lung cancer",
          basicSearchFilter: [
            { filterId: "therapeuticArea", values: ["Oncology"] },
            { filterId: "recordStatus", values: ["Active"] },
            { filterId: "firstInClass", values: ["No"] },
          ],
        }),
      ),
  ],
  [
    "OR-able facet chosen twice",
    () =>
      search(
        request({
          searchPhrase: "cancer",
          basicSearchFilter: [{ filterId: "company", values: ["Norvane", "Corvance"] }],
        }),
      ),
  ],
  ["quoted phrase", () => search(request({ searchPhrase: '"phase iii"', size: 50 }))],
  ["prefix", () => search(request({ searchPhrase: "inhib*", size: 50 }))],
  [
    "quoted phrase, prefix, negation",
    () => search(request({ searchPhrase: '"phase iii" OR inhib* -adults', size: 50 })),
  ],
  ["stop words only", () => search(request({ searchPhrase: "the" }))],
  ["title order", () => search(request({ searchPhrase: "cancer", sortBy: "title" }))],
  [
    "last updated ascending, page 3",
    () => search(request({ sortBy: "lastUpdated", sortOrder: "asc", from: 40 })),
  ],
  [
    "date ranges + EU event name",
    () =>
      search(
        request({
          lastUpdatedDateFrom: "2025-01-01",
          lastUpdatedDateTo: "2025-12-31",
          emaTimelineFrom: "2024-01-01",
          emaEventsByDateRangeAndEventNameFilter: { eventName: "CHMP opinion" },
        }),
      ),
  ],
  [
    "next or last EU event years",
    () => search(request({ emaNextOrLastEventYearFrom: 2024, emaNextOrLastEventYearTo: 2026 }), {}),
  ],
  [
    "advanced: company contains A OR B",
    () =>
      search(
        request({
          isAdvancedSearch: true,
          advanceSearchFilter: [
            row("company", "contains", "Norvane"),
            row("company", "contains", "Corvance", "or"),
          ],
        }),
      ),
  ],
  [
    "advanced: is, is not, between",
    () =>
      search(
        request({
          isAdvancedSearch: true,
          advanceSearchFilter: [
            row("recordStatus", "is", "active"),
            row("therapeuticArea", "isNot", "oncology"),
            row("euEventDates", "between", "", "or", "2023-01-01", "2024-12-31"),
            row("trialPhase", "contains", "iii"),
          ],
        }),
      ),
  ],
  ["count", () => index.count(request({ searchPhrase: "cancer" }), settings, { today })],
  [
    "count among",
    () => index.countAmong(request({ searchPhrase: "lung" }), settings, someIds, { today }),
  ],
  [
    "matching ids (all, relevance)",
    () =>
      index.matchingIds(request({ searchPhrase: "cancer OR lymphoma" }), settings, Infinity, {
        today,
      }),
  ],
  [
    "facet more page (company, 'cancer')",
    () =>
      index.facetValues(request({ searchPhrase: "cancer" }), settings, "company", {
        sort: "count",
        page: 1,
        today,
      }),
  ],
  ["autocomplete (company 'nor')", () => index.suggestValues("company", "nor")],
  ["spelling 'lymphona canser'", () => index.spellingSuggestion("lymphona canser", settings)],
  [
    "upcoming dates",
    () => index.upcomingDates(["euEventDates", "fdaEventDates"], "2025-01-01", 20),
  ],
];

const all = createHash("sha256");
for (const [name, run] of cases) {
  if (ONLY && !name.includes(ONLY)) continue;
  const first = JSON.stringify(run());
  all.update(first);
  const times: number[] = [];
  // CPU time as well as wall time: on a busy machine, the process's own CPU time varies less.
  const cpu = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const at = performance.now();
    run();
    times.push(performance.now() - at);
  }
  const used = process.cpuUsage(cpu);
  const cpuMean = (used.user + used.system) / 1000 / RUNS;
  const { median, p95 } = medianAndP95(times);
  const digest = createHash("sha256").update(first).digest("hex").slice(0, 12);
  console.log(
    `  ${name.padEnd(38)} median ${median.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms, CPU mean ${cpuMean.toFixed(3)} ms  answer ${digest}`,
  );
}
console.log(`all answers ${all.digest("hex").slice(0, 16)}`);
