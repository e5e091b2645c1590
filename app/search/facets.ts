import { required } from "~/lib/required";
import { bitOrdinals } from "./bitset";
import type { MatchParts, SearchIndex } from "./engine";
import { availableFilters, type EnabledSettings, FILTERS, filterIndexOf } from "./filters";
import type { SearchRequest } from "./request";
import type { FacetGroup, FacetValue } from "./results";

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

/** Counts of each facet filter's values (by local ordinal) over a match set. */
export function countColumns(index: SearchIndex, bits: Uint32Array, filterIndexes: number[]) {
  const counts = new Map<number, Int32Array>();
  const matches = bitOrdinals(bits);
  for (const filterIndex of filterIndexes) {
    const count = new Int32Array(index.filterValues[filterIndex].length);
    counts.set(filterIndex, count);
    const column = required(index.columns.get(filterIndex), "facet column");
    const { start, length } = column;
    const values = column.values.data;
    for (let m = 0; m < matches.length; m++) {
      const doc = matches[m];
      for (let i = start[doc], end = i + length[doc]; i < end; i++) count[values[i]]++;
    }
  }
  return counts;
}

/** Counts of one filter's values (local ordinals) over a match set, from the value postings. */
export function countPostings(index: SearchIndex, bits: Uint32Array, filterIndex: number) {
  const ids = index.filterValues[filterIndex];
  const count = new Int32Array(ids.length);
  ids.forEach((id, local) => {
    let n = 0;
    index.valuePostings.each(id, (doc) => {
      if (bits[doc >>> 5] & (1 << (doc & 31))) n++;
    });
    count[local] = n;
  });
  return count;
}

export function facetGroup(
  index: SearchIndex,
  filterIndex: number,
  count: Int32Array,
  selected: string[],
): FacetGroup | null {
  const filter = FILTERS[filterIndex];
  const ids = index.filterValues[filterIndex];
  const rows: Array<{ value: string; count: number }> = [];
  for (let local = 0; local < count.length; local++) {
    if (count[local] > 0) rows.push({ value: index.valueText[ids[local]], count: count[local] });
  }
  rows.sort(byCountThenValue);
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

export function countFacets(
  index: SearchIndex,
  request: SearchRequest,
  settings: EnabledSettings,
  bits: Uint32Array,
  parts: MatchParts,
): FacetGroup[] {
  const facets = availableFilters(settings).filter((filter) => filter.facet);
  const selected = new Map(
    request.basicSearchFilter.map((group) => [group.filterId, group.values]),
  );
  const separately = facets.filter((filter) => filter.orClauseEnabled && selected.has(filter.id));
  const together = facets
    .filter((filter) => !separately.includes(filter))
    .map((filter) => filterIndexOf(filter.id));
  let counts: Map<number, Int32Array>;
  if (parts.parts.length === 0) {
    // The whole catalogue: counted once per index state.
    const key = together.join(",");
    counts = index.allFacets.get(key) ?? countColumns(index, bits, together);
    index.allFacets.set(key, counts);
  } else {
    counts = countColumns(index, bits, together);
  }
  for (const filter of separately) {
    const at = filterIndexOf(filter.id);
    const separate = countColumns(index, index.combine(parts.parts, filter.id), [at]);
    counts.set(at, required(separate.get(at), "facet counts"));
  }
  return facets.flatMap((filter) => {
    const at = filterIndexOf(filter.id);
    const count = required(counts.get(at), "facet counts");
    const group = facetGroup(index, at, count, selected.get(filter.id) ?? []);
    return group ? [group] : [];
  });
}
