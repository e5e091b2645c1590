import { required } from "~/lib/required";
import { compilePhrase } from "./compiled-phrase";
import { dayNumber } from "./days";
import { EU_EVENT_DATES } from "./events";
import { type EnabledSettings, FILTERS_BY_ID, isDateFilter } from "./filters";
import {
  allOf,
  anyOf,
  type Clause,
  NEXT_OR_LAST_TAG,
  not,
  type QueryNode,
  type SearchQuery,
} from "./query";
import type { AdvancedRow, SearchRequest } from "./request";

/**
 * The query a search request stands for (query.ts), as the site's settings allow it: the
 * phrase box, the basic filters (a filter behind a setting that is off is left out), the
 * last-updated and EU event date ranges, the years of the next or last EU event, and the
 * advanced rows. `today` (YYYY-MM-DD) dates the next or last EU event. A pure function.
 */
export function buildQuery(
  request: SearchRequest,
  settings: EnabledSettings,
  today: string,
): SearchQuery {
  const clauses: Clause[] = [];
  const compiled = compilePhrase(request.searchPhrase);
  if (compiled.active) {
    const groups = compiled.groups.map((group) =>
      allOf([...group.positive, ...group.negative.map(not)]),
    );
    // A phrase with nothing searchable left matches nothing: the empty `or`.
    clauses.push({ node: anyOf(groups), tag: null });
  }
  for (const group of request.basicSearchFilter) {
    const filter = FILTERS_BY_ID.get(group.filterId);
    if (!filter || isDateFilter(filter) || (filter.setting && !settings[filter.setting])) continue;
    clauses.push({
      node: {
        kind: "values",
        filterId: filter.id,
        values: group.values,
        match: filter.orClauseEnabled ? "any" : "all",
      },
      tag: filter.id,
    });
  }
  if (request.lastUpdatedDateFrom || request.lastUpdatedDateTo) {
    clauses.push({
      node: dateRange("lastUpdated", request.lastUpdatedDateFrom, request.lastUpdatedDateTo),
      tag: null,
    });
  }
  const eventName = request.emaEventsByDateRangeAndEventNameFilter?.eventName ?? null;
  if (request.emaTimelineFrom || request.emaTimelineTo || eventName) {
    clauses.push({
      node: dateRange(EU_EVENT_DATES, request.emaTimelineFrom, request.emaTimelineTo, eventName),
      tag: null,
    });
  }
  const fromYear = request.emaNextOrLastEventYearFrom ?? null;
  const toYear = request.emaNextOrLastEventYearTo ?? null;
  if (fromYear !== null || toYear !== null) {
    clauses.push({
      node: { kind: "nextOrLast", fromYear, toYear, today: dayNumber(today) },
      tag: NEXT_OR_LAST_TAG,
    });
  }
  if (request.isAdvancedSearch && request.advanceSearchFilter.length)
    clauses.push({ node: advancedRows(request.advanceSearchFilter), tag: null });
  return { clauses, ranked: compiled.active, scored: compiled.scored };
}

function dateRange(
  filterId: string,
  from: string | null | undefined,
  to: string | null | undefined,
  eventName: string | null = null,
): QueryNode {
  return {
    kind: "dateRange",
    filterId,
    from: from ? dayNumber(from) : null,
    to: to ? dayNumber(to) : null,
    eventName,
  };
}

/** Advanced rows: runs joined by AND, the runs joined by OR (the first row's join is not read). */
function advancedRows(rows: AdvancedRow[]): QueryNode {
  const runs: QueryNode[][] = [];
  rows.forEach((row, index) => {
    if (index === 0 || row.join === "or") runs.push([]);
    runs[runs.length - 1].push(advancedRow(row));
  });
  return anyOf(runs.map(allOf));
}

function advancedRow(row: AdvancedRow): QueryNode {
  const filter = required(FILTERS_BY_ID.get(row.filterId), `${row.filterId} filter`);
  if (isDateFilter(filter)) return dateRange(filter.id, row.dateFrom, row.dateTo);
  const held: QueryNode = {
    kind: "valueText",
    filterId: filter.id,
    text: row.fieldValue.toLowerCase(),
    match: row.operator === "contains" ? "contains" : "equals",
  };
  return row.operator === "isNot" ? not(held) : held;
}
