import { required } from "~/lib/required";
import { bitOrdinals } from "./bitset";
import type { Evaluation } from "./match";
import type { SearchQuery } from "./query";
import type { SearchRequest } from "./request";
import type { IndexStore } from "./store";
import { bm25Idf, bm25LengthNorm, bm25WeightNormed } from "./text";
import { topK } from "./top-k";

/**
 * The order of a match set: by title or last-updated day (live ordinals sorted once per
 * state of the records, then walked), or by relevance (BM25, ties by the more recently
 * updated, then the lower record id) through a top-k collector.
 */

type OrderKey = "titleAsc" | "titleDesc" | "updatedAsc" | "updatedDesc";

/** From this many matches wanted, relevance order is found by a radix sort, not comparisons. */
const WHOLE_ORDER_FROM = 1_000;
/** The radix sort's digits: 11 bits, six passes over a 64-bit score. */
const RADIX_BITS = 11;
const RADIX = 1 << RADIX_BITS;
const RADIX_MASK = RADIX - 1;

export class Ordering {
  private orders = new Map<OrderKey, Int32Array>();
  private generation = -1;
  /** Scores per ordinal, reused by every ranked answer (searches are synchronous). */
  private scoreScratch = new Float64Array(0);
  private norms: { generation: number; values: Float64Array } | null = null;

  constructor(private store: IndexStore) {}

  /** Live ordinals sorted by a key, ties by record id: computed once per state of the records. */
  private order(key: OrderKey) {
    const store = this.store;
    if (this.generation !== store.generation) {
      this.orders.clear();
      this.generation = store.generation;
    }
    let order = this.orders.get(key);
    if (order) return order;
    order = bitOrdinals(store.liveBits());
    const { titles, lastUpdatedOf: days, recordIdOf: ids } = store;
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
  ordered(
    request: SearchRequest,
    query: SearchQuery,
    bits: Uint32Array,
    evaluation: Evaluation,
    limit: number,
  ): number[] {
    if (request.sortBy === "title" || request.sortBy === "lastUpdated" || !query.ranked) {
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
    const matches = bitOrdinals(bits);
    const scores = this.scores(matches, query, evaluation);
    const sign = request.sortOrder === "asc" ? -1 : 1;
    if (limit >= WHOLE_ORDER_FROM && matches.length >= WHOLE_ORDER_FROM) {
      const ordered = this.byScoreInTieOrder(bits, matches.length, scores, sign, limit);
      if (ordered) return ordered;
    }
    const { lastUpdatedOf: days, recordIdOf: ids } = this.store;
    // Positive when a ranks before b.
    const before = (a: number, b: number) => {
      if (scores[a] !== scores[b]) return (scores[a] - scores[b]) * sign;
      if (days[a] !== days[b]) return days[a] - days[b];
      return ids[b] - ids[a];
    };
    return topK(matches, limit, before);
  }

  /**
   * Many matches by relevance without a comparison sort: the matches are read in the order
   * ties are broken by (most recently updated first, then the lower record id: the kept
   * "last updated, newest first" order), and then sorted by score with a stable radix sort
   * of the scores' bits. A non-negative double's bits, read as an unsigned number, order as
   * the double does, and a stable sort keeps the tie order within a score, so the order is
   * the comparison sort's, exactly. Null when a score is not a non-negative number.
   */
  private byScoreInTieOrder(
    bits: Uint32Array,
    count: number,
    scores: Float64Array,
    sign: number,
    limit: number,
  ): number[] | null {
    const order = this.order("updatedDesc");
    const docs = new Int32Array(count);
    const own = new Float64Array(count);
    let k = 0;
    for (let i = 0; i < order.length && k < count; i++) {
      const doc = order[i];
      if (bits[doc >>> 5] & (1 << (doc & 31))) {
        const score = scores[doc] + 0; // -0 becomes 0
        if (!(score >= 0)) return null;
        docs[k] = doc;
        own[k++] = score;
      }
    }
    // Little-endian halves of each score: low word at 2i, high word at 2i + 1. Highest score
    // first inverts every bit, which reverses the order of the unsigned numbers.
    const words = new Uint32Array(own.buffer);
    const low = new Uint32Array(count);
    const high = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      low[i] = sign > 0 ? ~words[2 * i] >>> 0 : words[2 * i];
      high[i] = sign > 0 ? ~words[2 * i + 1] >>> 0 : words[2 * i + 1];
    }
    let from = new Int32Array(count);
    for (let i = 0; i < count; i++) from[i] = i;
    let to = new Int32Array(count);
    const digits = new Uint16Array(count);
    const counts = new Int32Array(RADIX + 1);
    for (let offset = 0; offset < 64; offset += RADIX_BITS) {
      // The 11 bits from `offset` of every score, in entry order.
      if (offset + RADIX_BITS <= 32)
        for (let i = 0; i < count; i++) digits[i] = (low[i] >>> offset) & RADIX_MASK;
      else if (offset >= 32)
        for (let i = 0; i < count; i++) digits[i] = (high[i] >>> (offset - 32)) & RADIX_MASK;
      else
        for (let i = 0; i < count; i++)
          digits[i] = ((low[i] >>> offset) | (high[i] << (32 - offset))) & RADIX_MASK;
      counts.fill(0);
      for (let i = 0; i < count; i++) counts[digits[i] + 1]++;
      // A digit every score shares leaves the order as it is.
      if (counts.includes(count)) continue;
      for (let d = 0; d < RADIX; d++) counts[d + 1] += counts[d];
      for (let i = 0; i < count; i++) {
        const entry = from[i];
        to[counts[digits[entry]]++] = entry;
      }
      [from, to] = [to, from];
    }
    const out: number[] = new Array(Math.min(limit, count));
    for (let i = 0; i < out.length; i++) out[i] = docs[from[i]];
    return out;
  }

  /** BM25 of each match: each scored term in the order typed, as the reference adds them. */
  private scores(matches: Int32Array, query: SearchQuery, evaluation: Evaluation) {
    const store = this.store;
    if (this.scoreScratch.length < store.used) this.scoreScratch = new Float64Array(store.capacity);
    const scores = this.scoreScratch;
    const n = store.liveCount;
    for (let i = 0; i < matches.length; i++) scores[matches[i]] = 0;
    const norms = this.lengthNorms();
    for (const term of query.scored) {
      const match = evaluation.term(term);
      const frequencies = required(match.frequency, "term frequencies");
      const idf = bm25Idf(match.documentFrequency, n);
      for (let i = 0; i < matches.length; i++) {
        const doc = matches[i];
        const frequency = frequencies[doc];
        if (frequency > 0) scores[doc] += bm25WeightNormed(idf, frequency, norms[doc]);
      }
    }
    return scores;
  }

  /**
   * Each ordinal's BM25 length norm for the records as they are (the mean length changes
   * with every change): worked out once, not once per match and term.
   */
  private lengthNorms() {
    const store = this.store;
    if (this.norms?.generation === store.generation) return this.norms.values;
    const average = store.totalLength / store.liveCount;
    const values = new Float64Array(store.used);
    for (let doc = 0; doc < store.used; doc++)
      values[doc] = bm25LengthNorm(store.lengthOf[doc], average);
    this.norms = { generation: store.generation, values };
    return values;
  }
}
