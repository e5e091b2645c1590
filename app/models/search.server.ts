import { and, isNotNull } from "drizzle-orm";
import { type Db, getDb, schema, sql } from "~/db/client.server";
import { compilePhrase, type CompiledPhrase } from "~/search/compiled-phrase";
import type { FacetSort } from "~/search/engine";
import type { EventYearCounts } from "~/search/events";
import type { EnabledSettings } from "~/search/filters";
import type { SearchRequest } from "~/search/request";
import type { FacetGroup, FacetValue, SearchHit } from "~/search/results";
import { highlight, MARK_END, MARK_START, opening, snippet } from "~/search/snippet";
import { termOf, words } from "~/search/text";
import { type ResultCard, searchIndex } from "./search-index.server";

export type { EventYearCounts, FacetGroup, FacetSort, FacetValue, SearchHit };

/**
 * Search over the published catalogue. Every answer comes from this process's search index
 * (search-index.server.ts), brought up to the database's catalogue version first; only the
 * shown page's records are read from PostgreSQL, and highlighted here.
 */

export { MARK_END, MARK_START };

export interface SearchResult {
  total: number;
  hits: SearchHit[];
  facets: FacetGroup[];
  /** "Did you mean": a corrected phrase, when nothing was found. */
  suggestion: string | null;
  /** Asked for with `eventYears` (the search charts): matches by year of next or last EU event. */
  eventYears?: EventYearCounts;
}

/** Whether a word of a record's text is one the phrase looked for (for highlighting). */
function matcher(compiled: CompiledPhrase) {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const term of compiled.scored) {
    if (term.kind === "term") exact.add(term.term);
    else if (term.kind === "prefix") prefixes.push(term.prefix);
    else for (const part of term.terms) if (part) exact.add(part);
  }
  return (word: string) => {
    const [normalised] = words(word);
    const term = normalised === undefined ? null : termOf(normalised);
    return term !== null && (exact.has(term) || prefixes.some((prefix) => term.startsWith(prefix)));
  };
}

/** The shown page's records, read by id, in the index's order. */
async function pageOfHits(
  db: Db,
  recordIds: number[],
  compiled: CompiledPhrase,
): Promise<SearchHit[]> {
  if (!recordIds.length) return [];
  // Only what a result shows (records.card): whole documents are ten times the size.
  const { records } = schema;
  const rows = await db
    .select({
      id: records.id,
      hssId: records.hssId,
      title: records.title,
      recordStatus: records.recordStatus,
      lastUpdated: records.lastUpdated,
      card: records.card,
    })
    .from(records)
    .where(
      and(
        sql`${records.id} = ANY(${`{${recordIds.join(",")}}`}::int[])`,
        isNotNull(records.publishedVersionId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const isMatch = compiled.active ? matcher(compiled) : null;
  return recordIds.flatMap((id) => {
    const row = byId.get(id);
    // A published record has its title, status, date and card: markPublished sets them with the version.
    if (!row?.card) return [];
    const title = row.title ?? "";
    const card = JSON.parse(row.card) as ResultCard;
    // The indication is left out where the title already says it (a record is titled
    // "substance for indication"), so the line under the title tells something new; kept, it
    // is a phrase without a full stop and one ends it, so it does not run on into the summary.
    const indication = card.indication?.trim() ?? "";
    const inTitle = indication !== "" && title.toLowerCase().includes(indication.toLowerCase());
    const text = [inTitle ? "" : indication, card.summary ?? ""]
      .filter(Boolean)
      .map((part, index, parts) =>
        index < parts.length - 1 && !/[.!?]$/.test(part.trim()) ? `${part.trim()}.` : part,
      )
      .join(" ");
    return [
      {
        hssId: row.hssId,
        title,
        titleHighlight: isMatch ? highlight(title, isMatch) : title,
        snippet: isMatch ? snippet(text, isMatch) : "",
        recordStatus: row.recordStatus ?? "",
        lastUpdated: row.lastUpdated ?? "",
        substanceName: card.substanceName,
        companies: card.companies,
        indication: card.indication,
        summaryOpening: opening(card.summary ?? ""),
        euStatus: card.euStatus,
        fdaStatus: card.fdaStatus,
      },
    ];
  });
}

export async function searchRecords(
  request: SearchRequest,
  settings: EnabledSettings,
  options: {
    facets?: boolean;
    eventYears?: boolean;
    catalogueVersion?: number | null;
    /** YYYY-MM-DD (UTC): the day next or last EU events are told from (default: today). */
    today?: string;
  } = {},
): Promise<SearchResult> {
  const index = await searchIndex(options.catalogueVersion);
  const answer = index.search(request, settings, {
    facets: options.facets,
    eventYears: options.eventYears,
    today: options.today,
  });
  const compiled = compilePhrase(request.searchPhrase);
  const hits = await pageOfHits(await getDb(), answer.recordIds, compiled);
  const suggestion =
    answer.total === 0 && compiled.active
      ? index.spellingSuggestion(request.searchPhrase, settings)
      : null;
  return {
    total: answer.total,
    hits,
    facets: answer.facets,
    suggestion,
    ...(answer.eventYears ? { eventYears: answer.eventYears } : {}),
  };
}

/** How many published records a search finds. */
export async function countSearch(
  request: SearchRequest,
  settings: EnabledSettings,
  catalogueVersion?: number | null,
) {
  return (await searchIndex(catalogueVersion)).count(request, settings);
}

/** How many of the given records a search finds. */
export async function countSearchAmong(
  request: SearchRequest,
  settings: EnabledSettings,
  recordIds: number[],
  catalogueVersion?: number | null,
) {
  return (await searchIndex(catalogueVersion)).countAmong(request, settings, recordIds);
}

/** The ids of the records a search finds, in its order (export of all results, alerts). */
export async function matchingRecordIds(
  request: SearchRequest,
  settings: EnabledSettings,
  options: { limit?: number; today?: string } = {},
) {
  return (await searchIndex()).matchingIds(request, settings, options.limit, {
    today: options.today,
  });
}

/** One filter's values over the matched records, for the facet's "more" page. */
export async function facetValues(
  request: SearchRequest,
  settings: EnabledSettings,
  filterId: string,
  options: {
    sort: FacetSort;
    page: number;
    contains?: string;
    catalogueVersion?: number | null;
    today?: string;
  },
) {
  const { catalogueVersion, ...rest } = options;
  return (await searchIndex(catalogueVersion)).facetValues(request, settings, filterId, rest);
}

/** Values of a filter containing what was typed (those starting so first), most used first. */
export async function suggestValues(
  filterId: string,
  typed: string,
  options: { limit?: number } = {},
) {
  return (await searchIndex()).suggestValues(filterId, typed, options.limit);
}
