import type { EnabledSettings } from "./filters";
import type { FacetSort } from "./facets";
import type { SearchRequest } from "./request";
import { type AnswerOptions, type IndexAnswer, Searcher } from "./searcher";
import { IndexStore, type IndexedRecord } from "./store";
import { upcomingDates } from "./upcoming";

export type { FacetSort } from "./facets";
export type { AnswerOptions, IndexAnswer } from "./searcher";
export type { IndexedRecord } from "./store";
export type { UpcomingDate } from "./upcoming";

/**
 * The search index of one app process (docs/decisions/010-search-index.md), as the rest of
 * the app uses it: the records held (store.ts) and the searching over them (searcher.ts),
 * behind one object. The models keep it fresh (app/models/search-index.server.ts).
 */
export class SearchIndex {
  /** The catalogue version this index reflects. */
  version = 0;
  private readonly store: IndexStore;
  private readonly searcher: Searcher;

  /**
   * `answerCache`: how many answers to keep (0, the default: none). `store`: the records held,
   * read back from a snapshot (snapshot.server.ts); an empty store by default.
   */
  constructor(options: { answerCache?: number; store?: IndexStore } = {}) {
    this.store = options.store ?? new IndexStore();
    this.searcher = new Searcher(this.store, options);
  }

  /** What a snapshot writes: the store (to be read, not changed, while it is written). */
  storeForSnapshot(): IndexStore {
    this.store.terms.prepareSnapshot();
    this.store.values.prepareSnapshot();
    return this.store;
  }

  /** How many records the index holds. */
  get size() {
    return this.store.liveCount;
  }

  /** Adds records, replacing those already held (bulk: the postings wait for freeze()). */
  upsert(records: IndexedRecord[], options: { bulk?: boolean } = {}) {
    this.store.upsert(records, options);
  }

  /** Removes records (no longer published). */
  remove(recordIds: number[]) {
    this.store.remove(recordIds);
  }

  /** Writes every posting into flat arrays, dropping those of dead ordinals. */
  freeze() {
    this.store.freeze();
  }

  search(
    request: SearchRequest,
    settings: EnabledSettings,
    options: { facets?: boolean; eventYears?: boolean } & AnswerOptions = {},
  ): IndexAnswer {
    return this.searcher.search(request, settings, options);
  }

  count(request: SearchRequest, settings: EnabledSettings, options: AnswerOptions = {}) {
    return this.searcher.count(request, settings, options);
  }

  /** How many of the given records the request finds (ids not held count as not found). */
  countAmong(
    request: SearchRequest,
    settings: EnabledSettings,
    recordIds: Iterable<number>,
    options: AnswerOptions = {},
  ) {
    return this.searcher.countAmong(request, settings, recordIds, options);
  }

  /** Every matching record id, in the request's order (at most `limit`). */
  matchingIds(
    request: SearchRequest,
    settings: EnabledSettings,
    limit = Infinity,
    options: AnswerOptions = {},
  ) {
    return this.searcher.matchingIds(request, settings, limit, options);
  }

  /** One filter's values over the matches (its own selection left out when OR-able): the facet's "more" page. */
  facetValues(
    request: SearchRequest,
    settings: EnabledSettings,
    filterId: string,
    options: { sort: FacetSort; page: number; contains?: string } & AnswerOptions,
  ) {
    return this.searcher.facetValues(request, settings, filterId, options);
  }

  /** Values of a filter containing what was typed (those starting with it first), most held first. */
  suggestValues(filterId: string, typed: string, limit = 10) {
    return this.searcher.suggestValues(filterId, typed, limit);
  }

  /** "Did you mean": the phrase with its words spelled as the catalogue's names, when that finds something. */
  spellingSuggestion(phrase: string, settings: EnabledSettings): string | null {
    return this.searcher.spellingSuggestion(phrase, settings);
  }

  /** The soonest dates of the given date filters from `from` (YYYY-MM-DD) on, at most `limit`. */
  upcomingDates(filterIds: string[], from: string, limit: number) {
    return upcomingDates(this.store, filterIds, from, limit);
  }

  /** Approximate bytes held by the index's arrays (strings and maps not counted). */
  arrayBytes() {
    return this.store.arrayBytes();
  }

  stats() {
    return {
      records: this.store.liveCount,
      ordinals: this.store.used,
      terms: this.store.terms.count,
      values: this.store.values.count,
      version: this.version,
    };
  }
}
