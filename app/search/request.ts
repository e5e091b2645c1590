/**
 * The search request (docs/product.md): what /search and /advancedsearch read from the
 * URL, what saved searches store and what export replays. This module holds the type and
 * how it is written back into a URL; reading a URL (with zod) is request.server.ts. The type
 * itself is the zod schema of request-schema.ts (type-only imports: no zod in the browser).
 */
import type { z } from "zod";
import type {
  advancedRowSchema,
  basicFilterGroupSchema,
  searchRequestSchema,
} from "./request-schema";

export const SORT_FIELDS = ["relevance", "lastUpdated", "title"] as const;
export type SortBy = (typeof SORT_FIELDS)[number];
export type SortOrder = "asc" | "desc";

export const OPERATORS = ["contains", "is", "isNot", "between"] as const;
export type Operator = (typeof OPERATORS)[number];
export const OPERATOR_LABELS: Record<Operator, string> = {
  contains: "contains",
  is: "is",
  isNot: "is not",
  between: "between dates",
};

/** The request's types come from its one definition, the zod schema (request-schema.ts). */
export type BasicFilterGroup = z.output<typeof basicFilterGroupSchema>;
export type AdvancedRow = z.output<typeof advancedRowSchema>;
export type SearchRequest = z.output<typeof searchRequestSchema>;

export const PAGE_SIZE = 20;
/** Values a facet's "more" page lists at a time. */
export const FACET_PAGE_SIZE = 50;
export const MAX_ADVANCED_ROWS = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const DEFAULT_SEARCH: SearchRequest = {
  size: PAGE_SIZE,
  from: 0,
  sortBy: null,
  sortOrder: null,
  searchPhrase: "*",
  lastUpdatedDateFrom: null,
  lastUpdatedDateTo: null,
  emaTimelineFrom: null,
  emaTimelineTo: null,
  emaEventsByDateRangeAndEventNameFilter: null,
  emaNextOrLastEventYearFrom: null,
  emaNextOrLastEventYearTo: null,
  basicSearchFilter: [],
  isAdvancedSearch: false,
  advanceSearchFilter: [],
};

/** The request without its empty parts: what a default search's "at most 5 keys" counts. */
export function compactRequest(request: SearchRequest): Partial<SearchRequest> {
  const compact: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request)) {
    if (
      value === null ||
      value === undefined ||
      value === false ||
      (Array.isArray(value) && value.length === 0)
    )
      continue;
    compact[key] = value;
  }
  return compact as Partial<SearchRequest>;
}

/**
 * A default search has at most 5 keys and the phrase '*' (docs/product.md). The earlier
 * client sent every key, so a chosen filter or date always took it past 5; our request
 * leaves empty keys out, so a filter, a date or an advanced row is checked for itself.
 */
export function isDefaultSearch(request: SearchRequest) {
  const compact = compactRequest(request);
  const criteria =
    request.basicSearchFilter.length > 0 ||
    request.lastUpdatedDateFrom ||
    request.lastUpdatedDateTo ||
    request.emaTimelineFrom ||
    request.emaTimelineTo ||
    request.emaEventsByDateRangeAndEventNameFilter ||
    hasNextOrLastEventYears(request) ||
    (request.isAdvancedSearch && request.advanceSearchFilter.length > 0);
  return (
    Object.keys(compact).length <= 5 &&
    !criteria &&
    (request.searchPhrase.trim() === "*" || request.searchPhrase.trim() === "")
  );
}

/** The URL query of a request (the inverse of parseSearchParams). */
export function toSearchParams(request: SearchRequest, options: { page?: number } = {}) {
  const params = new URLSearchParams();
  const phrase = request.searchPhrase.trim();
  if (phrase && phrase !== "*") params.set("q", phrase);
  for (const group of request.basicSearchFilter)
    for (const value of group.values) params.append("f", `${group.filterId}:${value}`);
  if (request.lastUpdatedDateFrom) params.set("luFrom", request.lastUpdatedDateFrom);
  if (request.lastUpdatedDateTo) params.set("luTo", request.lastUpdatedDateTo);
  if (request.emaTimelineFrom) params.set("euFrom", request.emaTimelineFrom);
  if (request.emaTimelineTo) params.set("euTo", request.emaTimelineTo);
  if (request.emaEventsByDateRangeAndEventNameFilter)
    params.set("euEvent", request.emaEventsByDateRangeAndEventNameFilter.eventName);
  if (request.emaNextOrLastEventYearFrom != null)
    params.set("euYearFrom", String(request.emaNextOrLastEventYearFrom));
  if (request.emaNextOrLastEventYearTo != null)
    params.set("euYearTo", String(request.emaNextOrLastEventYearTo));
  if (request.isAdvancedSearch) {
    params.set("adv", "1");
    for (const row of request.advanceSearchFilter) {
      params.append("field", row.filterId);
      params.append("op", row.operator);
      params.append("value", row.fieldValue);
      params.append("dateFrom", row.dateFrom);
      params.append("dateTo", row.dateTo);
      params.append("join", row.join);
    }
  }
  if (request.sortBy) params.set("sort", request.sortBy);
  if (request.sortOrder) params.set("order", request.sortOrder);
  if (request.size !== PAGE_SIZE) params.set("size", String(request.size));
  const page = options.page ?? Math.floor(request.from / request.size) + 1;
  if (page > 1) params.set("page", String(page));
  return params;
}

/** The query parameter that keeps a results page's charts open: not part of the search. */
export const CHARTS_PARAM = "charts";

export function searchHref(
  request: SearchRequest,
  options: { page?: number; path?: string; charts?: boolean } = {},
) {
  const params = toSearchParams(request, options);
  if (options.charts) params.set(CHARTS_PARAM, "1");
  const query = params.toString();
  const path = options.path ?? (request.isAdvancedSearch ? "/advancedsearch" : "/search");
  return query ? `${path}?${query}` : path;
}

/** Whether the request filters by the year of the next or last EU event. */
export function hasNextOrLastEventYears(request: SearchRequest) {
  return request.emaNextOrLastEventYearFrom != null || request.emaNextOrLastEventYearTo != null;
}

/** "2026", "2020 to 2024", "2020 or later", "2024 or earlier": the years of that filter in words. */
export function describeYears(from: number | null | undefined, to: number | null | undefined) {
  if (from != null && to != null) return from === to ? String(from) : `${from} to ${to}`;
  if (from != null) return `${from} or later`;
  return `${to} or earlier`;
}

export const NEXT_OR_LAST_EVENT_LABEL = "Year of next or last EU event";

export function pageOf(request: SearchRequest) {
  return Math.floor(request.from / request.size) + 1;
}

export function withoutFilterValue(
  request: SearchRequest,
  filterId: string,
  value: string,
): SearchRequest {
  return {
    ...request,
    from: 0,
    basicSearchFilter: request.basicSearchFilter
      .map((group) =>
        group.filterId === filterId
          ? { ...group, values: group.values.filter((v) => v !== value) }
          : group,
      )
      .filter((group) => group.values.length > 0),
  };
}

/** The whole request in the readable syntax of the advanced search bar. */
export function describeSearch(
  request: SearchRequest,
  labels: Record<string, string>,
  describePhrase: (phrase: string) => string,
) {
  const parts: string[] = [];
  const phrase = request.searchPhrase.trim();
  if (phrase && phrase !== "*") parts.push(`Any field matches ${describePhrase(phrase)}`);
  for (const group of request.basicSearchFilter) {
    const values = group.values.map((value) => `"${value}"`);
    parts.push(
      `${labels[group.filterId] ?? group.filterId} is ${values.length > 1 ? `(${values.join(" OR ")})` : values[0]}`,
    );
  }
  if (request.lastUpdatedDateFrom || request.lastUpdatedDateTo) {
    parts.push(
      `Last updated between ${request.lastUpdatedDateFrom ?? "any date"} and ${request.lastUpdatedDateTo ?? "any date"}`,
    );
  }
  if (
    request.emaTimelineFrom ||
    request.emaTimelineTo ||
    request.emaEventsByDateRangeAndEventNameFilter
  ) {
    const event = request.emaEventsByDateRangeAndEventNameFilter?.eventName ?? "Any EU event";
    parts.push(
      `${event} between ${request.emaTimelineFrom ?? "any date"} and ${request.emaTimelineTo ?? "any date"}`,
    );
  }
  if (hasNextOrLastEventYears(request)) {
    parts.push(
      `${NEXT_OR_LAST_EVENT_LABEL} is ${describeYears(request.emaNextOrLastEventYearFrom, request.emaNextOrLastEventYearTo)}`,
    );
  }
  if (request.isAdvancedSearch && request.advanceSearchFilter.length) {
    const rows = request.advanceSearchFilter.map((row, index) => {
      const label = labels[row.filterId] ?? row.filterId;
      const condition =
        row.operator === "between"
          ? `${label} between ${row.dateFrom || "any date"} and ${row.dateTo || "any date"}`
          : `${label} ${OPERATOR_LABELS[row.operator]} "${row.fieldValue}"`;
      return index === 0 ? condition : `${row.join.toUpperCase()} ${condition}`;
    });
    const text = rows.join(" ");
    parts.push(rows.length > 1 && parts.length ? `(${text})` : text);
  }
  return parts.join(" AND ");
}
