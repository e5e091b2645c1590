import { describe, expect, it } from "vitest";
import { getDb, queryRows, sql } from "~/db/client.server";
import { applyImport } from "~/models/record-import.server";
import { facetValues, matchingRecordIds, searchRecords } from "~/models/search.server";
import { generateRecord, mulberry32 } from "~/records/generate";
import { textChunks } from "~/records/read-items.server";
import type { HssRecord } from "~/records/schema.server";
import { EMA_EVENTS } from "~/records/vocabulary";
import { type EnabledSettings, FILTERS, isDateFilter, type ValueFilter } from "~/search/filters";
import { indexRecord } from "~/search/index-record";
import { referenceFacetValues, referenceMatchingIds, referenceSearch, type ReferenceDoc } from "~/search/reference";
import { type AdvancedRow, DEFAULT_SEARCH, PAGE_SIZES, type SearchRequest } from "~/search/request";
import { STOP_WORDS } from "~/search/text";
import { jsonLines } from "../records";

/**
 * The oracle: random requests over a generated catalogue, answered by the search index and
 * by the brute-force reference search; they must agree on the total, the page's ids in
 * order and every facet count. ORACLE_SEED=n replays a run; a failing request is printed whole.
 */
const SEED = process.env.ORACLE_SEED ? Number(process.env.ORACLE_SEED) : Math.floor(Math.random() * 2 ** 31);
const REQUESTS = Number(process.env.ORACLE_REQUESTS ?? 300);

async function publishedDocs(): Promise<ReferenceDoc[]> {
  const rows = await queryRows<{ id: number; hss_id: string; document: HssRecord }>(
    await getDb(),
    sql`SELECT r.id, r.hss_id, v.document FROM records r JOIN record_versions v ON v.id = r.published_version_id`,
  );
  return rows.map((row) => ({ recordId: row.id, hssId: row.hss_id, doc: row.document }));
}

function generator(docs: HssRecord[], random: () => number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const chance = (p: number) => random() < p;
  const values = docs.flatMap((doc) => Object.values(indexRecord(doc).text).flat());
  const tokens = values.flatMap((value) => value.split(/\s+/)).filter(Boolean);
  const plain = tokens.map((token) => token.replace(/[^\p{L}\p{N}-]/gu, "")).filter((token) => token.length > 1);
  const valueFilters = FILTERS.filter((filter): filter is ValueFilter => !isDateFilter(filter));
  const heldValues = (filter: ValueFilter) => [...new Set(docs.flatMap((doc) => filter.values(doc).filter((v): v is string => Boolean(v))))];
  const dates = docs.map((doc) => doc.lastUpdated);

  const word = () => (chance(0.1) ? pick([...STOP_WORDS]) : pick(plain));
  const term = () => {
    const roll = random();
    if (roll < 0.15) return `${pick(plain).replace(/[^\p{L}\p{N}]/gu, "").slice(0, 3 + Math.floor(random() * 3))}*`;
    if (roll < 0.35) {
      const value = pick(values).split(/\s+/);
      const start = Math.floor(random() * value.length);
      return `"${value.slice(start, start + 2 + Math.floor(random() * 2)).join(" ")}"`;
    }
    if (roll < 0.45) return `-${word()}`;
    return word();
  };
  const phrase = () => {
    if (chance(0.2)) return pick(["*", ""]);
    const parts = Array.from({ length: 1 + Math.floor(random() * 3) }, term);
    return parts.map((part, i) => (i > 0 && chance(0.25) ? `OR ${part}` : part)).join(" ");
  };
  const range = () => {
    const [a, b] = [pick(dates), pick(dates)].sort();
    return [chance(0.8) ? a : null, chance(0.8) ? b : null] as const;
  };
  const row = (index: number): AdvancedRow => {
    const join = index > 0 && chance(0.4) ? "or" : "and";
    if (chance(0.2)) {
      const [from, to] = range();
      const filter = pick(FILTERS.filter(isDateFilter));
      return { filterId: filter.id, operator: "between", fieldValue: "", dateFrom: from ?? "", dateTo: to ?? (from ? "" : pick(dates)), join };
    }
    const filter = pick(valueFilters.filter((f) => heldValues(f).length > 0));
    const value = pick(heldValues(filter));
    const operator = pick(["contains", "is", "isNot"] as const);
    const fieldValue =
      operator === "contains" ? value.slice(Math.floor(random() * 3), 3 + Math.floor(random() * 6)).toUpperCase() : chance(0.5) ? value.toLowerCase() : value;
    return { filterId: filter.id, operator, fieldValue, dateFrom: "", dateTo: "", join: join === "or" && filter.orClauseEnabled ? "or" : "and" };
  };

  return (): { request: SearchRequest; settings: EnabledSettings } => {
    const size = pick(PAGE_SIZES);
    const basic = chance(0.5)
      ? Array.from({ length: 1 + Math.floor(random() * 2) }, () => {
          const filter = pick(valueFilters.filter((f) => f.type === "AutoComplete" && heldValues(f).length > 0));
          const chosen = Array.from({ length: filter.isBooleanFilter ? 1 : 1 + Math.floor(random() * 3) }, () => (chance(0.1) ? "No such value" : pick(heldValues(filter))));
          return { filterId: filter.id, values: [...new Set(chosen)] };
        }).filter((group, i, all) => all.findIndex((g) => g.filterId === group.filterId) === i)
      : [];
    const [luFrom, luTo] = chance(0.2) ? range() : [null, null];
    const [euFrom, euTo] = chance(0.2) ? range() : [null, null];
    const advanced = chance(0.25);
    const request: SearchRequest = {
      ...DEFAULT_SEARCH,
      size,
      from: size * Math.floor(random() * 3),
      searchPhrase: phrase() || "*",
      sortBy: pick([null, null, "relevance", "lastUpdated", "title"] as const),
      sortOrder: pick([null, null, "asc", "desc"] as const),
      basicSearchFilter: basic,
      lastUpdatedDateFrom: luFrom,
      lastUpdatedDateTo: luTo,
      emaTimelineFrom: euFrom,
      emaTimelineTo: euTo,
      emaEventsByDateRangeAndEventNameFilter: chance(0.15) ? { eventName: pick(EMA_EVENTS) } : null,
      isAdvancedSearch: advanced,
      advanceSearchFilter: advanced ? Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => row(i)) : [],
    };
    return { request, settings: { enableStubRecords: chance(0.5), enableMaaIndications: chance(0.5) } };
  };
}

/** Where two lists first differ, for the failure message. */
function firstDifference(a: unknown[], b: unknown[]) {
  const at = a.findIndex((item, i) => JSON.stringify(item) !== JSON.stringify(b[i]));
  return at === -1 ? (a.length === b.length ? null : Math.min(a.length, b.length)) : at;
}

describe("the search index agrees with the reference search", () => {
  it(`on ${REQUESTS} random requests (seed ${SEED}): totals, page order, facet counts, all ids, more pages`, async () => {
    const prefix = `O${SEED.toString(36)}${Date.now().toString(36)}`;
    const fixture = Array.from({ length: 300 }, (_, i) => {
      const doc = generateRecord(i, { catalogueSize: 300 }) as HssRecord;
      return JSON.parse(JSON.stringify(doc).replaceAll("HSS-", `${prefix}-`)) as HssRecord;
    });
    await applyImport(() => textChunks(jsonLines(fixture)), { mode: "publish", source: "cli", filename: "oracle.jsonl" });
    const docs = await publishedDocs();
    const idOf = new Map(docs.map((d) => [d.hssId, d.recordId]));
    const random = mulberry32(SEED);
    const next = generator(
      docs.map((d) => d.doc),
      random,
    );
    const failures: string[] = [];
    let nonEmpty = 0;
    for (let n = 0; n < REQUESTS; n++) {
      const { request, settings } = next();
      const fail = (what: string, detail: unknown) =>
        failures.push(`#${n} ${what}: ${JSON.stringify(detail)}\n  request: ${JSON.stringify(request)}\n  settings: ${JSON.stringify(settings)}`);
      const index = await searchRecords(request, settings);
      const reference = referenceSearch(docs, request, settings);
      if (reference.total > 0) nonEmpty++;
      const hits = index.hits.map((hit) => hit.hssId);
      if (index.total !== reference.total) fail("total", { index: index.total, reference: reference.total });
      const pageAt = firstDifference(hits, reference.hssIds);
      if (pageAt !== null) fail("page order", { at: pageAt, index: hits.slice(pageAt, pageAt + 3), reference: reference.hssIds.slice(pageAt, pageAt + 3) });
      const facetAt = firstDifference(index.facets, reference.facets);
      if (facetAt !== null) fail("facets", { at: facetAt, index: index.facets[facetAt], reference: reference.facets[facetAt] });
      if (n % 5 === 0) {
        const all = await matchingRecordIds(request, settings);
        const expected = referenceMatchingIds(docs, request, settings).map((hssId) => idOf.get(hssId));
        const allAt = firstDifference(all, expected);
        if (allAt !== null) fail("all ids", { at: allAt, index: all.slice(allAt, allAt + 3), reference: expected.slice(allAt, allAt + 3) });
        const filter = FILTERS.filter((f) => f.type === "AutoComplete" && (!f.setting || settings[f.setting]))[Math.floor(random() * 40) % 30];
        const options = { sort: random() < 0.5 ? ("count" as const) : ("az" as const), page: 1 + Math.floor(random() * 2), contains: random() < 0.3 ? "a" : undefined };
        const more = await facetValues(request, settings, filter.id, options);
        const expectedMore = referenceFacetValues(docs, request, settings, filter.id, options);
        if (JSON.stringify(more) !== JSON.stringify(expectedMore)) fail(`more page of ${filter.id} ${JSON.stringify(options)}`, { index: more, reference: expectedMore });
      }
    }
    if (failures.length) console.error(`Oracle seed ${SEED}: ${failures.length} disagreement(s)\n${failures.slice(0, 8).join("\n")}`);
    expect(failures.length, `ORACLE_SEED=${SEED} replays this run`).toBe(0);
    // The requests must find things, or agreeing would prove little.
    expect(nonEmpty).toBeGreaterThan(REQUESTS / 3);
  }, 300_000);
});
