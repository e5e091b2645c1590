import { type SQL, sql } from "drizzle-orm";
import { type Db, getDb, queryRows, textArray } from "~/db/client.server";
import { availableFilters, type EnabledSettings, FILTERS_BY_ID, SPELLING_FILTERS } from "~/search/filters";
import { parsePhrase, phraseWords } from "~/search/phrase";
import { buildQuery, type BuiltQuery, phraseQuery, whereClause } from "~/search/query.server";
import { FACET_PAGE_SIZE, type SearchRequest } from "~/search/request";
import type { FacetGroup, FacetValue, SearchHit } from "~/search/results";

export type { FacetGroup, FacetValue, SearchHit };

/**
 * Search over the published catalogue, in PostgreSQL: full-text match and rank on the
 * weighted tsvector, filters on records.value_ids (both GIN-indexed), facet counts by
 * unnesting record_index.facet_ids over the matched records (or, for the whole catalogue,
 * from the counts kept in filter_values). docs/decisions/006-search-in-postgresql.md.
 */

export const FACET_LIMIT = 10;
/** Marks around matched words in highlights (private-use characters: never in a record). */
export const MARK_START = "\uE000";
export const MARK_END = "\uE001";
const HEADLINE_TITLE = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
const HEADLINE_SNIPPET = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

export interface SearchResult {
  total: number;
  hits: SearchHit[];
  facets: FacetGroup[];
  /** "Did you mean": a corrected phrase, when nothing was found. */
  suggestion: string | null;
}

const published = sql`r.published_version_id IS NOT NULL`;
// Literal, not bound: the planner must see the partial trigram index's own predicate.
const SPELLING_IN = sql.raw(SPELLING_FILTERS.map((id) => `'${id}'`).join(", "));

function orderBy(request: SearchRequest, ranked: boolean): SQL {
  const direction = (fallback: "asc" | "desc") => sql.raw((request.sortOrder ?? fallback) === "asc" ? "ASC" : "DESC");
  if (request.sortBy === "title") return sql`r.title ${direction("asc")}, r.id`;
  if (request.sortBy === "lastUpdated" || !ranked) return sql`r.last_updated ${direction("desc")}, r.id`;
  return sql`rank ${direction("desc")}, r.last_updated DESC, r.id`;
}

async function countMatches(db: Db, query: BuiltQuery) {
  if (!query.conditions.length) {
    // Every published record has exactly one record status: the kept counts add up to the catalogue.
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`SELECT coalesce(sum(record_count), 0)::int AS total FROM filter_values WHERE filter_id = 'recordStatus'`,
    );
    return row.total;
  }
  const [row] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM records r WHERE ${published} AND ${whereClause(query)}`);
  return row.total;
}

async function pageOfHits(db: Db, request: SearchRequest, query: BuiltQuery): Promise<SearchHit[]> {
  const ranked = query.tsquery !== null;
  const tsquery = query.tsquery ?? sql`''::tsquery`;
  const rows = await queryRows<{
    hss_id: string;
    title: string;
    title_highlight: string;
    snippet: string;
    record_status: string;
    last_updated: string;
    substance_name: string;
    companies: string[];
    indication: string;
    eu_status: string;
    fda_status: string | null;
  }>(
    db,
    sql`WITH page AS (
          SELECT r.id, r.hss_id, r.title, r.record_status, r.last_updated, r.published_version_id,
                 ${ranked ? sql`ts_rank(r.search_vector, ${tsquery})` : sql`0`} AS rank
            FROM records r
           WHERE ${published} AND ${whereClause(query)}
           ORDER BY ${orderBy(request, ranked)}
           LIMIT ${request.size} OFFSET ${request.from})
        SELECT r.hss_id, r.title, r.record_status, r.last_updated::text AS last_updated,
               ${ranked ? sql`ts_headline('english', r.title, ${tsquery}, ${HEADLINE_TITLE})` : sql`r.title`} AS title_highlight,
               ${
                 ranked
                   ? sql`ts_headline('english', concat_ws(' ', v.document #>> '{estimatedIndication,indication}', v.document #>> '{analysis,summary}'), ${tsquery}, ${HEADLINE_SNIPPET})`
                   : sql`''`
               } AS snippet,
               v.document #>> '{activeCompound,substanceName}' AS substance_name,
               ARRAY(SELECT o->>'name' FROM jsonb_array_elements(v.document->'organisations') o) AS companies,
               v.document #>> '{estimatedIndication,indication}' AS indication,
               v.document #>> '{regulatoryInformation,ema,status}' AS eu_status,
               v.document #>> '{regulatoryInformation,fda,status}' AS fda_status
          FROM page r JOIN record_versions v ON v.id = r.published_version_id
         ORDER BY ${orderBy(request, ranked)}`,
  );
  return rows.map((row) => ({
    hssId: row.hss_id,
    title: row.title,
    titleHighlight: row.title_highlight,
    snippet: row.snippet,
    recordStatus: row.record_status,
    lastUpdated: row.last_updated,
    substanceName: row.substance_name,
    companies: row.companies,
    indication: row.indication,
    euStatus: row.eu_status,
    fdaStatus: row.fda_status,
  }));
}

interface CountRow {
  filter_id: string;
  value: string;
  n: number;
  /** How many values of the filter the records hold. */
  distinct_values: number;
}


/**
 * Counts of values over the records matching `where` (or over the whole catalogue, from
 * the kept counts, when `where` is null): each filter's top `limit` values by count, plus
 * the `keep` values (selected ones, listed so they can be unticked).
 */
async function countValues(
  db: Db,
  where: SQL | null,
  options: { filterIds: string[]; array: "facet_ids" | "value_ids"; limit?: number; keep?: string[] },
): Promise<CountRow[]> {
  if (!options.filterIds.length) return [];
  const filterIds = textArray(options.filterIds);
  const counts =
    where === null
      ? sql`SELECT fv.filter_id, fv.value, fv.record_count AS n FROM filter_values fv
             WHERE fv.filter_id = ANY(${filterIds}) AND fv.record_count > 0`
      : sql`SELECT fv.filter_id, fv.value, c.n
              FROM (SELECT v, count(*)::int AS n
                      FROM record_index ri JOIN records r ON r.id = ri.record_id, unnest(ri.${sql.raw(options.array)}) v
                     WHERE ${published} AND ${where}
                     GROUP BY v) c
              JOIN filter_values fv ON fv.id = c.v AND fv.filter_id = ANY(${filterIds})`;
  const limit = options.limit ?? null;
  return queryRows<CountRow>(
    db,
    sql`SELECT filter_id, value, n, distinct_values FROM (
          SELECT filter_id, value, n,
                 row_number() OVER (PARTITION BY filter_id ORDER BY n DESC, value) AS position,
                 count(*) OVER (PARTITION BY filter_id)::int AS distinct_values
            FROM (${counts}) counted) ranked
         WHERE ${limit === null ? sql`TRUE` : sql`position <= ${limit}`}
            OR (filter_id || ':' || value) = ANY(${textArray(options.keep ?? [])})
         ORDER BY filter_id, n DESC, value`,
  );
}

/** The where clause for counting one filter's values: its own selection left out, so its other values stay countable. */
function whereFor(query: BuiltQuery, exceptFilter?: string): SQL | null {
  const parts = query.conditions.filter((part) => !exceptFilter || part.filterId !== exceptFilter);
  return parts.length ? whereClause({ ...query, conditions: parts }) : null;
}

async function facetGroups(db: Db, request: SearchRequest, query: BuiltQuery, settings: EnabledSettings): Promise<FacetGroup[]> {
  const facets = availableFilters(settings).filter((filter) => filter.facet);
  const selected = new Map(request.basicSearchFilter.map((group) => [group.filterId, group.values]));
  const keep = request.basicSearchFilter.flatMap((group) => group.values.map((value) => `${group.filterId}:${value}`));
  // Filters whose own selection widens with OR are counted without it (multi-select facets).
  const separately = facets.filter((filter) => filter.orClauseEnabled && selected.has(filter.id));
  const together = facets.filter((filter) => !separately.includes(filter));
  const results = await Promise.all([
    countValues(db, whereFor(query), { filterIds: together.map((f) => f.id), array: "facet_ids", limit: FACET_LIMIT, keep }),
    ...separately.map((filter) => countValues(db, whereFor(query, filter.id), { filterIds: [filter.id], array: "facet_ids", limit: FACET_LIMIT, keep })),
  ]);
  const byFilter = new Map<string, CountRow[]>();
  for (const row of results.flat()) (byFilter.get(row.filter_id) ?? byFilter.set(row.filter_id, []).get(row.filter_id)!).push(row);
  return facets.flatMap((filter) => {
    const rows = byFilter.get(filter.id) ?? [];
    const chosen = selected.get(filter.id) ?? [];
    const shown: FacetValue[] = rows.map((row) => ({ value: row.value, count: row.n, selected: chosen.includes(row.value) }));
    // A selected value is always listed, so that it can be unticked (with 0 when nothing holds it).
    for (const value of chosen) if (!shown.some((v) => v.value === value)) shown.push({ value, count: 0, selected: true });
    if (!shown.length) return [];
    return [{ filterId: filter.id, label: filter.label, distinctValues: rows[0]?.distinct_values ?? 0, values: shown }];
  });
}

/** "Did you mean": each plain word that is not in the catalogue, replaced by the closest word of a name that is. */
async function suggest(db: Db, phrase: string): Promise<string | null> {
  const words = phraseWords(parsePhrase(phrase)).filter((word) => word.length >= 4);
  if (!words.length) return null;
  let suggestion = phrase;
  let changed = false;
  for (const word of words.slice(0, 5)) {
    const [row] = await queryRows<{ word: string; similarity: number }>(
      db,
      sql`SELECT w AS word, similarity(w, lower(${word})) AS similarity
            FROM (SELECT fv.value FROM filter_values fv
                   WHERE fv.filter_id IN (${SPELLING_IN}) AND fv.record_count > 0 AND lower(${word}) <% fv.value
                   LIMIT 50) candidates,
                 regexp_split_to_table(lower(candidates.value), '[^[:alnum:]]+') w
           WHERE length(w) >= 3
           ORDER BY similarity DESC, w
           LIMIT 1`,
    );
    if (row && row.word !== word.toLowerCase() && row.similarity >= 0.3) {
      suggestion = suggestion.replace(word, row.word);
      changed = true;
    }
  }
  if (!changed) return null;
  // Offer it only when it finds something.
  const tsquery = phraseQuery(parsePhrase(suggestion));
  if (!tsquery) return null;
  const [hit] = await queryRows<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM records r WHERE ${published} AND r.search_vector @@ ${tsquery}) AS found`);
  return hit.found ? suggestion : null;
}

export async function searchRecords(
  request: SearchRequest,
  settings: EnabledSettings,
  options: { facets?: boolean; db?: Db } = {},
): Promise<SearchResult> {
  const db = options.db ?? (await getDb());
  const query = await buildQuery(db, request, settings);
  const [total, hits, facets] = await Promise.all([
    countMatches(db, query),
    pageOfHits(db, request, query),
    options.facets === false ? Promise.resolve([]) : facetGroups(db, request, query, settings),
  ]);
  const suggestion = total === 0 && query.tsquery ? await suggest(db, request.searchPhrase) : null;
  return { total, hits, facets, suggestion };
}

/** How many published records a search finds. */
export async function countSearch(request: SearchRequest, settings: EnabledSettings, options: { db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  return countMatches(db, await buildQuery(db, request, settings));
}

/** The ids of the records a search finds, in its order (what an export of all results reads). */
export async function matchingRecordIds(request: SearchRequest, settings: EnabledSettings, options: { limit?: number; db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const query = await buildQuery(db, request, settings);
  const ranked = query.tsquery !== null;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT r.id${ranked ? sql`, ts_rank(r.search_vector, ${query.tsquery}) AS rank` : sql``}
          FROM records r
         WHERE ${published} AND ${whereClause(query)}
         ORDER BY ${orderBy(request, ranked)}
         ${options.limit ? sql`LIMIT ${options.limit}` : sql``}`,
  );
  return rows.map((row) => row.id);
}

export type FacetSort = "count" | "az";

/** One filter's values over the matched records, for the facet's "more" page (and suggestions without JS). */
export async function facetValues(
  request: SearchRequest,
  settings: EnabledSettings,
  filterId: string,
  options: { sort: FacetSort; page: number; contains?: string; db?: Db },
) {
  const db = options.db ?? (await getDb());
  const query = await buildQuery(db, request, settings);
  const filter = FILTERS_BY_ID.get(filterId)!;
  let rows = await countValues(db, whereFor(query, filter.orClauseEnabled ? filter.id : undefined), {
    filterIds: [filterId],
    array: filter.facet ? "facet_ids" : "value_ids",
  });
  const contains = options.contains?.trim().toLowerCase();
  if (contains) rows = rows.filter((row) => row.value.toLowerCase().includes(contains));
  if (options.sort === "az") rows.sort((a, b) => a.value.localeCompare(b.value));
  const selected = request.basicSearchFilter.find((group) => group.filterId === filterId)?.values ?? [];
  const start = (options.page - 1) * FACET_PAGE_SIZE;
  return {
    total: rows.length,
    values: rows.slice(start, start + FACET_PAGE_SIZE).map((row) => ({ value: row.value, count: row.n, selected: selected.includes(row.value) })),
  };
}

/** Values of a filter starting with (then containing) what was typed, most used first. */
export async function suggestValues(filterId: string, typed: string, options: { limit?: number; db?: Db } = {}) {
  const db = options.db ?? (await getDb());
  const text = typed.trim();
  if (!text) return [];
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return queryRows<{ value: string; count: number }>(
    db,
    sql`SELECT value, record_count AS count FROM filter_values
         WHERE filter_id = ${filterId} AND record_count > 0 AND value ILIKE ${`%${escaped}%`}
         ORDER BY (value ILIKE ${`${escaped}%`}) DESC, record_count DESC, value
         LIMIT ${options.limit ?? 10}`,
  );
}
