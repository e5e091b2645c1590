import type { HssRecord } from "~/records/schema.server";
import { type CompiledPhrase, compilePhrase, type QueryTerm } from "./compiled-phrase";
import {
  type EnabledSettings,
  FILTERS,
  FILTERS_BY_ID,
  FILTER_INDEX,
  filterIndexOf,
  isDateFilter,
  SPELLING_FILTERS,
} from "./filters";
import { indexRecord } from "./index-record";
import { parsePhrase, phraseWords } from "./phrase";
import { type AdvancedRow, DEFAULT_SEARCH, FACET_PAGE_SIZE, type SearchRequest } from "./request";
import type { FacetGroup } from "./results";
import { bm25Idf, bm25Weight, FIELD_GROUPS, FIELD_WEIGHTS, termOf, words } from "./text";
import { required } from "~/lib/required";
import { bitAnd, bitCount, bitOr, bitOrdinals } from "./bitset";
import { Column } from "./column";
import { IntList } from "./int-list";
import { Postings } from "./postings";
import { lowerBound } from "./sorted";
import { topK } from "./top-k";
import { byCountThenValue, countColumns, countFacets, countPostings } from "./facets";
import { countByYear, type EventYearCounts, nextOrLastDay } from "./events";
import { dayNumber, dayText, todayUtc } from "./days";
import {
  buildSpellingDictionary,
  closestWord,
  type SpellingDictionary,
  trigrams,
} from "./spelling";

/**
 * The search index of one app process (docs/decisions/010-search-index.md). Every record
 * has a document ordinal; per ordinal, typed arrays hold what ordering and counting read
 * (record id, last-updated day, weighted length, title), the record's text as a stream of
 * term ids (phrases are checked against it), its dates, and one column of value ordinals
 * per facet. Terms and filter values have postings (ordinal lists): a frozen part in flat
 * typed arrays, and a small part added since, in maps. A changed record gets a new ordinal
 * and its old one is marked dead; when the added part grows, everything is frozen again.
 * A match set is a bitset; facets are counted by walking its bits over the value columns.
 */

export interface IndexedRecord {
  recordId: number;
  doc: HssRecord;
}

export type FacetSort = "count" | "az";

// Markers in a record's term stream: the start of a text value of each field group, and a stop word.
const VALUE_START: Record<string, number> = { a: 0, b: 1, c: 2 };
const GROUP_WEIGHT = [FIELD_WEIGHTS.a, FIELD_WEIGHTS.b, FIELD_WEIGHTS.c];
const STOP = 3;
const TERM_BASE = 4;
// The stream is 16-bit: a term code that does not fit (a rare term: common ones are met first)
// is written as ESCAPE and its two halves.
const ESCAPE = 0xffff;

function filterOf(filterId: string) {
  return required(FILTERS_BY_ID.get(filterId), `${filterId} filter`);
}
const LAST_UPDATED = filterIndexOf("lastUpdated");
const EU_EVENT_DATES = filterIndexOf("euEventDates");
/** The match part of the next-or-last EU event years (never a filter id: those have no "~"). */
const NEXT_OR_LAST = "~nextOrLastEuEvent";
const FACET_FILTERS = FILTERS.map((filter, index) => ({ filter, index })).filter(
  ({ filter }) => filter.facet,
);

/** A growable typed array (Int32Array unless told otherwise). */
export interface MatchParts {
  /** Every condition, each a bitset of live ordinals, with the basic filter it belongs to (if any). */
  parts: Array<{ filterId: string | null; bits: Uint32Array }>;
  compiled: CompiledPhrase;
}

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

/** A dated event of a record, as the date filters hold it (upcomingDates). */
export interface UpcomingDate {
  recordId: number;
  /** The date filter it belongs to ("euEventDates", "fdaEventDates"). */
  filterId: string;
  eventName: string;
  /** YYYY-MM-DD */
  date: string;
}

/** What an answer is measured against: `today` (YYYY-MM-DD, UTC) dates the next or last EU event. */
export interface AnswerOptions {
  today?: string;
}

export class SearchIndex {
  /** The catalogue version this index reflects. */
  version = 0;
  /**
   * Answers kept for repeated requests (most recently used first out of mind), emptied by
   * every change to the index: a cached answer is always the one the index would give now.
   */
  private answers = new Map<string, unknown>();

  /** `answerCache`: how many answers to keep (0, the default: none). */
  constructor(private options: { answerCache?: number } = {}) {}

  private remembered<T>(key: string, compute: () => T): T {
    const limit = this.options.answerCache ?? 0;
    if (limit <= 0) return compute();
    if (this.answers.has(key)) {
      const value = this.answers.get(key) as T;
      // Most recently used last, so that the first key is the one to forget.
      this.answers.delete(key);
      this.answers.set(key, value);
      return value;
    }
    const value = compute();
    this.answers.set(key, value);
    if (this.answers.size > limit) this.answers.delete(this.answers.keys().next().value as string);
    return value;
  }
  private capacity = 0;
  private used = 0;
  private liveCount = 0;
  private totalLength = 0;
  private recordIdOf = new Int32Array(0);
  private lastUpdatedOf = new Int32Array(0);
  private lengthOf = new Int32Array(0);
  private live = new Uint32Array(0);
  private titles: string[] = [];
  private streamStart = new Int32Array(0);
  private streamLength = new Int32Array(0);
  private stream = new IntList<Uint16Array>(1 << 16, (size) => new Uint16Array(size));
  private dateStart = new Int32Array(0);
  private dateCount = new Uint16Array(0);
  /** Triples: filter index, event name id, day number. */
  private dates = new IntList(1 << 12);
  /** Record id → ordinal + 1 (0: not held); record ids are a database sequence, so dense. */
  private ordinalByRecord = new Int32Array(1024);

  private termIds = new Map<string, number>();
  private termText: string[] = [];
  private df = new IntList(1 << 12);
  private termPostings = new Postings(true);
  /** Terms in sorted order for prefix queries; terms added since are checked one by one. */
  private sortedTerms: { terms: string[]; ids: Int32Array; through: number } | null = null;

  /** Per filter index: value text → value id; value ids are global. */
  private valueIds: Array<Map<string, number>> = FILTERS.map(() => new Map());
  /** Read by the facet counting (facets.ts). */
  readonly valueText: string[] = [];
  private valueFilter = new IntList(1 << 12);
  /** Per filter index: the filter's value ids in the order they were first seen (local ordinal → value id). */
  /** Read by the facet counting (facets.ts). */
  readonly filterValues: number[][] = FILTERS.map(() => []);
  private localOf = new IntList(1 << 12);
  /** Read by the facet counting (facets.ts). */
  readonly valuePostings = new Postings(false);
  /** Read by the facet counting (facets.ts). */
  readonly columns = new Map<number, Column>(
    FACET_FILTERS.map(({ index }) => [index, new Column()]),
  );
  private eventNames = new Map<string, number>();
  /** Event name id → name (the inverse of eventNames). */
  private eventNameText: string[] = [];

  private orders = new Map<string, Int32Array>();
  private lowerValues = new Map<number, string[]>();
  private spelling: SpellingDictionary | null = null;
  private addedSinceFreeze = 0;
  private termSeen = new IntList(1 << 12);
  private tfScratch = new Int32Array(1024);
  private touched: number[] = [];
  private wordTerms = new Map<string, number>();
  private seenStamp = 0;

  get size() {
    return this.liveCount;
  }

  // Scratch arrays, one ordinal each, lent to one search at a time (searches are synchronous).
  private pool: Int32Array[] = [];
  private lent: Int32Array[] = [];
  private scoreScratch = new Float64Array(0);

  private borrow() {
    let array = this.pool.pop();
    if (!array || array.length < this.used) array = new Int32Array(this.capacity);
    else array.fill(0);
    this.lent.push(array);
    return array;
  }

  private giveBack() {
    this.pool.push(...this.lent);
    this.lent = [];
  }

  /** Adds records, replacing those already held (bulk: the postings wait for freeze()). */
  upsert(records: IndexedRecord[], options: { bulk?: boolean } = {}) {
    const bulk = options.bulk ?? false;
    this.ensureCapacity(this.used + records.length);
    for (const record of records) {
      const previous = this.ordinalOfRecord(record.recordId);
      if (previous >= 0) this.kill(previous);
      this.add(record, bulk);
    }
    this.invalidate();
    if (!bulk && this.addedSinceFreeze > Math.max(2_000, this.liveCount / 20)) this.freeze();
  }

  /** Removes records (no longer published). */
  remove(recordIds: number[]) {
    for (const recordId of recordIds) {
      const ordinal = this.ordinalOfRecord(recordId);
      if (ordinal < 0) continue;
      this.kill(ordinal);
      this.ordinalByRecord[recordId] = 0;
    }
    this.invalidate();
  }

  /** Writes every posting into flat arrays, dropping those of dead ordinals. */
  freeze() {
    this.termPostings.freeze(this.termText.length, this.live);
    this.valuePostings.freeze(this.valueText.length, this.live);
    for (const list of [
      this.stream,
      this.dates,
      this.df,
      this.termSeen,
      this.valueFilter,
      this.localOf,
      ...[...this.columns.values()].map((c) => c.values),
    ])
      list.trim();
    this.wordTerms.clear();
    this.addedSinceFreeze = 0;
    this.sortedTerms = null;
  }

  private invalidate() {
    this.nextOrLastDays = null;
    this.orders.clear();
    this.dateTables.clear();
    this.spelling = null;
    this.allFacets.clear();
    this.answers.clear();
  }

  private ensureCapacity(need: number) {
    if (need <= this.capacity) return;
    const capacity = Math.max(need, Math.ceil(this.capacity * 1.5), 1024);
    const grow = <T extends Int32Array | Uint16Array | Uint32Array>(
      old: T,
      make: (n: number) => T,
    ) => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.recordIdOf = grow(this.recordIdOf, (n) => new Int32Array(n));
    this.lastUpdatedOf = grow(this.lastUpdatedOf, (n) => new Int32Array(n));
    this.lengthOf = grow(this.lengthOf, (n) => new Int32Array(n));
    this.streamStart = grow(this.streamStart, (n) => new Int32Array(n));
    this.streamLength = grow(this.streamLength, (n) => new Int32Array(n));
    this.dateStart = grow(this.dateStart, (n) => new Int32Array(n));
    this.dateCount = grow(this.dateCount, (n) => new Uint16Array(n));
    const live = new Uint32Array(Math.ceil(capacity / 32));
    live.set(this.live);
    this.live = live;
    for (const column of this.columns.values()) column.resize(capacity);
    this.capacity = capacity;
  }

  private termId(term: string) {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.termText.length;
      this.termIds.set(term, id);
      this.termText.push(term);
      this.df.push(0);
      this.termSeen.push(0);
      if (id >= this.tfScratch.length) {
        const grown = new Int32Array(Math.max(1024, this.tfScratch.length * 2));
        grown.set(this.tfScratch);
        this.tfScratch = grown;
      }
    }
    return id;
  }

  /** The words of a text value, as text.ts's words() reads them (a faster path for plain ASCII). */
  private eachWord(value: string, visit: (word: string) => void) {
    const lower = value.toLowerCase();
    for (let i = 0; i < lower.length; i++) {
      if (lower.charCodeAt(i) >= 128) {
        for (const word of words(value)) visit(word);
        return;
      }
    }
    let start = -1;
    for (let i = 0; i <= lower.length; i++) {
      const c = i < lower.length ? lower.charCodeAt(i) : 32;
      const wordChar = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
      if (wordChar) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        visit(lower.slice(start, i));
        start = -1;
      }
    }
  }

  /** A word's term id, -1 for a stop word (cached: most words repeat). */
  private wordTermId(word: string) {
    let id = this.wordTerms.get(word);
    if (id === undefined) {
      const term = termOf(word);
      id = term === null ? -1 : this.termId(term);
      if (this.wordTerms.size > 1_000_000) this.wordTerms.clear();
      this.wordTerms.set(word, id);
    }
    return id;
  }

  private valueId(filterIndex: number, value: string) {
    const map = this.valueIds[filterIndex];
    let id = map.get(value);
    if (id === undefined) {
      id = this.valueText.length;
      map.set(value, id);
      this.valueText.push(value);
      this.valueFilter.push(filterIndex);
      this.localOf.push(this.filterValues[filterIndex].length);
      this.filterValues[filterIndex].push(id);
      this.lowerValues.delete(filterIndex);
    }
    return id;
  }

  private add(record: IndexedRecord, bulk: boolean) {
    const ordinal = this.used++;
    const index = indexRecord(record.doc);
    this.recordIdOf[ordinal] = record.recordId;
    this.lastUpdatedOf[ordinal] = dayNumber(record.doc.lastUpdated);
    this.titles[ordinal] = record.doc.title;
    if (record.recordId >= this.ordinalByRecord.length) {
      const grown = new Int32Array(
        Math.max(record.recordId + 1, Math.ceil(this.ordinalByRecord.length * 1.5)),
      );
      grown.set(this.ordinalByRecord);
      this.ordinalByRecord = grown;
    }
    this.ordinalByRecord[record.recordId] = ordinal + 1;
    this.live[ordinal >>> 5] |= 1 << (ordinal & 31);
    this.liveCount++;
    this.addedSinceFreeze++;

    // Text: the stream, the weighted term frequencies and the length.
    const touched = this.touched;
    touched.length = 0;
    let length = 0;
    this.streamStart[ordinal] = this.stream.length;
    for (const group of FIELD_GROUPS) {
      const weight = FIELD_WEIGHTS[group];
      for (const value of index.text[group]) {
        this.stream.push(VALUE_START[group]);
        this.eachWord(value, (word) => {
          const id = this.wordTermId(word);
          if (id < 0) {
            this.stream.push(STOP);
            return;
          }
          this.pushCode(id + TERM_BASE);
          if (this.tfScratch[id] === 0) touched.push(id);
          this.tfScratch[id] += weight;
          length += weight;
        });
      }
    }
    this.streamLength[ordinal] = this.stream.length - this.streamStart[ordinal];
    this.lengthOf[ordinal] = length;
    this.totalLength += length;
    for (const id of touched) {
      this.df.data[id]++;
      this.termPostings.add(id, ordinal, this.tfScratch[id], bulk);
      this.tfScratch[id] = 0;
    }

    // Filter values: postings, and the facet columns.
    for (const column of this.columns.values()) column.length[ordinal] = 0;
    let previousFilter = -1;
    for (const [filterId, value] of index.values) {
      const filterIndex = filterIndexOf(filterId);
      const id = this.valueId(filterIndex, value);
      this.valuePostings.add(id, ordinal, 1, bulk);
      const column = this.columns.get(filterIndex);
      if (column) {
        if (filterIndex !== previousFilter) column.start[ordinal] = column.values.length;
        column.values.push(this.localOf.data[id]);
        column.length[ordinal]++;
      }
      previousFilter = filterIndex;
    }

    this.dateStart[ordinal] = this.dates.length / 3;
    for (const [filterId, eventName, date] of index.dates) {
      let event = this.eventNames.get(eventName);
      if (event === undefined) {
        event = this.eventNames.size;
        this.eventNames.set(eventName, event);
        this.eventNameText.push(eventName);
      }
      this.dates.push(filterIndexOf(filterId));
      this.dates.push(event);
      this.dates.push(dayNumber(date));
    }
    this.dateCount[ordinal] = index.dates.length;
  }

  private ordinalOfRecord(recordId: number) {
    return recordId < this.ordinalByRecord.length ? this.ordinalByRecord[recordId] - 1 : -1;
  }

  private pushCode(code: number) {
    if (code < ESCAPE) {
      this.stream.push(code);
    } else {
      this.stream.push(ESCAPE);
      this.stream.push(code >>> 16);
      this.stream.push(code & 0xffff);
    }
  }

  private kill(ordinal: number) {
    const bit = 1 << (ordinal & 31);
    if (!(this.live[ordinal >>> 5] & bit)) return;
    this.live[ordinal >>> 5] &= ~bit;
    this.liveCount--;
    this.totalLength -= this.lengthOf[ordinal];
    const stamp = ++this.seenStamp;
    const start = this.streamStart[ordinal];
    const stream = this.stream.data;
    for (let i = start, end = start + this.streamLength[ordinal]; i < end; i++) {
      let token = stream[i];
      if (token === ESCAPE) {
        token = stream[i + 1] * 65_536 + stream[i + 2];
        i += 2;
      }
      if (token < TERM_BASE) continue;
      const id = token - TERM_BASE;
      if (this.termSeen.data[id] !== stamp) {
        this.termSeen.data[id] = stamp;
        this.df.data[id]--;
      }
    }
  }

  // ---- Match sets --------------------------------------------------------------------

  private words() {
    return Math.ceil(this.used / 32);
  }

  private empty() {
    return new Uint32Array(this.words());
  }

  private allLive() {
    return this.live.slice(0, this.words());
  }

  private prefixTermIds(prefix: string) {
    if (!this.sortedTerms) {
      const ids = Int32Array.from(this.termText.keys());
      const text = this.termText;
      ids.sort((a, b) => (text[a] < text[b] ? -1 : text[a] > text[b] ? 1 : 0));
      this.sortedTerms = { terms: Array.from(ids, (id) => text[id]), ids, through: text.length };
    }
    const { terms, ids, through } = this.sortedTerms;
    const low = lowerBound(terms.length, (i) => terms[i] < prefix);
    const found: number[] = [];
    for (let i = low; i < terms.length && terms[i].startsWith(prefix); i++) found.push(ids[i]);
    for (let id = through; id < this.termText.length; id++)
      if (this.termText[id].startsWith(prefix)) found.push(id);
    return found;
  }

  /** A query term's live matches and, when `withTf`, its weighted frequency per ordinal. */
  private termMatch(
    term: QueryTerm,
    withTf: boolean,
  ): { bits: Uint32Array; tf: Int32Array | null; df: number } {
    const bits = this.empty();
    const tf = withTf ? this.borrow() : null;
    const live = this.live;
    if (term.kind === "term" || term.kind === "prefix") {
      const ids =
        term.kind === "term"
          ? [this.termIds.get(term.term)].filter((id): id is number => id !== undefined)
          : this.prefixTermIds(term.prefix);
      for (const id of ids) this.termPostings.accumulate(id, bits, live, tf);
      return {
        bits,
        tf,
        df: term.kind === "term" && ids.length ? this.df.data[ids[0]] : bitCount(bits),
      };
    }
    // A phrase: records holding every term, then checked position by position in their stream.
    const wanted = term.terms.map((t) => (t === null ? -1 : (this.termIds.get(t) ?? -2)));
    if (wanted.includes(-2)) return { bits, tf, df: 0 };
    let candidates: Uint32Array | null = null;
    for (const id of new Set(wanted.filter((w) => w >= 0))) {
      const own = this.empty();
      this.termPostings.markInto(id, own, live);
      candidates = candidates ? bitAnd(candidates, own) : own;
    }
    const stream = this.stream.data;
    const codes = wanted.map((w) => (w < 0 ? -1 : w + TERM_BASE));
    const first = codes[0];
    const span = codes.length;
    for (const doc of bitOrdinals(candidates ?? bits)) {
      let weight = 0;
      let found = 0;
      const start = this.streamStart[doc];
      const end = start + this.streamLength[doc];
      for (let i = start; i < end; i++) {
        let token = stream[i];
        if (token === ESCAPE) {
          token = stream[i + 1] * 65_536 + stream[i + 2];
          i += 2;
        }
        if (token !== first) {
          if (token < STOP) weight = GROUP_WEIGHT[token];
          continue;
        }
        let k = 1;
        for (let j = i + 1; k < span && j < end; k++) {
          let at = stream[j++];
          if (at === ESCAPE) {
            at = stream[j] * 65_536 + stream[j + 1];
            j += 2;
          }
          if (at < STOP || (codes[k] >= 0 && at !== codes[k])) break;
        }
        if (k === span) found += weight;
      }
      if (found > 0) {
        bits[doc >>> 5] |= 1 << (doc & 31);
        if (tf) tf[doc] = found;
      }
    }
    return { bits, tf, df: bitCount(bits) };
  }

  private phraseBits(
    compiled: CompiledPhrase,
    cache: Map<string, ReturnType<SearchIndex["termMatch"]>>,
  ) {
    const result = this.empty();
    for (const group of compiled.groups) {
      const bits = this.allLive();
      for (const term of group.positive) bitAnd(bits, this.cachedTerm(term, cache).bits);
      for (const term of group.negative) {
        const not = this.cachedTerm(term, cache).bits;
        for (let i = 0; i < bits.length; i++) bits[i] &= ~not[i];
      }
      bitOr(result, bits);
    }
    return result;
  }

  private cachedTerm(term: QueryTerm, cache: Map<string, ReturnType<SearchIndex["termMatch"]>>) {
    let match = cache.get(term.key);
    if (!match) {
      match = this.termMatch(term, true);
      cache.set(term.key, match);
    }
    return match;
  }

  private valueBits(valueIds: number[]) {
    const bits = this.empty();
    for (const id of valueIds) this.valuePostings.markInto(id, bits, this.live);
    return bits;
  }

  private basicBits(filterIndex: number, values: string[], any: boolean) {
    const map = this.valueIds[filterIndex];
    if (any)
      return this.valueBits(
        values.flatMap((value) => {
          const id = map.get(value);
          return id === undefined ? [] : [id];
        }),
      );
    const bits = this.allLive();
    for (const value of values) {
      const id = map.get(value);
      if (id === undefined) return this.empty();
      bitAnd(bits, this.valueBits([id]));
    }
    return bits;
  }

  /** Each date filter's (day, ordinal, event) entries sorted by day: ranges become binary searches. */
  private dateTables = new Map<
    number,
    { days: Int32Array; docs: Int32Array; events: Int32Array }
  >();

  private dateTable(filterIndex: number) {
    let table = this.dateTables.get(filterIndex);
    if (table) return table;
    const entries: number[] = [];
    if (filterIndex === LAST_UPDATED) {
      for (let doc = 0; doc < this.used; doc++) entries.push(doc);
    } else {
      const dates = this.dates.data;
      for (let doc = 0; doc < this.used; doc++) {
        for (let i = this.dateStart[doc] * 3, end = i + this.dateCount[doc] * 3; i < end; i += 3)
          if (dates[i] === filterIndex) entries.push(i);
      }
    }
    const order = Int32Array.from(entries);
    const dayOf =
      filterIndex === LAST_UPDATED
        ? (e: number) => this.lastUpdatedOf[e]
        : (e: number) => this.dates.data[e + 2];
    order.sort((a, b) => dayOf(a) - dayOf(b));
    const docOf =
      filterIndex === LAST_UPDATED ? (e: number) => e : (e: number) => this.dateOwner(e);
    table = {
      days: order.map(dayOf),
      docs: order.map(docOf),
      events:
        filterIndex === LAST_UPDATED
          ? new Int32Array(order.length).fill(-1)
          : order.map((e) => this.dates.data[e + 1]),
    };
    this.dateTables.set(filterIndex, table);
    return table;
  }

  /**
   * The soonest dates of the given date filters from `from` (YYYY-MM-DD) on, at most `limit`,
   * in order of day, then of the filters as given, record id and event name: a binary search
   * into each filter's sorted date table, then a walk of the entries after it.
   */
  upcomingDates(filterIds: string[], from: string, limit: number): UpcomingDate[] {
    if (limit <= 0) return [];
    const start = dayNumber(from);
    const found: Array<UpcomingDate & { day: number; rank: number }> = [];
    filterIds.forEach((filterId, rank) => {
      const { days, docs, events } = this.dateTable(filterIndexOf(filterId));
      const low = lowerBound(days.length, (i) => days[i] < start);
      const live = this.live;
      let taken = 0;
      // Past the limit, entries of the last day taken still count: ties are ordered below.
      for (let i = low; i < days.length; i++) {
        if (taken >= limit && days[i] > days[i - 1]) break;
        const doc = docs[i];
        if (!(live[doc >>> 5] & (1 << (doc & 31)))) continue;
        taken++;
        found.push({
          recordId: this.recordIdOf[doc],
          filterId,
          eventName: this.eventNameText[events[i]] ?? "",
          date: dayText(days[i]),
          day: days[i],
          rank,
        });
      }
    });
    found.sort(
      (a, b) =>
        a.day - b.day ||
        a.rank - b.rank ||
        a.recordId - b.recordId ||
        (a.eventName < b.eventName ? -1 : a.eventName > b.eventName ? 1 : 0),
    );
    return found.slice(0, limit).map(({ recordId, filterId, eventName, date }) => ({
      recordId,
      filterId,
      eventName,
      date,
    }));
  }

  /** The ordinal a date entry (its offset in `dates`) belongs to. */
  private dateOwner(entry: number) {
    const at = entry / 3;
    // dateStart grows with the ordinal: the owner is the last ordinal starting at or before the entry.
    let low = Math.max(0, lowerBound(this.used, (i) => this.dateStart[i] <= at) - 1);
    while (this.dateCount[low] === 0 || this.dateStart[low] + this.dateCount[low] <= at) low--;
    return low;
  }

  /** Live ordinals with a date of the filter in [from, to] (and of the event, if given). */
  private dateBits(filterIndex: number, from: number, to: number, eventName?: string | null) {
    const bits = this.empty();
    const event = eventName ? (this.eventNames.get(eventName) ?? -2) : -1;
    const { days, docs, events } = this.dateTable(filterIndex);
    const low = lowerBound(days.length, (i) => days[i] < from);
    const live = this.live;
    for (let i = low; i < days.length && days[i] <= to; i++) {
      const doc = docs[i];
      if ((event === -1 || events[i] === event) && live[doc >>> 5] & (1 << (doc & 31)))
        bits[doc >>> 5] |= 1 << (doc & 31);
    }
    return bits;
  }

  private lowered(filterIndex: number) {
    let lower = this.lowerValues.get(filterIndex);
    if (!lower) {
      lower = this.filterValues[filterIndex].map((id) => this.valueText[id].toLowerCase());
      this.lowerValues.set(filterIndex, lower);
    }
    return lower;
  }

  private rowBits(row: AdvancedRow) {
    const filter = filterOf(row.filterId);
    const filterIndex = filterIndexOf(filter.id);
    if (isDateFilter(filter)) {
      return this.dateBits(
        filterIndex,
        row.dateFrom ? dayNumber(row.dateFrom) : -Infinity,
        row.dateTo ? dayNumber(row.dateTo) : Infinity,
      );
    }
    const wanted = row.fieldValue.toLowerCase();
    const lower = this.lowered(filterIndex);
    const ids: number[] = [];
    lower.forEach((value, local) => {
      if (row.operator === "contains" ? value.includes(wanted) : value === wanted)
        ids.push(this.filterValues[filterIndex][local]);
    });
    const held = this.valueBits(ids);
    if (row.operator !== "isNot") return held;
    const bits = this.allLive();
    for (let i = 0; i < bits.length; i++) bits[i] &= ~held[i];
    return bits;
  }

  /** Per ordinal, the day of its next or last EU event as seen on `today` (0: it has none). */
  private nextOrLastDays: { today: number; days: Int32Array } | null = null;

  private nextOrLastDaysOn(today: number) {
    const held = this.nextOrLastDays;
    if (held && held.today === today && held.days.length === this.used) return held.days;
    const days = new Int32Array(this.used);
    const dates = this.dates.data;
    const euDays: number[] = [];
    for (let doc = 0; doc < this.used; doc++) {
      euDays.length = 0;
      for (let i = this.dateStart[doc] * 3, end = i + this.dateCount[doc] * 3; i < end; i += 3)
        if (dates[i] === EU_EVENT_DATES) euDays.push(dates[i + 2]);
      days[doc] = nextOrLastDay(euDays, today);
    }
    this.nextOrLastDays = { today, days };
    return days;
  }

  /** Live ordinals whose next or last EU event falls in the years [from, to] (an open end: null). */
  private nextOrLastBits(from: number | null, to: number | null, today: number) {
    const low = from === null ? 1 : from * 10000 + 101;
    const high = to === null ? Infinity : to * 10000 + 1231;
    const days = this.nextOrLastDaysOn(today);
    const bits = this.empty();
    const live = this.live;
    for (let doc = 0; doc < this.used; doc++) {
      const day = days[doc];
      if (day >= low && day <= high && live[doc >>> 5] & (1 << (doc & 31)))
        bits[doc >>> 5] |= 1 << (doc & 31);
    }
    return bits;
  }

  /** The matches of a match set by the year of their next or last EU event. */
  private eventYears(bits: Uint32Array, today: number): EventYearCounts {
    const days = this.nextOrLastDaysOn(today);
    return countByYear(days, bitOrdinals(bits));
  }

  private matchParts(
    request: SearchRequest,
    settings: EnabledSettings,
    cache: Map<string, ReturnType<SearchIndex["termMatch"]>>,
    today: string,
  ): MatchParts {
    const parts: MatchParts["parts"] = [];
    const compiled = compilePhrase(request.searchPhrase);
    if (compiled.active) parts.push({ filterId: null, bits: this.phraseBits(compiled, cache) });
    for (const group of request.basicSearchFilter) {
      const filter = FILTERS_BY_ID.get(group.filterId);
      if (!filter || isDateFilter(filter) || (filter.setting && !settings[filter.setting]))
        continue;
      parts.push({
        filterId: filter.id,
        bits: this.basicBits(filterIndexOf(filter.id), group.values, filter.orClauseEnabled),
      });
    }
    if (request.lastUpdatedDateFrom || request.lastUpdatedDateTo) {
      const from = request.lastUpdatedDateFrom ? dayNumber(request.lastUpdatedDateFrom) : -Infinity;
      const to = request.lastUpdatedDateTo ? dayNumber(request.lastUpdatedDateTo) : Infinity;
      parts.push({ filterId: null, bits: this.dateBits(LAST_UPDATED, from, to) });
    }
    const eventName = request.emaEventsByDateRangeAndEventNameFilter?.eventName ?? null;
    if (request.emaTimelineFrom || request.emaTimelineTo || eventName) {
      const from = request.emaTimelineFrom ? dayNumber(request.emaTimelineFrom) : -Infinity;
      const to = request.emaTimelineTo ? dayNumber(request.emaTimelineTo) : Infinity;
      parts.push({ filterId: null, bits: this.dateBits(EU_EVENT_DATES, from, to, eventName) });
    }
    const yearFrom = request.emaNextOrLastEventYearFrom ?? null;
    const yearTo = request.emaNextOrLastEventYearTo ?? null;
    if (yearFrom !== null || yearTo !== null) {
      parts.push({
        filterId: NEXT_OR_LAST,
        bits: this.nextOrLastBits(yearFrom, yearTo, dayNumber(today)),
      });
    }
    if (request.isAdvancedSearch && request.advanceSearchFilter.length) {
      const result = this.empty();
      let group: Uint32Array | null = null;
      request.advanceSearchFilter.forEach((row, index) => {
        if (index > 0 && row.join === "or" && group) {
          bitOr(result, group);
          group = null;
        }
        const bits = this.rowBits(row);
        group = group ? bitAnd(group, bits) : bits;
      });
      if (group) bitOr(result, group);
      parts.push({ filterId: null, bits: result });
    }
    return { parts, compiled };
  }

  combine(parts: MatchParts["parts"], exceptFilter?: string) {
    const bits = this.allLive();
    for (const part of parts)
      if (!exceptFilter || part.filterId !== exceptFilter) bitAnd(bits, part.bits);
    return bits;
  }

  // ---- Ordering ----------------------------------------------------------------------

  /** Live ordinals sorted by a key, ties by record id: computed once per index state. */
  private order(key: "titleAsc" | "titleDesc" | "updatedAsc" | "updatedDesc") {
    let order = this.orders.get(key);
    if (order) return order;
    order = bitOrdinals(this.allLive());
    const { titles, lastUpdatedOf: days, recordIdOf: ids } = this;
    const sign = key.endsWith("Asc") ? 1 : -1;
    const byTitle = key.startsWith("title");
    order.sort((a, b) => {
      const primary = byTitle
        ? titles[a] < titles[b]
          ? -1
          : titles[a] > titles[b]
            ? 1
            : 0
        : days[a] - days[b];
      return primary !== 0 ? primary * sign : ids[a] - ids[b];
    });
    this.orders.set(key, order);
    return order;
  }

  /** The ordinals of a match set in the request's order: the first `limit`, or all. */
  private ordered(
    request: SearchRequest,
    bits: Uint32Array,
    parts: MatchParts,
    cache: Map<string, ReturnType<SearchIndex["termMatch"]>>,
    limit: number,
  ) {
    const ranked = parts.compiled.active;
    if (request.sortBy === "title" || request.sortBy === "lastUpdated" || !ranked) {
      const key =
        request.sortBy === "title"
          ? request.sortOrder === "desc"
            ? "titleDesc"
            : "titleAsc"
          : request.sortOrder === "asc"
            ? "updatedAsc"
            : "updatedDesc";
      const order = this.order(key);
      const out: number[] = [];
      for (let i = 0; i < order.length && out.length < limit; i++) {
        const doc = order[i];
        if (bits[doc >>> 5] & (1 << (doc & 31))) out.push(doc);
      }
      return out;
    }
    const scores = this.scores(bits, parts.compiled, cache);
    const sign = request.sortOrder === "asc" ? -1 : 1;
    const { lastUpdatedOf: days, recordIdOf: ids } = this;
    // Positive when a ranks before b.
    const before = (a: number, b: number) => {
      if (scores[a] !== scores[b]) return (scores[a] - scores[b]) * sign;
      if (days[a] !== days[b]) return days[a] - days[b];
      return ids[b] - ids[a];
    };
    return topK(bitOrdinals(bits), limit, before);
  }

  /** BM25 of each matching ordinal: each scored term in the order typed, as the reference adds them. */
  private scores(
    bits: Uint32Array,
    compiled: CompiledPhrase,
    cache: Map<string, ReturnType<SearchIndex["termMatch"]>>,
  ) {
    if (this.scoreScratch.length < this.used) this.scoreScratch = new Float64Array(this.capacity);
    const scores = this.scoreScratch;
    const n = this.liveCount;
    const average = this.totalLength / n;
    const matches = bitOrdinals(bits);
    for (let i = 0; i < matches.length; i++) scores[matches[i]] = 0;
    const lengths = this.lengthOf;
    for (const term of compiled.scored) {
      const match = this.cachedTerm(term, cache);
      const tf = required(match.tf, "term frequencies"); // asked for above (withTf)
      const idf = bm25Idf(match.df, n);
      for (let i = 0; i < matches.length; i++) {
        const doc = matches[i];
        const frequency = tf[doc];
        if (frequency > 0) scores[doc] += bm25Weight(idf, frequency, lengths[doc], average);
      }
    }
    return scores;
  }

  /** The whole catalogue's facet counts, per set of filters, until the index changes. */
  readonly allFacets = new Map<string, Map<number, Int32Array>>();

  // ---- Answers -----------------------------------------------------------------------

  search(
    request: SearchRequest,
    settings: EnabledSettings,
    options: { facets?: boolean; eventYears?: boolean } & AnswerOptions = {},
  ): IndexAnswer {
    const today = options.today ?? todayUtc();
    const eventYears = options.eventYears === true;
    return this.remembered(
      answerKey("search", request, settings, options.facets !== false, eventYears, today),
      (): IndexAnswer => {
        try {
          return this.answer(request, settings, { facets: options.facets, eventYears, today });
        } finally {
          this.giveBack();
        }
      },
    );
  }

  private answer(
    request: SearchRequest,
    settings: EnabledSettings,
    options: { facets?: boolean; eventYears: boolean; today: string },
  ): IndexAnswer {
    const cache = new Map<string, ReturnType<SearchIndex["termMatch"]>>();
    const parts = this.matchParts(request, settings, cache, options.today);
    const bits = this.combine(parts.parts);
    const total = bitCount(bits);
    const page = this.ordered(request, bits, parts, cache, request.from + request.size).slice(
      request.from,
    );
    const answer: IndexAnswer = {
      total,
      recordIds: page.map((doc) => this.recordIdOf[doc]),
      facets: options.facets === false ? [] : countFacets(this, request, settings, bits, parts),
    };
    if (options.eventYears) {
      // Like an OR-able facet: counted without the request's own years, so every bar says
      // what choosing its years instead would find.
      const own = parts.parts.some((part) => part.filterId === NEXT_OR_LAST);
      answer.eventYears = this.eventYears(
        own ? this.combine(parts.parts, NEXT_OR_LAST) : bits,
        dayNumber(options.today),
      );
    }
    return answer;
  }

  count(request: SearchRequest, settings: EnabledSettings, options: AnswerOptions = {}) {
    const today = options.today ?? todayUtc();
    return this.remembered(answerKey("count", request, settings, today), () => {
      try {
        const parts = this.matchParts(request, settings, new Map(), today);
        return bitCount(this.combine(parts.parts));
      } finally {
        this.giveBack();
      }
    });
  }

  /** How many of the given records the request finds (ids not held count as not found). */
  countAmong(
    request: SearchRequest,
    settings: EnabledSettings,
    recordIds: Iterable<number>,
    options: AnswerOptions = {},
  ) {
    try {
      const parts = this.matchParts(request, settings, new Map(), options.today ?? todayUtc());
      const bits = this.combine(parts.parts);
      let found = 0;
      for (const recordId of recordIds) {
        const doc = this.ordinalOfRecord(recordId);
        if (doc >= 0 && bits[doc >>> 5] & (1 << (doc & 31))) found++;
      }
      return found;
    } finally {
      this.giveBack();
    }
  }

  /** Every matching record id, in the request's order (at most `limit`). */
  matchingIds(
    request: SearchRequest,
    settings: EnabledSettings,
    limit = Infinity,
    options: AnswerOptions = {},
  ) {
    try {
      const cache = new Map<string, ReturnType<SearchIndex["termMatch"]>>();
      const parts = this.matchParts(request, settings, cache, options.today ?? todayUtc());
      const bits = this.combine(parts.parts);
      return this.ordered(request, bits, parts, cache, limit).map((doc) => this.recordIdOf[doc]);
    } finally {
      this.giveBack();
    }
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
      () => this.computeFacetValues(request, settings, filterId, { ...options, today }),
    );
  }

  private computeFacetValues(
    request: SearchRequest,
    settings: EnabledSettings,
    filterId: string,
    options: { sort: FacetSort; page: number; contains?: string; today: string },
  ) {
    const filter = filterOf(filterId);
    const filterIndex = filterIndexOf(filterId);
    const parts = this.matchParts(request, settings, new Map(), options.today);
    this.giveBack();
    const bits = this.combine(parts.parts, filter.orClauseEnabled ? filter.id : undefined);
    const count = this.columns.has(filterIndex)
      ? required(countColumns(this, bits, [filterIndex]).get(filterIndex), "facet counts")
      : countPostings(this, bits, filterIndex);
    const ids = this.filterValues[filterIndex];
    let rows: Array<{ value: string; count: number }> = [];
    for (let local = 0; local < count.length; local++) {
      if (count[local] > 0) rows.push({ value: this.valueText[ids[local]], count: count[local] });
    }
    rows.sort(byCountThenValue);
    const contains = options.contains?.trim().toLowerCase();
    if (contains) rows = rows.filter((row) => row.value.toLowerCase().includes(contains));
    if (options.sort === "az") rows.sort((a, b) => a.value.localeCompare(b.value));
    const selected =
      request.basicSearchFilter.find((group) => group.filterId === filterId)?.values ?? [];
    const start = (options.page - 1) * FACET_PAGE_SIZE;
    return {
      total: rows.length,
      values: rows
        .slice(start, start + FACET_PAGE_SIZE)
        .map((row) => ({ ...row, selected: selected.includes(row.value) })),
    };
  }

  /** Values of a filter containing what was typed (those starting with it first), most held first. */
  suggestValues(filterId: string, typed: string, limit = 10) {
    const text = typed.trim().toLowerCase();
    const filterIndex = FILTER_INDEX.get(filterId);
    if (!text || filterIndex === undefined) return [];
    const lower = this.lowered(filterIndex);
    const live = this.allLive();
    const found: Array<{ value: string; count: number; starts: boolean }> = [];
    lower.forEach((value, local) => {
      if (!value.includes(text)) return;
      const id = this.filterValues[filterIndex][local];
      let count = 0;
      this.valuePostings.each(id, (doc) => {
        if (live[doc >>> 5] & (1 << (doc & 31))) count++;
      });
      if (count > 0)
        found.push({ value: this.valueText[id], count, starts: value.startsWith(text) });
    });
    found.sort(
      (a, b) =>
        Number(b.starts) - Number(a.starts) ||
        b.count - a.count ||
        (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
    );
    return found.slice(0, limit).map(({ value, count }) => ({ value, count }));
  }

  /**
   * "Did you mean": each plain word of four letters or more, replaced by the most similar
   * word (trigram similarity, as pg_trgm counts it, at least 0.3) of the names in the
   * catalogue; offered only when the corrected phrase finds something.
   */
  spellingSuggestion(phrase: string, settings: EnabledSettings): string | null {
    return this.remembered(answerKey("spelling", phrase, settings), () =>
      this.computeSpellingSuggestion(phrase, settings),
    );
  }

  private computeSpellingSuggestion(phrase: string, settings: EnabledSettings): string | null {
    const plain = phraseWords(parsePhrase(phrase)).filter((word) => word.length >= 4);
    if (!plain.length) return null;
    const dictionary = this.spellingDictionary();
    let suggestion = phrase;
    let changed = false;
    for (const word of plain.slice(0, 5)) {
      const lower = word.toLowerCase();
      const chosen = closestWord(dictionary, trigrams(lower));
      if (chosen && chosen.word !== lower && chosen.similarity >= 0.3) {
        suggestion = suggestion.replace(word, chosen.word);
        changed = true;
      }
    }
    if (!changed) return null;
    return this.count({ ...DEFAULT_SEARCH, searchPhrase: suggestion }, settings) > 0
      ? suggestion
      : null;
  }

  private spellingDictionary() {
    if (this.spelling) return this.spelling;
    const live = this.allLive();
    const found = new Set<string>();
    for (const filterId of SPELLING_FILTERS) {
      const filterIndex = filterIndexOf(filterId);
      for (const id of this.filterValues[filterIndex]) {
        let held = false;
        this.valuePostings.each(id, (doc) => {
          if (live[doc >>> 5] & (1 << (doc & 31))) held = true;
        });
        if (!held) continue;
        for (const word of this.valueText[id].toLowerCase().split(/[^\p{L}\p{N}]+/u))
          if (word.length >= 3) found.add(word);
      }
    }
    this.spelling = buildSpellingDictionary([...found].sort());
    return this.spelling;
  }

  /** Approximate bytes held by the index's arrays (strings and maps not counted). */
  arrayBytes() {
    const arrays = [
      this.recordIdOf,
      this.lastUpdatedOf,
      this.lengthOf,
      this.live,
      this.streamStart,
      this.streamLength,
      this.stream.data,
      this.dateStart,
      this.dateCount,
      this.dates.data,
      this.df.data,
    ];
    let bytes = arrays.reduce((sum, array) => sum + array.byteLength, 0);
    bytes += this.termPostings.bytes() + this.valuePostings.bytes();
    for (const column of this.columns.values())
      bytes += column.start.byteLength + column.length.byteLength + column.values.data.byteLength;
    return bytes;
  }

  stats() {
    return {
      records: this.liveCount,
      ordinals: this.used,
      terms: this.termText.length,
      values: this.valueText.length,
      version: this.version,
    };
  }
}

/** A cache key: the kind of answer and its arguments, as JSON with every object's keys in order. */
function answerKey(kind: string, ...args: unknown[]) {
  return JSON.stringify([kind, ...args], (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
