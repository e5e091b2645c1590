import { required } from "~/lib/required";
import { AnswerCache, answerKey } from "./answer-cache";
import { bitCount } from "./bitset";
import { buildQuery } from "./build-query";
import { dayNumber, todayUtc } from "./days";
import { countByYear, countByYearWithin, type EventYearCounts } from "./events";
import { countFacets, type FacetSort, facetPage } from "./facets";
import { type FacetPacking, packFacets } from "./facet-packing";
import { type EnabledSettings, FILTERS_BY_ID } from "./filters";
import { Evaluation, NextOrLastDays, ScratchPool } from "./match";
import { Ordering } from "./ordering";
import { NEXT_OR_LAST_TAG, type SearchQuery } from "./query";
import { DEFAULT_SEARCH, type SearchRequest } from "./request";
import type { FacetGroup } from "./results";
import type { SpellingDictionary } from "./spelling";
import type { IndexStore } from "./store";
import { spellingDictionary, spellingSuggestion, suggestValues } from "./suggest";

/**
 * The searching half of the search index: a request becomes a query (build-query.ts), the
 * query's clauses become match sets (match.ts), and the matches are counted, ordered
 * (ordering.ts) and their facets counted (facets.ts). What it derives from the store (sort
 * orders, next-or-last days, the spelling dictionary, the whole catalogue's facet counts,
 * answers) is kept until the store's records change.
 */

export interface IndexAnswer {
  total: number;
  /** Record ids of the page, in order. */
  recordIds: number[];
  facets: FacetGroup[];
  /**
   * Asked for with `eventYears`: the matches by the year of their next or last EU event,
   * counted like an OR-able facet, without the request's own years.
   */
  eventYears?: EventYearCounts;
}

/** What an answer is measured against: `today` (YYYY-MM-DD, UTC) dates the next or last EU event. */
export interface AnswerOptions {
  today?: string;
}

/** A request's query and its clauses' match sets, within one evaluation. */
interface Matched {
  query: SearchQuery;
  clauseBits: Uint32Array[];
  /** Every clause's matches together. */
  bits: Uint32Array;
}

export class Searcher {
  private pool = new ScratchPool();
  private nextOrLast = new NextOrLastDays();
  private ordering: Ordering;
  private answers: AnswerCache;
  /** Derived from the records until they change (at `generation`). */
  private generation = -1;
  private spelling: SpellingDictionary | null = null;
  private catalogueCounts = new Map<string, Map<number, Int32Array>>();
  private packing: FacetPacking | null = null;
  /** The whole catalogue's next-or-last event years, per day asked on. */
  private catalogueYears = new Map<string, EventYearCounts>();

  /** `answerCache`: how many answers to keep (0, the default: none). */
  constructor(
    private store: IndexStore,
    options: { answerCache?: number } = {},
  ) {
    this.ordering = new Ordering(store);
    this.answers = new AnswerCache(options.answerCache ?? 0);
  }

  /** Forgets what was derived from records that have changed since. */
  private current() {
    if (this.generation === this.store.generation) return;
    this.generation = this.store.generation;
    this.spelling = null;
    this.catalogueCounts.clear();
    this.packing = null;
    this.catalogueYears.clear();
  }

  /** The facet columns packed together, for the records as they are. */
  private packedFacets() {
    this.packing ??= packFacets(this.store.values, this.store.used);
    return this.packing;
  }

  private remembered<T>(key: string, compute: () => T): T {
    this.current();
    return this.answers.remembered(key, this.store.generation, compute);
  }

  /** Runs `work` with an evaluation whose scratch arrays are given back however it ends. */
  private evaluating<T>(work: (evaluation: Evaluation) => T): T {
    this.current();
    const evaluation = new Evaluation(this.store, this.pool, this.nextOrLast);
    try {
      return work(evaluation);
    } finally {
      evaluation.release();
    }
  }

  private match(
    evaluation: Evaluation,
    request: SearchRequest,
    settings: EnabledSettings,
    today: string,
  ): Matched {
    const query = buildQuery(request, settings, today);
    const clauseBits = query.clauses.map((clause) => evaluation.matches(clause.node));
    return { query, clauseBits, bits: evaluation.combine(query.clauses, clauseBits) };
  }

  search(
    request: SearchRequest,
    settings: EnabledSettings,
    options: { facets?: boolean; eventYears?: boolean } & AnswerOptions = {},
  ): IndexAnswer {
    const today = options.today ?? todayUtc();
    const facets = options.facets !== false;
    const eventYears = options.eventYears === true;
    return this.remembered(
      answerKey("search", request, settings, facets, eventYears, today),
      (): IndexAnswer =>
        this.evaluating((evaluation) => {
          const matched = this.match(evaluation, request, settings, today);
          const { query, clauseBits, bits } = matched;
          const page = this.ordering
            .ordered(request, query, bits, evaluation, request.from + request.size)
            .slice(request.from);
          const answer: IndexAnswer = {
            total: bitCount(bits),
            recordIds: page.map((doc) => this.store.recordIdOf[doc]),
            facets: facets
              ? countFacets({
                  values: this.store.values,
                  request,
                  settings,
                  bits,
                  live: () => this.store.liveBits(),
                  without: (tag) => evaluation.combine(query.clauses, clauseBits, tag),
                  catalogueCounts: this.catalogueCounts,
                  packing: () => this.packedFacets(),
                })
              : [],
          };
          if (eventYears) {
            // Like an OR-able facet: counted without the request's own years, so every bar
            // says what choosing its years instead would find.
            const own = query.clauses.some((clause) => clause.tag === NEXT_OR_LAST_TAG);
            const counted = own
              ? evaluation.combine(query.clauses, clauseBits, NEXT_OR_LAST_TAG)
              : bits;
            const days = this.nextOrLast.on(this.store, dayNumber(today));
            const live = this.store.liveBits();
            answer.eventYears = countByYearWithin(days, counted, live, () => {
              const key = `years:${today}`;
              let all = this.catalogueYears.get(key);
              if (!all) {
                all = countByYear(days, live);
                this.catalogueYears.set(key, all);
              }
              return all;
            });
          }
          return answer;
        }),
    );
  }

  /** How many records the request finds. */
  count(request: SearchRequest, settings: EnabledSettings, options: AnswerOptions = {}) {
    const today = options.today ?? todayUtc();
    return this.remembered(answerKey("count", request, settings, today), () =>
      this.evaluating((evaluation) =>
        bitCount(this.match(evaluation, request, settings, today).bits),
      ),
    );
  }

  /** How many of the given records the request finds (ids not held count as not found). */
  countAmong(
    request: SearchRequest,
    settings: EnabledSettings,
    recordIds: Iterable<number>,
    options: AnswerOptions = {},
  ) {
    return this.evaluating((evaluation) => {
      const { bits } = this.match(evaluation, request, settings, options.today ?? todayUtc());
      let found = 0;
      for (const recordId of recordIds) {
        const doc = this.store.ordinalOf(recordId);
        if (doc >= 0 && bits[doc >>> 5] & (1 << (doc & 31))) found++;
      }
      return found;
    });
  }

  /** Every matching record id, in the request's order (at most `limit`). */
  matchingIds(
    request: SearchRequest,
    settings: EnabledSettings,
    limit = Infinity,
    options: AnswerOptions = {},
  ) {
    return this.evaluating((evaluation) => {
      const { query, bits } = this.match(
        evaluation,
        request,
        settings,
        options.today ?? todayUtc(),
      );
      return this.ordering
        .ordered(request, query, bits, evaluation, limit)
        .map((doc) => this.store.recordIdOf[doc]);
    });
  }

  /** One filter's values over the matches (its own selection left out when OR-able): the facet's "more" page. */
  facetValues(
    request: SearchRequest,
    settings: EnabledSettings,
    filterId: string,
    options: { sort: FacetSort; page: number; contains?: string } & AnswerOptions,
  ) {
    const today = options.today ?? todayUtc();
    return this.remembered(
      answerKey("facet", request, settings, filterId, { ...options, today }),
      () =>
        this.evaluating((evaluation) => {
          const filter = required(FILTERS_BY_ID.get(filterId), `${filterId} filter`);
          const { query, clauseBits } = this.match(evaluation, request, settings, today);
          const bits = evaluation.combine(
            query.clauses,
            clauseBits,
            filter.orClauseEnabled ? filter.id : undefined,
          );
          const selected =
            request.basicSearchFilter.find((group) => group.filterId === filterId)?.values ?? [];
          return facetPage(this.store.values, filterId, bits, selected, options);
        }),
    );
  }

  /** Values of a filter containing what was typed (those starting with it first), most held first. */
  suggestValues(filterId: string, typed: string, limit = 10) {
    return suggestValues(this.store, filterId, typed, limit);
  }

  /**
   * "Did you mean": each plain word of four letters or more, replaced by the most similar
   * word (trigram similarity, as pg_trgm counts it, at least 0.3) of the names in the
   * catalogue; offered only when the corrected phrase finds something.
   */
  spellingSuggestion(phrase: string, settings: EnabledSettings): string | null {
    return this.remembered(answerKey("spelling", phrase, settings), () =>
      spellingSuggestion(
        phrase,
        () => {
          this.spelling ??= spellingDictionary(this.store);
          return this.spelling;
        },
        (suggestion) => this.count({ ...DEFAULT_SEARCH, searchPhrase: suggestion }, settings) > 0,
      ),
    );
  }
}
