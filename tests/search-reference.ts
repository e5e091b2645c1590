import type { HssRecord } from "~/records/schema.server";
import {
  type CompiledPhrase,
  compilePhrase,
  phraseAt,
  type QueryTerm,
} from "~/search/compiled-phrase";
import {
  availableFilters,
  type DateFilter,
  type EnabledSettings,
  FILTERS_BY_ID,
  isDateFilter,
  type SearchFilter,
  type ValueFilter,
} from "~/search/filters";
import { indexRecord } from "~/search/index-record";
import { type AdvancedRow, FACET_PAGE_SIZE, type SearchRequest } from "~/search/request";
import type { FacetGroup, FacetValue } from "~/search/results";
import { bm25, FIELD_GROUPS, FIELD_WEIGHTS, termOf, words } from "~/search/text";

/**
 * The reference search: the answers the search index (engine.ts) must give, computed the
 * slow, obvious way: plain loops over every document, read through the filter registry's
 * value readers. Nothing is cached or indexed; speed does not matter. The oracle test
 * (tests/integration/search-oracle.test.ts) holds the index to it.
 *
 * Shared with the index on purpose, so that both read text identically: how a value becomes
 * terms (words, termOf), the field weights, the BM25 formula, the phrase box's compiler and
 * phraseAt. Everything else (matching, filtering, scoring, ordering, facet counts) is
 * written here again, independently.
 */

export interface ReferenceDoc {
  recordId: number;
  hssId: string;
  doc: HssRecord;
}

/** Stands for the next-or-last EU event years where a filter to leave out is named. */
const YEARS = "next or last EU event years";

/** Today in UTC, YYYY-MM-DD. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The date of a record's next EU event (the first dated `today` or later), or else of its
 * last one (the latest before `today`); null when it has none.
 */
export function nextOrLastEuEvent(record: HssRecord, today: string): string | null {
  const dates = record.regulatoryInformation.ema.events.map((event) => event.date);
  const upcoming = dates.filter((date) => date >= today).sort();
  if (upcoming.length > 0) return upcoming[0];
  const past = dates.filter((date) => date < today).sort();
  return past.length > 0 ? past[past.length - 1] : null;
}

/** Values shown per facet before "more" (engine.ts FACET_LIMIT). */
const FACET_LIMIT = 10;

/** One text value of a document: its terms (null for a stop word) and its field weight. */
interface TextValue {
  terms: Array<string | null>;
  weight: number;
}

interface ReadDoc {
  ref: ReferenceDoc;
  values: TextValue[];
  /** The weighted number of terms (stop words not counted). */
  length: number;
}

function readDoc(ref: ReferenceDoc): ReadDoc {
  const text = indexRecord(ref.doc).text;
  const values: TextValue[] = [];
  for (const group of FIELD_GROUPS) {
    for (const value of text[group])
      values.push({ terms: words(value).map(termOf), weight: FIELD_WEIGHTS[group] });
  }
  let length = 0;
  for (const value of values) {
    for (const term of value.terms) if (term !== null) length += value.weight;
  }
  return { ref, values, length };
}

/** The weighted frequency of a query term in a document (0: absent). */
function termFrequency(doc: ReadDoc, query: QueryTerm): number {
  let tf = 0;
  for (const value of doc.values) {
    for (let at = 0; at < value.terms.length; at++) {
      const term = value.terms[at];
      if (query.kind === "term") {
        if (term === query.term) tf += value.weight;
      } else if (query.kind === "prefix") {
        if (term?.startsWith(query.prefix)) tf += value.weight;
      } else if (phraseAt(value.terms, query.terms, at)) {
        tf += value.weight;
      }
    }
  }
  return tf;
}

function phraseMatches(compiled: CompiledPhrase, doc: ReadDoc): boolean {
  if (!compiled.active) return true;
  for (const group of compiled.groups) {
    let holds = true;
    for (const term of group.positive) if (termFrequency(doc, term) === 0) holds = false;
    for (const term of group.negative) if (termFrequency(doc, term) > 0) holds = false;
    if (holds) return true;
  }
  return false;
}

/** A document's values of a value filter: distinct and non-empty, in the reader's order. */
function valuesOf(filter: ValueFilter, record: HssRecord): string[] {
  const out: string[] = [];
  for (const value of filter.values(record)) if (value && !out.includes(value)) out.push(value);
  return out;
}

function datesOf(
  filter: DateFilter,
  record: HssRecord,
): Array<{ date: string; eventName?: string }> {
  if (filter.id === "lastUpdated") return [{ date: record.lastUpdated }];
  return filter.dates(record);
}

/** Whether a YYYY-MM-DD date lies in [from, to], an empty or null bound being open. */
function within(
  date: string,
  from: string | null | undefined,
  to: string | null | undefined,
): boolean {
  if (from && date < from) return false;
  if (to && date > to) return false;
  return true;
}

function rowHolds(row: AdvancedRow, record: HssRecord): boolean {
  const filter = FILTERS_BY_ID.get(row.filterId);
  if (!filter) throw new Error(`Reference search: no filter ${row.filterId} in an advanced row`);
  if (isDateFilter(filter)) {
    for (const { date } of datesOf(filter, record))
      if (within(date, row.dateFrom, row.dateTo)) return true;
    return false;
  }
  const wanted = row.fieldValue.toLowerCase();
  const held = valuesOf(filter, record).map((value) => value.toLowerCase());
  if (row.operator === "contains") return held.some((value) => value.includes(wanted));
  if (row.operator === "isNot") return !held.some((value) => value === wanted);
  return held.some((value) => value === wanted);
}

/** AND binds tighter than OR: the rows split into AND-groups at every row joined by "or". */
function advancedHolds(rows: AdvancedRow[], record: HssRecord): boolean {
  const groups: AdvancedRow[][] = [];
  rows.forEach((row, index) => {
    if (index === 0 || row.join === "or") groups.push([]);
    groups[groups.length - 1].push(row);
  });
  return groups.some((group) => group.every((row) => rowHolds(row, record)));
}

/** Every condition of the request but the phrase, leaving out the basic groups of `leaveOut`. */
function conditionsHold(
  record: HssRecord,
  request: SearchRequest,
  settings: EnabledSettings,
  leaveOut: string | null,
  today: string,
): boolean {
  for (const group of request.basicSearchFilter) {
    const filter = FILTERS_BY_ID.get(group.filterId);
    if (!filter || isDateFilter(filter)) continue;
    if (filter.setting && !settings[filter.setting]) continue;
    if (filter.id === leaveOut) continue;
    const held = valuesOf(filter, record);
    const holds = filter.orClauseEnabled
      ? group.values.some((value) => held.includes(value))
      : group.values.every((value) => held.includes(value));
    if (!holds) return false;
  }
  if (request.lastUpdatedDateFrom || request.lastUpdatedDateTo) {
    if (!within(record.lastUpdated, request.lastUpdatedDateFrom, request.lastUpdatedDateTo))
      return false;
  }
  const event = request.emaEventsByDateRangeAndEventNameFilter;
  if (request.emaTimelineFrom || request.emaTimelineTo || event) {
    const filter = FILTERS_BY_ID.get("euEventDates") as DateFilter;
    let found = false;
    for (const { date, eventName } of datesOf(filter, record)) {
      if (
        within(date, request.emaTimelineFrom, request.emaTimelineTo) &&
        (!event?.eventName || eventName === event.eventName)
      )
        found = true;
    }
    if (!found) return false;
  }
  const yearFrom = request.emaNextOrLastEventYearFrom ?? null;
  const yearTo = request.emaNextOrLastEventYearTo ?? null;
  if ((yearFrom !== null || yearTo !== null) && leaveOut !== YEARS) {
    const date = nextOrLastEuEvent(record, today);
    if (date === null) return false;
    const year = Number(date.slice(0, 4));
    if ((yearFrom !== null && year < yearFrom) || (yearTo !== null && year > yearTo)) return false;
  }
  if (request.isAdvancedSearch && request.advanceSearchFilter.length > 0) {
    if (!advancedHolds(request.advanceSearchFilter, record)) return false;
  }
  return true;
}

/** The documents read, with what the phrase says of each: whether it matches, and its score. */
interface Corpus {
  docs: ReadDoc[];
  ranked: boolean;
  phraseHolds: boolean[];
  scores: number[];
  /** YYYY-MM-DD: the day next or last EU events are told from. */
  today: string;
}

function readCorpus(docs: ReferenceDoc[], request: SearchRequest, today: string): Corpus {
  const read = docs.map(readDoc);
  const compiled = compilePhrase(request.searchPhrase);
  const n = read.length;
  let totalLength = 0;
  for (const doc of read) totalLength += doc.length;
  const avgLength = totalLength / n;

  // tf of every scored term in every document, and its df over all documents.
  const tfs = compiled.scored.map((term) => read.map((doc) => termFrequency(doc, term)));
  const dfs = tfs.map((column) => column.filter((tf) => tf > 0).length);

  const phraseHolds = read.map((doc) => phraseMatches(compiled, doc));
  const scores = read.map((doc, i) => {
    let score = 0;
    compiled.scored.forEach((_, t) => {
      if (tfs[t][i] > 0) score += bm25(tfs[t][i], doc.length, dfs[t], n, avgLength);
    });
    return score;
  });
  return { docs: read, ranked: compiled.active, phraseHolds, scores, today };
}

/** Indexes (into corpus.docs) of the documents the request finds, the basic groups of `leaveOut` left out. */
function matchesOf(
  corpus: Corpus,
  request: SearchRequest,
  settings: EnabledSettings,
  leaveOut: string | null = null,
): number[] {
  const found: number[] = [];
  corpus.docs.forEach((doc, i) => {
    if (
      corpus.phraseHolds[i] &&
      conditionsHold(doc.ref.doc, request, settings, leaveOut, corpus.today)
    )
      found.push(i);
  });
  return found;
}

/** By UTF-16 code units, as `<` compares strings (not localeCompare). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNumber = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

function inOrder(corpus: Corpus, found: number[], request: SearchRequest): number[] {
  const compare = (i: number, j: number) => {
    const a = corpus.docs[i].ref;
    const b = corpus.docs[j].ref;
    let primary: number;
    if (request.sortBy === "title") {
      primary = byCodeUnits(a.doc.title, b.doc.title);
      if (request.sortOrder === "desc") primary = -primary;
    } else if (request.sortBy === "lastUpdated" || !corpus.ranked) {
      primary = -byCodeUnits(a.doc.lastUpdated, b.doc.lastUpdated);
      if (request.sortOrder === "asc") primary = -primary;
    } else {
      primary = -byNumber(corpus.scores[i], corpus.scores[j]);
      if (request.sortOrder === "asc") primary = -primary;
      if (primary === 0) primary = -byCodeUnits(a.doc.lastUpdated, b.doc.lastUpdated);
    }
    return primary !== 0 ? primary : a.recordId - b.recordId;
  };
  return [...found].sort(compare);
}

/** How many of the documents hold each value of the filter: count descending, then value. */
function countValues(
  corpus: Corpus,
  found: number[],
  filter: ValueFilter,
): Array<{ value: string; count: number }> {
  const rows: Array<{ value: string; count: number }> = [];
  for (const i of found) {
    for (const value of valuesOf(filter, corpus.docs[i].ref.doc)) {
      const row = rows.find((r) => r.value === value);
      if (row) row.count++;
      else rows.push({ value, count: 1 });
    }
  }
  return rows.sort((a, b) => b.count - a.count || byCodeUnits(a.value, b.value));
}

/** The values of the request's basic group for a filter (the first such group). */
function selectedOf(request: SearchRequest, filterId: string): string[] {
  return request.basicSearchFilter.find((group) => group.filterId === filterId)?.values ?? [];
}

function facetGroups(
  corpus: Corpus,
  found: number[],
  request: SearchRequest,
  settings: EnabledSettings,
): FacetGroup[] {
  const facets: FacetGroup[] = [];
  for (const filter of availableFilters(settings)) {
    if (!filter.facet || isDateFilter(filter)) continue;
    const hasGroup = request.basicSearchFilter.some((group) => group.filterId === filter.id);
    const set =
      filter.orClauseEnabled && hasGroup ? matchesOf(corpus, request, settings, filter.id) : found;
    const rows = countValues(corpus, set, filter);
    const selected = selectedOf(request, filter.id);
    const shown: FacetValue[] = [];
    rows.forEach((row, index) => {
      if (index + 1 <= FACET_LIMIT || selected.includes(row.value))
        shown.push({ value: row.value, count: row.count, selected: selected.includes(row.value) });
    });
    for (const value of selected) {
      if (!shown.some((v) => v.value === value)) shown.push({ value, count: 0, selected: true });
    }
    if (shown.length > 0)
      facets.push({
        filterId: filter.id,
        label: filter.label,
        distinctValues: rows.length,
        values: shown,
      });
  }
  return facets;
}

/**
 * The matches (the request's own years left out) by the year of their next or last EU event,
 * years in order, and how many have no EU event.
 */
function eventYearCounts(corpus: Corpus, request: SearchRequest, settings: EnabledSettings) {
  const years: Array<{ year: number; count: number }> = [];
  let none = 0;
  for (const i of matchesOf(corpus, request, settings, YEARS)) {
    const date = nextOrLastEuEvent(corpus.docs[i].ref.doc, corpus.today);
    if (date === null) {
      none++;
      continue;
    }
    const year = Number(date.slice(0, 4));
    const row = years.find((r) => r.year === year);
    if (row) row.count++;
    else years.push({ year, count: 1 });
  }
  years.sort((a, b) => a.year - b.year);
  return { years, none };
}

/** A page of results, its total, its facets and the EU event years, as searchRecords answers (ids instead of hits). */
export function referenceSearch(
  docs: ReferenceDoc[],
  request: SearchRequest,
  settings: EnabledSettings,
  options: { today?: string } = {},
): {
  total: number;
  hssIds: string[];
  facets: FacetGroup[];
  eventYears: { years: Array<{ year: number; count: number }>; none: number };
} {
  const corpus = readCorpus(docs, request, options.today ?? todayUtc());
  const found = matchesOf(corpus, request, settings);
  const ordered = inOrder(corpus, found, request);
  return {
    total: found.length,
    hssIds: ordered
      .slice(request.from, request.from + request.size)
      .map((i) => corpus.docs[i].ref.hssId),
    facets: facetGroups(corpus, found, request, settings),
    eventYears: eventYearCounts(corpus, request, settings),
  };
}

/** Every match, in the request's order (hssIds). */
export function referenceMatchingIds(
  docs: ReferenceDoc[],
  request: SearchRequest,
  settings: EnabledSettings,
  options: { today?: string } = {},
): string[] {
  const corpus = readCorpus(docs, request, options.today ?? todayUtc());
  return inOrder(corpus, matchesOf(corpus, request, settings), request).map(
    (i) => corpus.docs[i].ref.hssId,
  );
}

/** One filter's values over the matches (its own selection left out when OR-able): the facet's "more" page. */
export function referenceFacetValues(
  docs: ReferenceDoc[],
  request: SearchRequest,
  settings: EnabledSettings,
  filterId: string,
  options: { sort: "count" | "az"; page: number; contains?: string; today?: string },
): { total: number; values: FacetValue[] } {
  const filter: SearchFilter | undefined = FILTERS_BY_ID.get(filterId);
  if (!filter || isDateFilter(filter))
    throw new Error(`Reference search: ${filterId} is not a value filter`);
  const corpus = readCorpus(docs, request, options.today ?? todayUtc());
  let rows = countValues(
    corpus,
    matchesOf(corpus, request, settings, filter.orClauseEnabled ? filter.id : null),
    filter,
  );
  const contains = options.contains?.trim().toLowerCase() ?? "";
  if (contains) rows = rows.filter((row) => row.value.toLowerCase().includes(contains));
  if (options.sort === "az") rows = [...rows].sort((a, b) => a.value.localeCompare(b.value));
  const selected = selectedOf(request, filterId);
  const start = (options.page - 1) * FACET_PAGE_SIZE;
  return {
    total: rows.length,
    values: rows.slice(start, start + FACET_PAGE_SIZE).map((row) => ({
      value: row.value,
      count: row.count,
      selected: selected.includes(row.value),
    })),
  };
}
