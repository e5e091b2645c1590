import type { QueryTerm } from "./compiled-phrase";

/**
 * The query language the searcher evaluates: a tree of conditions, each standing for a set of
 * records. It says nothing of the request it was built from (build-query.ts does that) and
 * nothing of how the index holds its data (searcher.ts and match.ts evaluate it).
 *
 * - term, prefix, phrase: the phrase box's terms (compiled-phrase.ts), scored by relevance;
 * - values: records holding any, or all, of a filter's values (exact text);
 * - valueText: records holding a value of a filter that contains, or equals, a text
 *   (lower-cased, as the values are compared lower-cased);
 * - dateRange: records with a date of a date filter within [from, to] (days yyyymmdd, an
 *   open end null), of one event name when given;
 * - nextOrLast: records whose next or last EU event (events.ts) falls in the years [from, to]
 *   as seen on `today`;
 * - and, or, not: the boolean combinations (an empty `or` is nothing, an empty `and` is all).
 */
export type QueryNode =
  | QueryTerm
  | { kind: "values"; filterId: string; values: string[]; match: "any" | "all" }
  | { kind: "valueText"; filterId: string; text: string; match: "contains" | "equals" }
  | {
      kind: "dateRange";
      filterId: string;
      from: number | null;
      to: number | null;
      eventName: string | null;
    }
  | { kind: "nextOrLast"; fromYear: number | null; toYear: number | null; today: number }
  | { kind: "and"; clauses: QueryNode[] }
  | { kind: "or"; clauses: QueryNode[] }
  | { kind: "not"; clause: QueryNode };

/**
 * One condition of a search. A clause with a tag is the one a facet of that name is counted
 * without (the facet filter's own values, or the next-or-last years' chart), so that its
 * other values keep their counts while some are chosen.
 */
export interface Clause {
  node: QueryNode;
  tag: string | null;
}

export interface SearchQuery {
  /** What a match meets: every clause (none: every record). */
  clauses: Clause[];
  /** Whether matches can be ranked by relevance (a phrase was typed). */
  ranked: boolean;
  /** The terms relevance adds up, each once, in the order typed. */
  scored: QueryTerm[];
}

/** The tag of the next-or-last EU event years' clause (never a filter id: those have no "~"). */
export const NEXT_OR_LAST_TAG = "~nextOrLastEuEvent";

/** All of the clauses: one left as it is, none the empty `and` (every record). */
export const allOf = (clauses: QueryNode[]): QueryNode =>
  clauses.length === 1 ? clauses[0] : { kind: "and", clauses };

/** Any of the clauses: one left as it is, none the empty `or` (no record). */
export const anyOf = (clauses: QueryNode[]): QueryNode =>
  clauses.length === 1 ? clauses[0] : { kind: "or", clauses };

export const not = (clause: QueryNode): QueryNode => ({ kind: "not", clause });
