import { isDeepStrictEqual } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { getDb, queryRows, sql } from "~/db/client.server";
import { applyImport } from "~/models/record-import.server";
import { facetValues, matchingRecordIds, searchRecords } from "~/models/search.server";
import { generateRecord, mulberry32 } from "~/records/generate";
import { textChunks } from "~/records/read-items.server";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { EMA_EVENTS } from "~/records/vocabulary";
import {
  availableFilters,
  type DateFilter,
  type EnabledSettings,
  FILTERS,
  FILTERS_BY_ID,
  isDateFilter,
  type SearchFilter,
  type ValueFilter,
} from "~/search/filters";
import { indexRecord } from "~/search/index-record";
import {
  referenceFacetValues,
  referenceMatchingIds,
  referenceSearch,
  type ReferenceDoc,
} from "../search-reference";
import {
  type AdvancedRow,
  type BasicFilterGroup,
  DEFAULT_SEARCH,
  PAGE_SIZES,
  type SearchRequest,
} from "~/search/request";
import type { FacetGroup, FacetValue } from "~/search/results";
import { FIELD_GROUPS } from "~/search/text";
import { jsonLines } from "../records";

/**
 * The oracle (decision 010): random requests over a generated catalogue, answered by the search
 * index (~/models/search.server) and by the brute-force reference search (tests/search-reference.ts);
 * they must agree on the total, the page's ids in order, every facet, every matching id and
 * the facets' "more" pages. (The reference itself is checked by hand in tests/unit/search-reference.test.ts.)
 *
 * Replay: ORACLE_SEED=<seed> replays a whole run (the seed is printed; the fixture's hssIds
 * are derived from it, so on a fresh database the record ids are the same too).
 * ORACLE_SEED=<seed> ORACLE_REQUEST='{"request":…,"settings":…}' replays one printed request.
 * ORACLE_REQUESTS=<n> changes how many requests a run makes (300).
 */
// The run's TEST_SEED (tests/global-setup.ts prints it) unless one is given for this file.
const SEED = Number(process.env.ORACLE_SEED ?? inject("testSeed"));
const REQUESTS = Number(process.env.ORACLE_REQUESTS ?? 300);
const REPLAY = process.env.ORACLE_REQUEST
  ? (JSON.parse(process.env.ORACLE_REQUEST) as Generated)
  : null;
const FIXTURE_SIZE = 300;
const TODAY = "2026-11-01";
/**
 * The day the index and the reference tell each record's next or last EU event from: years
 * before the fixture's own today, so that some records have an EU event still to come and
 * others only past ones.
 */
const AS_OF = "2023-06-15";

interface MoreOptions {
  filterId: string;
  sort: "count" | "az";
  page: number;
  contains?: string;
}

interface Generated {
  request: SearchRequest;
  settings: EnabledSettings;
  /** Rolls the page is chosen by once the total is known (a page within it, now and then one past it). */
  pageRoll?: number;
  pastEnd?: boolean;
  more?: MoreOptions;
}

const STOP_WORDS_TYPED = [
  "the",
  "of",
  "and",
  "in",
  "for",
  "with",
  "a",
  "to",
  "on",
  "or",
  "not",
  "by",
];

/** Every published record: the index searches the whole catalogue, so the reference must too. */
async function publishedDocs(): Promise<ReferenceDoc[]> {
  const rows = await queryRows<{ id: number; hss_id: string; document: HssRecord }>(
    await getDb(),
    sql`SELECT r.id, r.hss_id, v.document FROM records r JOIN record_versions v ON v.id = r.published_version_id ORDER BY r.id`,
  );
  return rows.map((row) => ({
    recordId: Number(row.id),
    hssId: row.hss_id,
    doc: typeof row.document === "string" ? JSON.parse(row.document) : row.document,
  }));
}

function fixtureRecords(prefix: string): HssRecord[] {
  return Array.from({ length: FIXTURE_SIZE }, (_, index) => {
    const text = JSON.stringify(
      generateRecord(index, { catalogueSize: FIXTURE_SIZE, today: TODAY }),
    ).replaceAll("HSS-", `${prefix}-`);
    return recordSchema.parse(JSON.parse(text));
  });
}

const heldValues = (filter: ValueFilter, docs: HssRecord[]) => [
  ...new Set(docs.flatMap((doc) => filter.values(doc).filter((v): v is string => Boolean(v)))),
];
const heldDates = (filter: DateFilter, docs: HssRecord[]) =>
  [...new Set(docs.flatMap((doc) => filter.dates(doc).map((d) => d.date)))].sort();

/** Random requests drawn from the fixture's own words, values and dates (the fixture only: replays stay identical). */
function requestGenerator(fixture: HssRecord[], random: () => number) {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const chance = (p: number) => random() < p;
  const casing = (text: string) => pick([text, text, text.toLowerCase(), text.toUpperCase()]);

  const textOf = (docs: HssRecord[]) =>
    docs.flatMap((doc) => FIELD_GROUPS.flatMap((group) => indexRecord(doc).text[group]));
  const tokensOf = (values: string[]) =>
    values.flatMap((value) => value.split(/\s+/)).filter((token) => /[\p{L}\p{N}]/u.test(token));
  const valueFilters = FILTERS.filter(
    (f): f is ValueFilter => !isDateFilter(f) && heldValues(f, fixture).length > 0,
  );
  const pickedFilters = valueFilters.filter((f) => f.type === "AutoComplete");
  const dateFilters = FILTERS.filter(
    (f): f is DateFilter => isDateFilter(f) && heldDates(f, fixture).length > 0,
  );
  const euDates = heldDates(FILTERS_BY_ID.get("euEventDates") as DateFilter, fixture);
  const euYears = [...new Set(euDates.map((date) => Number(date.slice(0, 4))))];
  const updated = heldDates(FILTERS_BY_ID.get("lastUpdated") as DateFilter, fixture);

  /** A word as typed: bare, with its punctuation (hyphenated codes, "cancer,"), now and then a stop word. */
  const word = (tokens: string[]) => {
    if (chance(0.08)) return pick(STOP_WORDS_TYPED);
    const token = pick(tokens);
    const bare = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    return casing(chance(0.8) ? bare : token.replaceAll('"', ""));
  };
  const prefix = (tokens: string[]) => {
    const letters = tokens
      .map((token) => /^\p{L}{3,}/u.exec(token)?.[0])
      .filter((w): w is string => Boolean(w));
    return `${casing(pick(letters).slice(0, int(3, 6)))}*`;
  };
  const quoted = (values: string[]) => {
    const parts = pick(values).replaceAll('"', "").split(/\s+/).filter(Boolean);
    const start = int(0, Math.max(0, parts.length - 2));
    const taken = parts.slice(start, start + int(2, 3));
    // A stop word holds a place: any word may stand there.
    if (taken.length === 3 && chance(0.3)) taken[1] = pick(STOP_WORDS_TYPED);
    return `${chance(0.15) ? "-" : ""}"${taken.join(" ")}"`;
  };
  const phrase = (docs: HssRecord[]) => {
    const roll = random();
    if (roll < 0.08) return "*";
    if (roll < 0.12) return "";
    const values = textOf(docs);
    const tokens = tokensOf(values);
    const term = () => {
      const kind = random();
      if (kind < 0.15) return prefix(tokens);
      if (kind < 0.35) return quoted(values);
      if (kind < 0.47) return `-${word(tokens)}`;
      if (kind < 0.5) return "*";
      return word(tokens);
    };
    const parts = Array.from({ length: int(1, 3) }, term);
    return parts.map((part, i) => (i > 0 && chance(0.25) ? `OR ${part}` : part)).join(" ");
  };
  const range = (dates: string[]): [string | null, string | null] => {
    const [from, to] = [pick(dates), pick(dates)].sort();
    const keepFrom = chance(0.75);
    return [keepFrom ? from : null, !keepFrom || chance(0.75) ? to : null];
  };
  const basicGroup = (docs: HssRecord[]): BasicFilterGroup => {
    const filter = pick(pickedFilters);
    let held = heldValues(filter, docs);
    if (!held.length) held = heldValues(filter, fixture);
    if (filter.isBooleanFilter)
      return { filterId: filter.id, values: chance(0.05) ? ["Yes", "No"] : [pick(held)] };
    const values = Array.from({ length: int(1, 3) }, () =>
      chance(0.1) ? "No such value" : pick(chance(0.6) ? held : heldValues(filter, fixture)),
    );
    return { filterId: filter.id, values: [...new Set(values)] };
  };
  const advancedRow = (
    index: number,
    docs: HssRecord[],
    settings: EnabledSettings,
  ): AdvancedRow => {
    const usable = (f: SearchFilter) => !f.setting || settings[f.setting];
    const orJoin = () => index > 0 && chance(0.4);
    if (chance(0.2)) {
      const filter = pick(dateFilters.filter(usable));
      const [from, to] = range(heldDates(filter, fixture));
      // Dates are never OR-able: a date row joins by AND.
      return {
        filterId: filter.id,
        operator: "between",
        fieldValue: "",
        dateFrom: from ?? "",
        dateTo: to ?? "",
        join: "and",
      };
    }
    const filter = pick(valueFilters.filter(usable));
    let held = heldValues(filter, docs);
    if (!held.length) held = heldValues(filter, fixture);
    const value = pick(held);
    const operator = pick(["contains", "is", "isNot"] as const);
    let fieldValue: string;
    if (operator === "contains") {
      const start = int(0, Math.max(0, value.length - 3));
      fieldValue = value.slice(start, start + int(2, 8)).trim() || value;
    } else {
      fieldValue = chance(0.1) ? "No such value" : value;
    }
    return {
      filterId: filter.id,
      operator,
      fieldValue: casing(fieldValue),
      dateFrom: "",
      dateTo: "",
      join: orJoin() && filter.orClauseEnabled ? "or" : "and",
    };
  };

  return (): Generated => {
    const settings: EnabledSettings = {
      enableStubRecords: chance(0.5),
      enableMaaIndications: chance(0.5),
    };
    // Half the requests draw their words and values from one record, so that their parts often meet.
    const anchor = [pick(fixture)];
    const source = () => (chance(0.5) ? anchor : fixture);
    const basic: BasicFilterGroup[] = [];
    for (let g = chance(0.45) ? int(1, 2) : 0; g > 0; g--) {
      const group = basicGroup(source());
      if (!basic.some((other) => other.filterId === group.filterId)) basic.push(group);
    }
    const [luFrom, luTo] = chance(0.2) ? range(updated) : [null, null];
    const [euFrom, euTo] = chance(0.2) ? range(euDates) : [null, null];
    const euEvent = chance(0.15) ? { eventName: pick(EMA_EVENTS) } : null;
    // The year of the next or last EU event: one year (a chart's bar), a range, or an open end.
    let [yearFrom, yearTo]: [number | null, number | null] = [null, null];
    if (chance(0.2)) {
      const [low, high] = [pick(euYears), pick(euYears)].sort((a, b) => a - b);
      const shape = random();
      if (shape < 0.5) [yearFrom, yearTo] = [low, low];
      else if (shape < 0.75) [yearFrom, yearTo] = [low, high];
      else if (shape < 0.875) yearFrom = low;
      else yearTo = high;
    }
    const advanced = chance(0.3);
    const request: SearchRequest = {
      ...DEFAULT_SEARCH,
      size: pick(PAGE_SIZES),
      from: 0,
      searchPhrase: phrase(source()),
      sortBy: pick([null, null, "relevance", "lastUpdated", "title"] as const),
      sortOrder: pick([null, null, "asc", "desc"] as const),
      basicSearchFilter: basic,
      lastUpdatedDateFrom: luFrom,
      lastUpdatedDateTo: luTo,
      emaTimelineFrom: euFrom,
      emaTimelineTo: euTo,
      emaEventsByDateRangeAndEventNameFilter: euEvent,
      emaNextOrLastEventYearFrom: yearFrom,
      emaNextOrLastEventYearTo: yearTo,
      isAdvancedSearch: advanced || chance(0.05),
      advanceSearchFilter: advanced
        ? Array.from({ length: int(1, 4) }, (_, i) => advancedRow(i, source(), settings))
        : [],
    };
    const moreFilters = availableFilters(settings).filter(
      (f): f is ValueFilter => !isDateFilter(f) && (f.facet || f.type === "AutoComplete"),
    );
    const moreFilter = pick(moreFilters);
    const containsRoll = random();
    const sample = pick(heldValues(moreFilter, fixture).concat("x"));
    const contains =
      containsRoll < 0.3
        ? sample.slice(0, int(1, 3))
        : containsRoll < 0.4
          ? "  "
          : containsRoll < 0.5
            ? ` ${sample.slice(1, 3).toUpperCase()} `
            : undefined;
    const more: MoreOptions = {
      filterId: moreFilter.id,
      sort: chance(0.5) ? "count" : "az",
      page: pick([1, 1, 1, 2, 3]),
      contains,
    };
    return { request, settings, pageRoll: random(), pastEnd: chance(0.05), more };
  };
}

const facetShape = (groups: FacetGroup[]) =>
  groups.map((group) => ({
    filterId: group.filterId,
    label: group.label,
    distinctValues: group.distinctValues,
    values: valueShape(group.values),
  }));
const valueShape = (values: FacetValue[]) =>
  values.map((v) => ({ value: v.value, count: v.count, selected: v.selected }));

/** Where two lists first differ (null when equal). */
function firstDifference(a: unknown[], b: unknown[]): number | null {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if (!isDeepStrictEqual(a[i], b[i])) return i;
  return null;
}

const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

describe("the search index agrees with the reference search", () => {
  it(`on ${REPLAY ? "one replayed request" : `${REQUESTS} random requests`} (seed ${SEED}): totals, page order, facets, all ids, more pages`, async () => {
    console.info(`Search oracle: ORACLE_SEED=${SEED}`);
    const prefix = `OR${SEED.toString(36).toUpperCase()}`;
    const fixture = fixtureRecords(prefix);
    const report = await applyImport(() => textChunks(jsonLines(fixture)), {
      mode: "publish",
      source: "cli",
      filename: "oracle.jsonl",
    });
    expect(report.errorCount).toBe(0);
    const docs = await publishedDocs();
    const recordIdOf = new Map(docs.map((d) => [d.hssId, d.recordId]));
    const published = docs
      .filter((d) => d.hssId.startsWith(`${prefix}-`))
      .sort((a, b) => (a.hssId < b.hssId ? -1 : 1));
    expect(published).toHaveLength(FIXTURE_SIZE);

    const next = requestGenerator(
      published.map((d) => d.doc),
      mulberry32(SEED),
    );
    const failures: string[] = [];
    let nonEmpty = 0;
    const seen = {
      ranked: 0,
      advanced: 0,
      basic: 0,
      dates: 0,
      years: 0,
      laterPages: 0,
      checkedMore: 0,
    };
    const count = REPLAY ? 1 : REQUESTS;
    for (let n = 0; n < count; n++) {
      const generated = REPLAY ?? next();
      const { settings } = generated;
      // The page: a random one within the total (now and then the first one past it).
      const all = referenceMatchingIds(docs, { ...generated.request, from: 0 }, settings, {
        today: AS_OF,
      });
      if (!REPLAY) {
        const size = generated.request.size;
        const pages = Math.ceil(all.length / size);
        const page = generated.pastEnd
          ? pages
          : Math.floor((generated.pageRoll ?? 0) * Math.max(1, pages));
        generated.request = { ...generated.request, from: page * size };
      }
      const { request } = generated;
      const replay = {
        request,
        settings,
        more: n % 5 === 0 || REPLAY ? generated.more : undefined,
      };
      const fail = (what: string, detail: unknown) =>
        failures.push(
          `#${n} ${what}: ${JSON.stringify(detail)}\n  replay: ORACLE_SEED=${SEED} ORACLE_REQUEST=${shellQuoted(JSON.stringify(replay))}`,
        );

      const reference = referenceSearch(docs, request, settings, { today: AS_OF });
      if (reference.total > 0) nonEmpty++;
      if (
        reference.total > 0 &&
        request.searchPhrase.trim() !== "*" &&
        request.searchPhrase.trim() !== ""
      )
        seen.ranked++;
      if (reference.total > 0 && request.isAdvancedSearch && request.advanceSearchFilter.length)
        seen.advanced++;
      if (reference.total > 0 && request.basicSearchFilter.length) seen.basic++;
      if (
        reference.total > 0 &&
        (request.lastUpdatedDateFrom ||
          request.lastUpdatedDateTo ||
          request.emaTimelineFrom ||
          request.emaTimelineTo ||
          request.emaEventsByDateRangeAndEventNameFilter)
      )
        seen.dates++;
      if (
        reference.total > 0 &&
        (request.emaNextOrLastEventYearFrom != null || request.emaNextOrLastEventYearTo != null)
      )
        seen.years++;
      if (request.from > 0 && reference.hssIds.length) seen.laterPages++;
      if (replay.more) seen.checkedMore++;
      // The reference agrees with itself: its page is a slice of its every match.
      if (
        reference.total !== all.length ||
        !isDeepStrictEqual(reference.hssIds, all.slice(request.from, request.from + request.size))
      ) {
        fail("reference inconsistent", { total: reference.total, all: all.length });
      }

      const index = await searchRecords(request, settings, { eventYears: true, today: AS_OF });
      if (index.total !== reference.total)
        fail("total", { index: index.total, reference: reference.total });
      const hits = index.hits.map((hit) => hit.hssId);
      const pageAt = firstDifference(hits, reference.hssIds);
      if (pageAt !== null) {
        fail("page order", {
          at: pageAt,
          index: hits.slice(pageAt, pageAt + 3),
          reference: reference.hssIds.slice(pageAt, pageAt + 3),
        });
      }
      const indexFacets = facetShape(index.facets);
      const referenceFacets = facetShape(reference.facets);
      const facetAt = firstDifference(indexFacets, referenceFacets);
      if (facetAt !== null)
        fail("facets", {
          at: facetAt,
          index: indexFacets[facetAt] ?? null,
          reference: referenceFacets[facetAt] ?? null,
        });

      // The search charts' histogram: the matches by year of their next or last EU event.
      if (!isDeepStrictEqual(index.eventYears, reference.eventYears))
        fail("EU event years", { index: index.eventYears, reference: reference.eventYears });

      if (replay.more) {
        const ids = await matchingRecordIds(request, settings, { today: AS_OF });
        const expected = all.map((hssId) => recordIdOf.get(hssId));
        const idsAt = firstDifference(ids, expected);
        if (idsAt !== null)
          fail("all ids", {
            at: idsAt,
            index: ids.slice(idsAt, idsAt + 3),
            reference: expected.slice(idsAt, idsAt + 3),
          });

        const { filterId, ...options } = replay.more;
        const more = await facetValues(request, settings, filterId, { ...options, today: AS_OF });
        const expectedMore = referenceFacetValues(docs, request, settings, filterId, {
          ...options,
          today: AS_OF,
        });
        const moreAt = firstDifference(valueShape(more.values), valueShape(expectedMore.values));
        if (more.total !== expectedMore.total || moreAt !== null) {
          fail(`more page of ${filterId}`, {
            total: { index: more.total, reference: expectedMore.total },
            at: moreAt,
            index: moreAt === null ? null : more.values[moreAt],
            reference: moreAt === null ? null : expectedMore.values[moreAt],
          });
        }
      }
    }
    console.info(
      `Search oracle: ${count} request(s), ${nonEmpty} finding records; of those with a phrase ${seen.ranked}, filters ${seen.basic}, dates ${seen.dates}, EU event years ${seen.years}, advanced rows ${seen.advanced}; later pages ${seen.laterPages}; more pages checked ${seen.checkedMore}`,
    );
    if (failures.length) {
      const shown = failures.slice(0, 50);
      console.error(
        `Search oracle, ORACLE_SEED=${SEED}: ${failures.length} disagreement(s)${failures.length > shown.length ? ` (the first ${shown.length})` : ""}\n${shown.join("\n")}`,
      );
    }
    expect(
      failures.length,
      `${failures.length} disagreement(s); ORACLE_SEED=${SEED} replays this run`,
    ).toBe(0);
    // The requests must find things, or agreeing would prove little.
    if (!REPLAY) expect(nonEmpty).toBeGreaterThan(REQUESTS / 3);
  }, 180_000);
});
