import { required } from "~/lib/required";
import { bitCount, bitOrdinalsView } from "./bitset";
import { countPacked, type FacetPacking } from "./facet-packing";
import { availableFilters, type EnabledSettings, FILTERS, filterIndexOf } from "./filters";
import { FACET_PAGE_SIZE, type SearchRequest } from "./request";
import type { FacetGroup, FacetValue } from "./results";
import type { ValueDictionary } from "./value-dictionary";

/**
 * Facet counting over a match set: how many matches hold each value of each facet filter,
 * walking the matches' value columns (or, for one filter, its value postings). A filter whose
 * values are OR-ed is counted over the matches of every other condition, so its other values
 * keep their counts while some are chosen.
 */

/** Values shown per facet before "more". */
export const FACET_LIMIT = 10;

/** Most matches first, then the value in code-point order. */
export function byCountThenValue(
  a: { value: string; count: number },
  b: { value: string; count: number },
) {
  return b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/**
 * Counts of each facet filter's values (by local ordinal) over a match set; columns packed
 * together (facet-packing.ts) are counted a group at a time.
 */
export function countColumns(
  values: ValueDictionary,
  bits: Uint32Array,
  filterIndexes: number[],
  packing: FacetPacking | null = null,
) {
  const counts = new Map<number, Int32Array>();
  const matches = bitOrdinalsView(bits);
  for (const filterIndex of filterIndexes)
    counts.set(filterIndex, new Int32Array(values.byFilter[filterIndex].length));
  if (packing) countPacked(packing, matches, new Set(filterIndexes), counts);
  for (const filterIndex of filterIndexes) {
    if (packing?.packed.has(filterIndex)) continue;
    const count = required(counts.get(filterIndex), "facet counts");
    const column = required(values.columns.get(filterIndex), "facet column");
    const { start, length } = column;
    const locals = column.values.data;
    for (let m = 0; m < matches.length; m++) {
      const doc = matches[m];
      for (let i = start[doc], end = i + length[doc]; i < end; i++) count[locals[i]]++;
    }
  }
  return counts;
}

/** Counts of one filter's values (local ordinals) over a match set, from the value postings. */
export function countPostings(values: ValueDictionary, bits: Uint32Array, filterIndex: number) {
  const ids = values.byFilter[filterIndex];
  const count = new Int32Array(ids.length);
  ids.forEach((id, local) => {
    let n = 0;
    values.postings.each(id, (doc) => {
      if (bits[doc >>> 5] & (1 << (doc & 31))) n++;
    });
    count[local] = n;
  });
  return count;
}

/** A filter's counted values (local ordinal → count) as rows, most matches first. */
export function countedRows(values: ValueDictionary, filterIndex: number, count: Int32Array) {
  const ids = values.byFilter[filterIndex];
  const rows: Array<{ value: string; count: number }> = [];
  for (let local = 0; local < count.length; local++) {
    if (count[local] > 0) rows.push({ value: values.text[ids[local]], count: count[local] });
  }
  return rows.sort(byCountThenValue);
}

export function facetGroup(
  values: ValueDictionary,
  filterIndex: number,
  count: Int32Array,
  selected: string[],
): FacetGroup | null {
  const filter = FILTERS[filterIndex];
  const rows = countedRows(values, filterIndex, count);
  const shown: FacetValue[] = rows
    .filter((row, rank) => rank < FACET_LIMIT || selected.includes(row.value))
    .map((row) => ({
      value: row.value,
      count: row.count,
      selected: selected.includes(row.value),
    }));
  for (const value of selected)
    if (!shown.some((v) => v.value === value)) shown.push({ value, count: 0, selected: true });
  if (!shown.length) return null;
  return { filterId: filter.id, label: filter.label, distinctValues: rows.length, values: shown };
}

/** What facet counting reads of the search it counts for. */
export interface FacetSearch {
  values: ValueDictionary;
  request: SearchRequest;
  settings: EnabledSettings;
  /** The matches. */
  bits: Uint32Array;
  /** The live ordinals: the whole catalogue. */
  live: () => Uint32Array;
  /** The matches of every condition but those of one filter (its OR-able values). */
  without: (filterId: string) => Uint32Array;
  /** The whole catalogue's counts per set of filters, while the records stay the same. */
  catalogueCounts: Map<string, Map<number, Int32Array>>;
  /** The facet columns packed together, while the records stay the same. */
  packing: () => FacetPacking;
}

/**
 * Counts of the filters' values over a match set. A set holding most of the catalogue is
 * counted the other way round: the whole catalogue's counts (worked out once while the
 * records stay the same) less those of the records it leaves out, which are fewer.
 */
function countOver(search: FacetSearch, bits: Uint32Array, filterIndexes: number[]) {
  const { values, catalogueCounts } = search;
  const packing = search.packing();
  const live = search.live();
  const matched = bitCount(bits);
  const liveCount = bitCount(live);
  if (2 * matched <= liveCount) return countColumns(values, bits, filterIndexes, packing);
  const key = filterIndexes.join(",");
  let all = catalogueCounts.get(key);
  if (!all) {
    all = countColumns(values, live, filterIndexes, packing);
    catalogueCounts.set(key, all);
  }
  const counts = new Map<number, Int32Array>();
  for (const filterIndex of filterIndexes)
    counts.set(filterIndex, required(all.get(filterIndex), "facet counts").slice());
  if (matched === liveCount) return counts;
  const rest = new Uint32Array(bits.length);
  for (let w = 0; w < bits.length; w++) rest[w] = live[w] & ~bits[w];
  const left = countColumns(values, rest, filterIndexes, packing);
  for (const [filterIndex, count] of counts) {
    const minus = required(left.get(filterIndex), "facet counts");
    for (let i = 0; i < count.length; i++) count[i] -= minus[i];
  }
  return counts;
}

export function countFacets(search: FacetSearch): FacetGroup[] {
  const { values, request, settings, bits } = search;
  const facets = availableFilters(settings).filter((filter) => filter.facet);
  const selected = new Map(
    request.basicSearchFilter.map((group) => [group.filterId, group.values]),
  );
  const separately = facets.filter((filter) => filter.orClauseEnabled && selected.has(filter.id));
  const together = facets
    .filter((filter) => !separately.includes(filter))
    .map((filter) => filterIndexOf(filter.id));
  const counts = countOver(search, bits, together);
  for (const filter of separately) {
    const at = filterIndexOf(filter.id);
    const separate = countOver(search, search.without(filter.id), [at]);
    counts.set(at, required(separate.get(at), "facet counts"));
  }
  return facets.flatMap((filter) => {
    const at = filterIndexOf(filter.id);
    const count = required(counts.get(at), "facet counts");
    const group = facetGroup(values, at, count, selected.get(filter.id) ?? []);
    return group ? [group] : [];
  });
}

export type FacetSort = "count" | "az";

/**
 * One page of a filter's values over a match set: the facet's "more" page, most matches
 * first or A to Z, narrowed to those containing `contains`, each marked when chosen.
 */
export function facetPage(
  values: ValueDictionary,
  filterId: string,
  bits: Uint32Array,
  selected: string[],
  options: { sort: FacetSort; page: number; contains?: string },
) {
  const filterIndex = filterIndexOf(filterId);
  const count = values.columns.has(filterIndex)
    ? required(countColumns(values, bits, [filterIndex]).get(filterIndex), "facet counts")
    : countPostings(values, bits, filterIndex);
  let rows = countedRows(values, filterIndex, count);
  const contains = options.contains?.trim().toLowerCase();
  if (contains) rows = rows.filter((row) => row.value.toLowerCase().includes(contains));
  if (options.sort === "az") rows.sort((a, b) => a.value.localeCompare(b.value));
  const start = (options.page - 1) * FACET_PAGE_SIZE;
  return {
    total: rows.length,
    values: rows
      .slice(start, start + FACET_PAGE_SIZE)
      .map((row) => ({ ...row, selected: selected.includes(row.value) })),
  };
}
