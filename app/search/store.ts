import type { HssRecord } from "~/records/schema.server";
import { dayNumber } from "./days";
import { filterIndexOf } from "./filters";
import { indexRecord } from "./index-record";
import { PairPostings } from "./pair-postings";
import { RecordDates } from "./record-dates";
import { TermDictionary } from "./term-dictionary";
import { ESCAPE, escaped, STOP, TermStream, TERM_BASE, VALUE_START } from "./term-stream";
import { FIELD_GROUPS, FIELD_WEIGHTS, words } from "./text";
import { ValueDictionary } from "./value-dictionary";

/**
 * The storage half of the search index (docs/decisions/010-search-index.md): what is held of
 * every record, by document ordinal, and nothing about how a request is answered. Per
 * ordinal, typed arrays hold what ordering and counting read (record id, last-updated day,
 * weighted length, title), the record's text as a stream of term ids (term-stream.ts), its
 * dates (record-dates.ts) and, through the value dictionary, one column of value ordinals per
 * facet. Terms and filter values have postings: a frozen part in flat typed arrays, and a
 * small part added since, in maps. A changed record gets a new ordinal and its old one is
 * marked dead; when the added part grows, everything is frozen again.
 */

export interface IndexedRecord {
  recordId: number;
  doc: HssRecord;
}

export const LAST_UPDATED = filterIndexOf("lastUpdated");

export class IndexStore {
  /** Counts every change to the records held: what is derived from them is kept per generation. */
  generation = 0;
  capacity = 0;
  /** Ordinals given out so far, dead ones included. */
  used = 0;
  liveCount = 0;
  /** The weighted lengths of the live records added up (their mean is BM25's). */
  totalLength = 0;
  recordIdOf = new Int32Array(0);
  lastUpdatedOf = new Int32Array(0);
  /** Weighted length of each record's text. */
  lengthOf = new Int32Array(0);
  /** The live ordinals, as a bitset. */
  live = new Uint32Array(0);
  readonly titles: string[] = [];
  readonly stream = new TermStream();
  readonly terms = new TermDictionary();
  /** Postings of common words side by side, for phrases (rebuilt at each freeze). */
  readonly pairs = new PairPostings();
  readonly values = new ValueDictionary();
  readonly dates = new RecordDates();
  /** Record id → ordinal + 1 (0: not held); record ids are a database sequence, so dense. */
  private ordinalByRecord = new Int32Array(1024);
  private addedSinceFreeze = 0;
  /** While adding a record: its weighted frequency per term id, and the terms it touched. */
  private frequencyScratch = new Int32Array(1024);
  private touched: number[] = [];
  /** Each date filter's entries sorted by day, until the records change. */
  private dateTables = new Map<number, DateTable>();

  /** Adds records, replacing those already held (bulk: the postings wait for freeze()). */
  upsert(records: IndexedRecord[], options: { bulk?: boolean } = {}) {
    const bulk = options.bulk ?? false;
    this.ensureCapacity(this.used + records.length);
    for (const record of records) {
      const previous = this.ordinalOf(record.recordId);
      if (previous >= 0) this.kill(previous);
      this.add(record, bulk);
    }
    this.changed();
    if (!bulk && this.addedSinceFreeze > Math.max(2_000, this.liveCount / 20)) this.freeze();
  }

  /** Removes records (no longer published). */
  remove(recordIds: number[]) {
    for (const recordId of recordIds) {
      const ordinal = this.ordinalOf(recordId);
      if (ordinal < 0) continue;
      this.kill(ordinal);
      this.ordinalByRecord[recordId] = 0;
    }
    this.changed();
  }

  /** Writes every posting into flat arrays, dropping those of dead ordinals (answers stay the same). */
  freeze() {
    this.terms.freeze(this.live);
    this.values.freeze(this.live);
    this.stream.codes.trim();
    this.pairs.build(
      this.stream,
      this.live,
      this.used,
      this.terms.documentFrequency.data,
      this.terms.count,
      this.liveCount,
    );
    this.dates.entries.trim();
    this.addedSinceFreeze = 0;
  }

  private changed() {
    this.generation++;
    this.dateTables.clear();
  }

  /** The ordinal of a record held, -1 for one not held. */
  ordinalOf(recordId: number) {
    return recordId < this.ordinalByRecord.length ? this.ordinalByRecord[recordId] - 1 : -1;
  }

  /** How many 32-bit words a bitset over every ordinal takes. */
  bitsetWords() {
    return Math.ceil(this.used / 32);
  }

  emptyBits() {
    return new Uint32Array(this.bitsetWords());
  }

  /** A copy of the live set, to narrow down. */
  liveBits() {
    return this.live.slice(0, this.bitsetWords());
  }

  /**
   * A date filter's (day, ordinal, event name id) entries sorted by day, so that a range is a
   * binary search; last updated is the records' own day (event -1).
   */
  dateTable(filterIndex: number): DateTable {
    let table = this.dateTables.get(filterIndex);
    if (table) return table;
    const lastUpdated = filterIndex === LAST_UPDATED;
    const entries = this.dates.entries;
    const order = lastUpdated
      ? Int32Array.from({ length: this.used }, (_, doc) => doc)
      : Int32Array.from(this.dates.entriesOf(filterIndex, this.used));
    const dayOf = lastUpdated
      ? (e: number) => this.lastUpdatedOf[e]
      : (e: number) => entries.data[e + 2];
    order.sort((a, b) => dayOf(a) - dayOf(b));
    table = {
      days: order.map(dayOf),
      docs: lastUpdated ? order : order.map((e) => this.dates.ownerOf(e, this.used)),
      events: lastUpdated
        ? new Int32Array(order.length).fill(-1)
        : order.map((e) => entries.data[e + 1]),
    };
    this.dateTables.set(filterIndex, table);
    return table;
  }

  private ensureCapacity(need: number) {
    if (need <= this.capacity) return;
    const capacity = Math.max(need, Math.ceil(this.capacity * 1.5), 1024);
    const grow = (old: Int32Array) => {
      const next = new Int32Array(capacity);
      next.set(old);
      return next;
    };
    this.recordIdOf = grow(this.recordIdOf);
    this.lastUpdatedOf = grow(this.lastUpdatedOf);
    this.lengthOf = grow(this.lengthOf);
    const live = new Uint32Array(Math.ceil(capacity / 32));
    live.set(this.live);
    this.live = live;
    this.stream.resize(capacity);
    this.dates.resize(capacity);
    this.values.resize(capacity);
    this.capacity = capacity;
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
    const stream = this.stream;
    stream.begin(ordinal);
    for (const group of FIELD_GROUPS) {
      const weight = FIELD_WEIGHTS[group];
      for (const value of index.text[group]) {
        stream.pushMark(VALUE_START[group]);
        const count = splitWords(value, valueWords);
        for (let w = 0; w < count; w++) {
          const id = this.terms.wordTermId(valueWords[w]);
          if (id < 0) {
            stream.pushMark(STOP);
            continue;
          }
          stream.pushTerm(id);
          if (id >= this.frequencyScratch.length) this.growFrequencyScratch(id);
          if (this.frequencyScratch[id] === 0) touched.push(id);
          this.frequencyScratch[id] += weight;
          length += weight;
        }
      }
    }
    stream.end(ordinal);
    this.lengthOf[ordinal] = length;
    this.totalLength += length;
    const frequency = this.terms.documentFrequency.data;
    for (const id of touched) {
      frequency[id]++;
      this.terms.postings.add(id, ordinal, this.frequencyScratch[id], bulk);
      this.frequencyScratch[id] = 0;
    }

    // Filter values: postings, and the facet columns.
    const values = this.values;
    for (const column of values.columns.values()) column.length[ordinal] = 0;
    let previousFilter = -1;
    for (const [filterId, value] of index.values) {
      const filterIndex = filterIndexOf(filterId);
      const id = values.add(filterIndex, value);
      values.postings.add(id, ordinal, 1, bulk);
      const column = values.columns.get(filterIndex);
      if (column) {
        if (filterIndex !== previousFilter) column.start[ordinal] = column.values.length;
        column.values.push(values.localOf.data[id]);
        column.length[ordinal]++;
      }
      previousFilter = filterIndex;
    }

    this.dates.begin(ordinal);
    for (const [filterId, eventName, date] of index.dates)
      this.dates.add(ordinal, filterIndexOf(filterId), eventName, dayNumber(date));
  }

  private growFrequencyScratch(id: number) {
    const grown = new Int32Array(Math.max(id + 1, 1024, this.frequencyScratch.length * 2));
    grown.set(this.frequencyScratch);
    this.frequencyScratch = grown;
  }

  /** Marks an ordinal dead, and counts its terms out of their document frequencies. */
  private kill(ordinal: number) {
    const bit = 1 << (ordinal & 31);
    if (!(this.live[ordinal >>> 5] & bit)) return;
    this.live[ordinal >>> 5] &= ~bit;
    this.liveCount--;
    this.totalLength -= this.lengthOf[ordinal];
    const terms = this.terms;
    terms.beginForget();
    const start = this.stream.start[ordinal];
    const codes = this.stream.codes.data;
    const escapeCode = ESCAPE;
    const termBase = TERM_BASE;
    for (let i = start, end = start + this.stream.length[ordinal]; i < end; i++) {
      let code = codes[i];
      if (code === escapeCode) {
        code = escaped(codes[i + 1], codes[i + 2]);
        i += 2;
      }
      if (code >= termBase) terms.forgetOnce(code - termBase);
    }
  }

  /** Approximate bytes held by the index's arrays (strings and maps not counted). */
  arrayBytes() {
    return (
      this.recordIdOf.byteLength +
      this.lastUpdatedOf.byteLength +
      this.lengthOf.byteLength +
      this.live.byteLength +
      this.stream.bytes() +
      this.dates.bytes() +
      this.terms.documentFrequency.data.byteLength +
      this.terms.postings.bytes() +
      this.pairs.bytes() +
      this.values.bytes()
    );
  }
}

export interface DateTable {
  days: Int32Array;
  docs: Int32Array;
  events: Int32Array;
}

/** The words of the value being indexed (slots past the count returned are stale). */
const valueWords: string[] = [];

/**
 * Writes the words of a text value, as text.ts's words() reads them, into `out` from slot 0
 * and returns how many there are; plain ASCII (nearly all text) is split here without a
 * regular expression, and `out` is reused rather than emptied.
 */
function splitWords(value: string, out: string[]): number {
  const lower = value.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    if (lower.charCodeAt(i) >= 128) {
      const found = words(value);
      for (let w = 0; w < found.length; w++) out[w] = found[w];
      return found.length;
    }
  }
  let count = 0;
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    const wordChar = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out[count++] = lower.slice(start, i);
      start = -1;
    }
  }
  return count;
}
