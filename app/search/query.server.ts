import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "~/db/client.server";
import { type EnabledSettings, FILTERS_BY_ID, isDateFilter } from "./filters";
import { type ParsedPhrase, parsePhrase } from "./phrase";
import type { AdvancedRow, SearchRequest } from "./request";

/**
 * Turns a search request into SQL conditions on `records r`: the phrase on its search
 * vector, filters on its value_ids (both GIN-indexed, so the planner can AND them).
 * Every value is a bound parameter; identifiers come only from the registry.
 */

const joinSql = (parts: SQL[], separator: string) => sql.join(parts, sql.raw(separator));

/** A tsquery for a parsed phrase, or null for "every record". */
export function phraseQuery(parsed: ParsedPhrase): SQL | null {
  if (!parsed.length) return null;
  const groups = parsed.map((group) => {
    const terms = group.map((term) => {
      const query =
        term.kind === "phrase"
          ? sql`phraseto_tsquery('english', ${term.text})`
          : term.kind === "prefix"
            ? // The prefix holds letters and digits only (phrase.ts), so it is a safe lexeme.
              sql`to_tsquery('english', ${`${term.text}:*`})`
            : sql`plainto_tsquery('english', ${term.text})`;
      return term.negated ? sql`(!! ${query})` : query;
    });
    return sql`(${joinSql(terms, " && ")})`;
  });
  return sql`(${joinSql(groups, " || ")})`;
}


/** An int[] literal: value ids are looked up first, so the planner sees them and uses the GIN index. */
const idArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

async function valueIds(db: Db, filterId: string, matching: SQL) {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT fv.id FROM filter_values fv WHERE fv.filter_id = ${filterId} AND ${matching}`);
  return rows.map((row) => row.id);
}

/** Records holding any of the values (OR) or all of them (AND) of a filter. */
async function valuesCondition(db: Db, filterId: string, values: string[], mode: "any" | "all"): Promise<SQL> {
  const ids = await valueIds(db, filterId, sql`fv.value IN (SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`);
  if (mode === "any") return ids.length ? sql`r.value_ids && ${idArray(ids)}` : sql`FALSE`;
  // Every value must be known and held: an unknown value matches nothing.
  return ids.length === values.length ? sql`r.value_ids @> ${idArray(ids)}` : sql`FALSE`;
}

function dateCondition(filterId: string, from: string | null, to: string | null, eventName?: string | null): SQL {
  const bounds: SQL[] = [];
  if (filterId === "lastUpdated") {
    if (from) bounds.push(sql`r.last_updated >= ${from}::date`);
    if (to) bounds.push(sql`r.last_updated <= ${to}::date`);
    return bounds.length ? sql`(${joinSql(bounds, " AND ")})` : sql`TRUE`;
  }
  if (from) bounds.push(sql`d.date >= ${from}::date`);
  if (to) bounds.push(sql`d.date <= ${to}::date`);
  if (eventName) bounds.push(sql`d.event_name = ${eventName}`);
  return sql`EXISTS (SELECT 1 FROM record_dates d WHERE d.record_id = r.id AND d.filter_id = ${filterId}
                      ${bounds.length ? sql`AND ${joinSql(bounds, " AND ")}` : sql``})`;
}

/** `%`, `_` and `\` are literal in what people type. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

async function rowCondition(db: Db, row: AdvancedRow): Promise<SQL> {
  const filter = FILTERS_BY_ID.get(row.filterId)!;
  if (isDateFilter(filter)) return dateCondition(filter.id, row.dateFrom || null, row.dateTo || null);
  const matching =
    row.operator === "contains"
      ? sql`fv.value ILIKE ${`%${likeEscape(row.fieldValue)}%`}`
      : sql`lower(fv.value) = lower(${row.fieldValue})`;
  const ids = await valueIds(db, filter.id, matching);
  const held = ids.length ? sql`r.value_ids && ${idArray(ids)}` : sql`FALSE`;
  return row.operator === "isNot" ? sql`NOT (${held})` : held;
}

/** Advanced rows: AND binds tighter than OR, as in the readable syntax shown above the results. */
async function advancedCondition(db: Db, rows: AdvancedRow[]): Promise<SQL | null> {
  if (!rows.length) return null;
  const alternatives: SQL[][] = [[]];
  for (const [index, row] of rows.entries()) {
    if (index > 0 && row.join === "or") alternatives.push([]);
    alternatives[alternatives.length - 1].push(await rowCondition(db, row));
  }
  return sql`(${joinSql(
    alternatives.map((group) => sql`(${joinSql(group, " AND ")})`),
    " OR ",
  )})`;
}

export interface BuiltQuery {
  /** The tsquery of the phrase, or null. */
  tsquery: SQL | null;
  /** Conditions on r, one per filter group (so a facet can leave its own out). */
  conditions: Array<{ filterId: string | null; condition: SQL }>;
}

export async function buildQuery(db: Db, request: SearchRequest, settings: EnabledSettings): Promise<BuiltQuery> {
  const tsquery = phraseQuery(parsePhrase(request.searchPhrase));
  const conditions: BuiltQuery["conditions"] = [];
  if (tsquery) conditions.push({ filterId: null, condition: sql`r.search_vector @@ ${tsquery}` });
  for (const group of request.basicSearchFilter) {
    const filter = FILTERS_BY_ID.get(group.filterId);
    if (!filter || isDateFilter(filter) || (filter.setting && !settings[filter.setting])) continue;
    conditions.push({ filterId: filter.id, condition: await valuesCondition(db, filter.id, group.values, filter.orClauseEnabled ? "any" : "all") });
  }
  if (request.lastUpdatedDateFrom || request.lastUpdatedDateTo) {
    conditions.push({ filterId: null, condition: dateCondition("lastUpdated", request.lastUpdatedDateFrom, request.lastUpdatedDateTo) });
  }
  const eventName = request.emaEventsByDateRangeAndEventNameFilter?.eventName ?? null;
  if (request.emaTimelineFrom || request.emaTimelineTo || eventName) {
    conditions.push({ filterId: null, condition: dateCondition("euEventDates", request.emaTimelineFrom, request.emaTimelineTo, eventName) });
  }
  const advanced = request.isAdvancedSearch ? await advancedCondition(db, request.advanceSearchFilter) : null;
  if (advanced) conditions.push({ filterId: null, condition: advanced });
  return { tsquery, conditions };
}

export function whereClause(query: BuiltQuery, options: { exceptFilter?: string } = {}): SQL {
  const parts = query.conditions.filter((part) => !options.exceptFilter || part.filterId !== options.exceptFilter).map((part) => part.condition);
  return parts.length ? joinSql(parts, " AND ") : sql`TRUE`;
}
