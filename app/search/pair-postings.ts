import { lowerBound } from "./sorted";
import { ESCAPE, escaped, MARKER_WEIGHT, STOP, type TermStream, TERM_BASE } from "./term-stream";

/**
 * Postings of word pairs: for two common terms that stand next to each other in a text value,
 * the records where they do, each with the weighted number of places (docs/decisions/037-
 * pair-postings.md). A quoted phrase of common words ("phase iii") is then read from one list
 * instead of checking every record that holds both words place by place, which at 100,000
 * records meant most of the catalogue. Only pairs of common terms are held: a phrase with a
 * rarer word has few candidates, and checking those in the term stream stays cheap.
 *
 * It is derived from the term stream when the store is frozen and covers the ordinals given
 * out by then (`through`); a record added since is checked in the stream. Dead ordinals are
 * left to the live set, as with every posting. Which terms count as common does not change an
 * answer, only how it is found.
 */
/** A pair's weight that does not fit a byte (see `weights`). */
export const OVERFLOW = 255;

export class PairPostings {
  /**
   * A term is common when at least `minShare` of the live records hold it, and never fewer
   * than `minRecords`; at most `maxCommon` terms are, the most frequent first (the pairs'
   * table while building has `maxCommon` squared slots).
   */
  settings = { minShare: 0.005, minRecords: 50, maxCommon: 2048 };
  /** Ordinals below this are covered. */
  through = 0;
  /** Term id → its rank among the common terms, or -1. */
  rankOf = new Int32Array(0);
  /** How many common terms there are (a pair's key is first rank × commonCount + second rank). */
  commonCount = 0;
  /** Every pair met, by ascending key; a pair's postings are start[p] .. start[p + 1]. */
  keys = new Int32Array(0);
  start = new Int32Array(1);
  docs = new Int32Array(0);
  /**
   * Each posting's weighted number of places, or OVERFLOW for that many or more (a record
   * that repeats the pair dozens of times): its reader counts those in the stream. One byte a
   * posting keeps the pairs' postings at 5 bytes each (20 MB at 100,000 records).
   */
  weights = new Uint8Array(0);

  /** Rebuilds the pairs from the stream of the live ordinals below `used`. */
  build(
    stream: TermStream,
    live: Uint32Array,
    used: number,
    documentFrequency: ArrayLike<number>,
    termCount: number,
    liveCount: number,
  ) {
    const { minShare, minRecords, maxCommon } = this.settings;
    const least = Math.max(minRecords, Math.ceil(liveCount * minShare));
    let common: number[] = [];
    for (let id = 0; id < termCount; id++) if (documentFrequency[id] >= least) common.push(id);
    if (common.length > maxCommon) {
      common.sort((a, b) => documentFrequency[b] - documentFrequency[a] || a - b);
      common = common.slice(0, maxCommon);
    }
    const n = common.length;
    const rankOf = new Int32Array(termCount).fill(-1);
    common.forEach((id, rank) => {
      rankOf[id] = rank;
    });

    // First pass: which pairs occur, and in how many records. A pair's id is the order it is met in.
    const pairOfKey = new Int32Array(n * n).fill(-1);
    const keyOf: number[] = [];
    let records = new Int32Array(1024);
    let lastDoc = new Int32Array(1024).fill(-1);
    this.eachPair(stream, live, used, rankOf, n, (doc, key) => {
      let pair = pairOfKey[key];
      if (pair < 0) {
        pair = keyOf.length;
        pairOfKey[key] = pair;
        keyOf.push(key);
        if (pair >= records.length) {
          records = grow(records, 0);
          lastDoc = grow(lastDoc, -1);
        }
      }
      if (lastDoc[pair] !== doc) {
        lastDoc[pair] = doc;
        records[pair]++;
      }
    });

    // The pairs in key order, so that a pair is found by a binary search.
    const pairs = keyOf.length;
    const order = Int32Array.from({ length: pairs }, (_, pair) => pair);
    order.sort((a, b) => keyOf[a] - keyOf[b]);
    const slot = new Int32Array(pairs);
    order.forEach((pair, at) => {
      slot[pair] = at;
    });
    const start = new Int32Array(pairs + 1);
    for (let at = 0; at < pairs; at++) start[at + 1] = start[at] + records[order[at]];

    // Second pass: each record's weighted places per pair, written in ordinal order.
    const docs = new Int32Array(start[pairs]);
    const weights = new Uint8Array(start[pairs]);
    const fill = start.slice(0, pairs);
    const weightOf = new Int32Array(pairs);
    const touched: number[] = [];
    let current = -1;
    const flush = () => {
      for (const pair of touched) {
        const at = fill[slot[pair]]++;
        docs[at] = current;
        weights[at] = Math.min(weightOf[pair], OVERFLOW);
        weightOf[pair] = 0;
      }
      touched.length = 0;
    };
    this.eachPair(stream, live, used, rankOf, n, (doc, key, weight) => {
      if (doc !== current) {
        flush();
        current = doc;
      }
      const pair = pairOfKey[key];
      if (weightOf[pair] === 0) touched.push(pair);
      weightOf[pair] += weight;
    });
    flush();

    this.through = used;
    this.rankOf = rankOf;
    this.commonCount = n;
    this.keys = Int32Array.from(order, (pair) => keyOf[pair]);
    this.start = start;
    this.docs = docs;
    this.weights = weights;
  }

  /** Calls visit(ordinal, key, weight) for every place where two common terms stand side by side. */
  private eachPair(
    stream: TermStream,
    live: Uint32Array,
    used: number,
    rankOf: Int32Array,
    n: number,
    visit: (doc: number, key: number, weight: number) => void,
  ) {
    const codes = stream.codes.data;
    const escapeCode = ESCAPE;
    const stop = STOP;
    const termBase = TERM_BASE;
    const markerWeight = MARKER_WEIGHT;
    for (let doc = 0; doc < used; doc++) {
      if ((live[doc >>> 5] & (1 << (doc & 31))) === 0) continue;
      const begin = stream.start[doc];
      const end = begin + stream.length[doc];
      let previous = -1;
      let weight = 0;
      for (let i = begin; i < end; i++) {
        let code = codes[i];
        if (code === escapeCode) {
          code = escaped(codes[i + 1], codes[i + 2]);
          i += 2;
        }
        if (code < termBase) {
          // A marker starts a value (and sets its weight); a stop word also breaks a pair.
          if (code < stop) weight = markerWeight[code];
          previous = -1;
          continue;
        }
        const rank = rankOf[code - termBase];
        if (rank >= 0 && previous >= 0) visit(doc, previous * n + rank, weight);
        previous = rank;
      }
    }
  }

  /**
   * Where the postings of the pair (first, second) lie, as [from, to) into docs and weights
   * (empty when no covered record has the pair), or null when the pair is not one this holds:
   * then only the stream can tell.
   */
  find(first: number, second: number): [number, number] | null {
    if (first >= this.rankOf.length || second >= this.rankOf.length) return null;
    const a = this.rankOf[first];
    const b = this.rankOf[second];
    if (a < 0 || b < 0) return null;
    const key = a * this.commonCount + b;
    const keys = this.keys;
    const at = lowerBound(keys.length, (i) => keys[i] < key);
    if (at === keys.length || keys[at] !== key) return [0, 0];
    return [this.start[at], this.start[at + 1]];
  }

  bytes() {
    return (
      this.rankOf.byteLength +
      this.keys.byteLength +
      this.start.byteLength +
      this.docs.byteLength +
      this.weights.byteLength
    );
  }
}

function grow(old: Int32Array, fill: number) {
  const next = new Int32Array(old.length * 2).fill(fill);
  next.set(old);
  return next;
}
