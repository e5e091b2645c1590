import type { HssRecord } from "~/records/schema.server";
import { compilePhrase, phraseAt, type QueryTerm } from "./compiled-phrase";
import { availableFilters, type EnabledSettings, FILTERS_BY_ID, isDateFilter, type SearchFilter } from "./filters";
import { indexRecord } from "./index-record";
import { FACET_PAGE_SIZE, type SearchRequest } from "./request";
import type { FacetGroup, FacetValue } from "./results";
import { bm25, FIELD_GROUPS, FIELD_WEIGHTS, termOf, words } from "./text";

/**
 * The reference search: the same answers as the search index (engine.ts), by plain loops
 * over the documents, through the registry's value readers. Slow on purpose and simple on
 * purpose: the oracle test holds the index to it. Shared with the index: only how text is
 * read (text.ts) and how the phrase box is parsed (compiled-phrase.ts).
 */

export interface ReferenceDoc {
  recordId: number;
  hssId: string;
  doc: HssRecord;
}

const FACET_LIMIT = 10;

interface Read {
  ref: ReferenceDoc;
  /** Text values as term sequences, each with its weight. */
  values: Array<{ terms: Array<string | null>; weight: number }>;
  length: number;
}

const reads = new WeakMap<ReferenceDoc, Read>();

function read(ref: ReferenceDoc): Read {
  const known = reads.get(ref);
  if (known) return known;
  const text = indexRecord(ref.doc).text;
  const values = FIELD_GROUPS.flatMap((group) => text[group].map((value) => ({ terms: words(value).map(termOf), weight: FIELD_WEIGHTS[group] })));
  let length = 0;
  for (const value of values) for (const term of value.terms) if (term !== null) length += value.weight;
  const result = { ref, values, length };
  reads.set(ref, result);
  return result;
}

function tf(doc: Read, term: QueryTerm) {
  let total = 0;
  for (const value of doc.values) {
    for (let at = 0; at < value.terms.length; at++) {
      const here = value.terms[at];
      if (term.kind === "term" && here === term.term) total += value.weight;
      if (term.kind === "prefix" && here !== null && here.startsWith(term.prefix)) total += value.weight;
      if (term.kind === "phrase" && phraseAt(value.terms, term.terms, at)) total += value.weight;
    }
  }
  return total;
}

const valuesOf = (filter: SearchFilter, doc: HssRecord) =>
  isDateFilter(filter) ? [] : [...new Set(filter.values(doc).filter((value): value is string => Boolean(value)))];

function datesOf(filter: SearchFilter, doc: HssRecord) {
  if (filter.id === "lastUpdated") return [{ date: doc.lastUpdated, eventName: undefined as string | undefined }];
  return isDateFilter(filter) ? filter.dates(doc) : [];
}

const within = (date: string, from: string | null, to: string | null) => (!from || date >= from) && (!to || date <= to);

/** Whether a record meets every condition of the request but the basic group of `leaveOut`. */
function matches(doc: Read, request: SearchRequest, settings: EnabledSettings, phraseHolds: boolean, leaveOut?: string) {
  if (!phraseHolds) return false;
  const record = doc.ref.doc;
  for (const group of request.basicSearchFilter) {
    const filter = FILTERS_BY_ID.get(group.filterId);
    if (!filter || isDateFilter(filter) || (filter.setting && !settings[filter.setting]) || filter.id === leaveOut) continue;
    const held = valuesOf(filter, record);
    const ok = filter.orClauseEnabled ? group.values.some((value) => held.includes(value)) : group.values.every((value) => held.includes(value));
    if (!ok) return false;
  }
  if ((request.lastUpdatedDateFrom || request.lastUpdatedDateTo) && !within(record.lastUpdated, request.lastUpdatedDateFrom, request.lastUpdatedDateTo)) return false;
  const eventName = request.emaEventsByDateRangeAndEventNameFilter?.eventName ?? null;
  if (request.emaTimelineFrom || request.emaTimelineTo || eventName) {
    const events = datesOf(FILTERS_BY_ID.get("euEventDates")!, record);
    if (!events.some((e) => within(e.date, request.emaTimelineFrom, request.emaTimelineTo) && (!eventName || e.eventName === eventName))) return false;
  }
  if (request.isAdvancedSearch && request.advanceSearchFilter.length) {
    let any = false;
    let all = true;
    request.advanceSearchFilter.forEach((row, index) => {
      if (index > 0 && row.join === "or") {
        any ||= all;
        all = true;
      }
      const filter = FILTERS_BY_ID.get(row.filterId)!;
      let ok: boolean;
      if (isDateFilter(filter)) {
        ok = datesOf(filter, record).some((d) => within(d.date, row.dateFrom || null, row.dateTo || null));
      } else {
        const wanted = row.fieldValue.toLowerCase();
        const held = valuesOf(filter, record).map((value) => value.toLowerCase());
        if (row.operator === "contains") ok = held.some((value) => value.includes(wanted));
        else if (row.operator === "isNot") ok = !held.includes(wanted);
        else ok = held.includes(wanted);
      }
      all &&= ok;
    });
    if (!(any || all)) return false;
  }
  return true;
}

interface Prepared {
  reads: Read[];
  phraseHolds: boolean[];
  scores: number[];
  ranked: boolean;
}

function prepare(docs: ReferenceDoc[], request: SearchRequest): Prepared {
  const reads = docs.map(read);
  const compiled = compilePhrase(request.searchPhrase);
  const n = reads.length;
  const average = reads.reduce((sum, doc) => sum + doc.length, 0) / n;
  const frequencies = new Map(compiled.scored.map((term) => [term.key, reads.map((doc) => tf(doc, term))]));
  const present = (term: QueryTerm, i: number) => (frequencies.get(term.key) ?? reads.map((doc) => tf(doc, term)))[i] > 0;
  const phraseHolds = reads.map(
    (_, i) =>
      !compiled.active ||
      compiled.groups.some((group) => group.positive.every((term) => present(term, i)) && !group.negative.some((term) => present(term, i))),
  );
  const scores = reads.map((doc, i) => {
    let score = 0;
    for (const term of compiled.scored) {
      const frequency = frequencies.get(term.key)![i];
      if (frequency > 0) {
        const df = frequencies.get(term.key)!.filter((f) => f > 0).length;
        score += bm25(frequency, doc.length, df, n, average);
      }
    }
    return score;
  });
  return { reads, phraseHolds, scores, ranked: compiled.active };
}

function order(prepared: Prepared, indexes: number[], request: SearchRequest) {
  const { reads, scores } = prepared;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...indexes].sort((i, j) => {
    const a = reads[i].ref;
    const b = reads[j].ref;
    let primary: number;
    if (request.sortBy === "title") primary = compare(a.doc.title, b.doc.title) * (request.sortOrder === "desc" ? -1 : 1);
    else if (request.sortBy === "lastUpdated" || !prepared.ranked) primary = compare(a.doc.lastUpdated, b.doc.lastUpdated) * (request.sortOrder === "asc" ? 1 : -1);
    else {
      primary = (scores[i] < scores[j] ? -1 : scores[i] > scores[j] ? 1 : 0) * (request.sortOrder === "asc" ? 1 : -1);
      if (primary === 0) primary = -compare(a.doc.lastUpdated, b.doc.lastUpdated);
    }
    return primary !== 0 ? primary : a.recordId - b.recordId;
  });
}

function matching(prepared: Prepared, request: SearchRequest, settings: EnabledSettings, leaveOut?: string) {
  return prepared.reads.flatMap((doc, i) => (matches(doc, request, settings, prepared.phraseHolds[i], leaveOut) ? [i] : []));
}

function counted(prepared: Prepared, indexes: number[], filter: SearchFilter) {
  const counts = new Map<string, number>();
  for (const i of indexes) for (const value of valuesOf(filter, prepared.reads[i].ref.doc)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
}

export function referenceSearch(docs: ReferenceDoc[], request: SearchRequest, settings: EnabledSettings) {
  const prepared = prepare(docs, request);
  const found = matching(prepared, request, settings);
  const ordered = order(prepared, found, request);
  const facets: FacetGroup[] = [];
  for (const filter of availableFilters(settings).filter((f) => f.facet)) {
    const selected = request.basicSearchFilter.find((group) => group.filterId === filter.id)?.values;
    const set = filter.orClauseEnabled && selected ? matching(prepared, request, settings, filter.id) : found;
    const rows = counted(prepared, set, filter);
    const chosen = selected ?? [];
    const shown: FacetValue[] = rows
      .filter((row, rank) => rank < FACET_LIMIT || chosen.includes(row.value))
      .map((row) => ({ value: row.value, count: row.count, selected: chosen.includes(row.value) }));
    for (const value of chosen) if (!shown.some((v) => v.value === value)) shown.push({ value, count: 0, selected: true });
    if (shown.length) facets.push({ filterId: filter.id, label: filter.label, distinctValues: rows.length, values: shown });
  }
  return {
    total: found.length,
    hssIds: ordered.slice(request.from, request.from + request.size).map((i) => prepared.reads[i].ref.hssId),
    facets,
  };
}

export function referenceMatchingIds(docs: ReferenceDoc[], request: SearchRequest, settings: EnabledSettings) {
  const prepared = prepare(docs, request);
  return order(prepared, matching(prepared, request, settings), request).map((i) => prepared.reads[i].ref.hssId);
}

export function referenceFacetValues(
  docs: ReferenceDoc[],
  request: SearchRequest,
  settings: EnabledSettings,
  filterId: string,
  options: { sort: "count" | "az"; page: number; contains?: string },
) {
  const filter = FILTERS_BY_ID.get(filterId)!;
  const prepared = prepare(docs, request);
  let rows = counted(prepared, matching(prepared, request, settings, filter.orClauseEnabled ? filter.id : undefined), filter);
  const contains = options.contains?.trim().toLowerCase();
  if (contains) rows = rows.filter((row) => row.value.toLowerCase().includes(contains));
  if (options.sort === "az") rows.sort((a, b) => a.value.localeCompare(b.value));
  const selected = request.basicSearchFilter.find((group) => group.filterId === filterId)?.values ?? [];
  const start = (options.page - 1) * FACET_PAGE_SIZE;
  return {
    total: rows.length,
    values: rows.slice(start, start + FACET_PAGE_SIZE).map((row) => ({ ...row, selected: selected.includes(row.value) })),
  };
}
