import { required } from "~/lib/required";
import { bitOrdinals } from "./bitset";
import type { Evaluation } from "./match";
import type { SearchQuery } from "./query";
import type { SearchRequest } from "./request";
import type { IndexStore } from "./store";
import { bm25Idf, bm25Weight } from "./text";
import { topK } from "./top-k";

/**
 * The order of a match set: by title or last-updated day (live ordinals sorted once per
 * state of the records, then walked), or by relevance (BM25, ties by the more recently
 * updated, then the lower record id) through a top-k collector.
 */

type OrderKey = "titleAsc" | "titleDesc" | "updatedAsc" | "updatedDesc";

export class Ordering {
  private orders = new Map<OrderKey, Int32Array>();
  private generation = -1;
  /** Scores per ordinal, reused by every ranked answer (searches are synchronous). */
  private scoreScratch = new Float64Array(0);

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
    const { lastUpdatedOf: days, recordIdOf: ids } = this.store;
    // Positive when a ranks before b.
    const before = (a: number, b: number) => {
      if (scores[a] !== scores[b]) return (scores[a] - scores[b]) * sign;
      if (days[a] !== days[b]) return days[a] - days[b];
      return ids[b] - ids[a];
    };
    return topK(matches, limit, before);
  }

  /** BM25 of each match: each scored term in the order typed, as the reference adds them. */
  private scores(matches: Int32Array, query: SearchQuery, evaluation: Evaluation) {
    const store = this.store;
    if (this.scoreScratch.length < store.used) this.scoreScratch = new Float64Array(store.capacity);
    const scores = this.scoreScratch;
    const n = store.liveCount;
    const average = store.totalLength / n;
    for (let i = 0; i < matches.length; i++) scores[matches[i]] = 0;
    const lengths = store.lengthOf;
    for (const term of query.scored) {
      const match = evaluation.term(term);
      const frequencies = required(match.frequency, "term frequencies");
      const idf = bm25Idf(match.documentFrequency, n);
      for (let i = 0; i < matches.length; i++) {
        const doc = matches[i];
        const frequency = frequencies[doc];
        if (frequency > 0) scores[doc] += bm25Weight(idf, frequency, lengths[doc], average);
      }
    }
    return scores;
  }
}
