import { bitAnd, bitOr } from "./bitset";
import type { QueryTerm } from "./compiled-phrase";
import { EU_EVENT_DATES, nextOrLastDays, yearBounds } from "./events";
import { filterIndexOf } from "./filters";
import type { Clause, QueryNode } from "./query";
import { lowerBound } from "./sorted";
import type { IndexStore } from "./store";
import { matchTerm, type TermMatch } from "./term-match";

/**
 * Evaluating a query (query.ts) over the store, to bitsets of live ordinals. One Evaluation
 * serves one answer: it keeps each phrase-box term's match (asked for again when scoring)
 * and the scratch arrays it borrowed, given back by release() (in a `finally`).
 */

/** Int32Arrays of one slot per ordinal, lent to one evaluation at a time and zeroed on loan. */
export class ScratchPool {
  private free: Int32Array[] = [];

  borrow(store: IndexStore) {
    let array = this.free.pop();
    if (!array || array.length < store.used) array = new Int32Array(store.capacity);
    else array.fill(0);
    return array;
  }

  giveBack(arrays: Int32Array[]) {
    for (const array of arrays) this.free.push(array);
  }
}

/** What evaluating keeps between answers until the records change: each day's next-or-last days. */
export class NextOrLastDays {
  private held: { generation: number; today: number; days: Int32Array } | null = null;

  on(store: IndexStore, today: number) {
    const held = this.held;
    if (held && held.today === today && held.generation === store.generation) return held.days;
    const days = nextOrLastDays(store, filterIndexOf(EU_EVENT_DATES), today);
    this.held = { generation: store.generation, today, days };
    return days;
  }
}

export class Evaluation {
  private terms = new Map<string, TermMatch>();
  private lent: Int32Array[] = [];

  constructor(
    private store: IndexStore,
    private pool: ScratchPool,
    private nextOrLast: NextOrLastDays,
  ) {}

  /** Gives back the scratch arrays lent to this evaluation (its term frequencies). */
  release() {
    this.pool.giveBack(this.lent);
    this.lent = [];
  }

  /** A phrase-box term's match with its frequencies, worked out once per evaluation. */
  term(term: QueryTerm) {
    let match = this.terms.get(term.key);
    if (!match) {
      const frequency = this.pool.borrow(this.store);
      this.lent.push(frequency);
      match = matchTerm(this.store, term, frequency);
      this.terms.set(term.key, match);
    }
    return match;
  }

  /** The live ordinals meeting every clause but those tagged `except`, from their match sets. */
  combine(clauses: Clause[], clauseBits: Uint32Array[], except?: string) {
    const bits = this.store.liveBits();
    for (let i = 0; i < clauses.length; i++)
      if (!except || clauses[i].tag !== except) bitAnd(bits, clauseBits[i]);
    return bits;
  }

  /** A node's match set, which may be shared (a term's): read it, never change it. */
  matches(node: QueryNode): Uint32Array {
    switch (node.kind) {
      case "term":
      case "prefix":
      case "phrase":
        return this.term(node).bits;
      default:
        return this.ownMatches(node);
    }
  }

  /** A node's match set, made for the caller to change. */
  ownMatches(node: QueryNode): Uint32Array {
    const store = this.store;
    switch (node.kind) {
      case "term":
      case "prefix":
      case "phrase":
        return this.term(node).bits.slice();
      case "and":
        return this.all(node.clauses);
      case "or": {
        const bits = store.emptyBits();
        for (const clause of node.clauses) bitOr(bits, this.matches(clause));
        return bits;
      }
      case "not":
        return this.andNot(store.liveBits(), this.matches(node.clause));
      case "values":
        return this.values(filterIndexOf(node.filterId), node.values, node.match === "any");
      case "valueText":
        return this.valueText(filterIndexOf(node.filterId), node.text, node.match === "contains");
      case "dateRange":
        return this.dateRange(
          filterIndexOf(node.filterId),
          node.from ?? -Infinity,
          node.to ?? Infinity,
          node.eventName,
        );
      case "nextOrLast":
        return this.nextOrLastYears(node.fromYear, node.toYear, node.today);
    }
  }

  /**
   * Every clause: from the first that is not a `not` (each match set holds live ordinals only),
   * or from every live ordinal; a `not` takes its clause's matches away.
   */
  private all(clauses: QueryNode[]) {
    const start = clauses.findIndex((clause) => clause.kind !== "not");
    const bits = start < 0 ? this.store.liveBits() : this.ownMatches(clauses[start]);
    for (let i = 0; i < clauses.length; i++) {
      if (i === start) continue;
      const clause = clauses[i];
      if (clause.kind === "not") this.andNot(bits, this.matches(clause.clause));
      else bitAnd(bits, this.matches(clause));
    }
    return bits;
  }

  private andNot(bits: Uint32Array, not: Uint32Array) {
    for (let i = 0; i < bits.length; i++) bits[i] &= ~not[i];
    return bits;
  }

  private valueIds(ids: number[]) {
    const bits = this.store.emptyBits();
    const { postings } = this.store.values;
    for (const id of ids) postings.markInto(id, bits, this.store.live);
    return bits;
  }

  /** Records holding any (or all) of a filter's values. */
  private values(filterIndex: number, values: string[], any: boolean) {
    const dictionary = this.store.values;
    const ids: number[] = [];
    for (const value of values) {
      const id = dictionary.idOf(filterIndex, value);
      if (id !== undefined) ids.push(id);
      else if (!any) return this.store.emptyBits();
    }
    if (any) return this.valueIds(ids);
    const bits = this.store.liveBits();
    for (const id of ids) bitAnd(bits, this.valueIds([id]));
    return bits;
  }

  /** Records holding a value of the filter that contains (or equals) `text`, lower-cased both. */
  private valueText(filterIndex: number, text: string, contains: boolean) {
    const lower = this.store.values.lowerCased(filterIndex);
    const byLocal = this.store.values.byFilter[filterIndex];
    const ids: number[] = [];
    for (let local = 0; local < lower.length; local++) {
      const value = lower[local];
      if (contains ? value.includes(text) : value === text) ids.push(byLocal[local]);
    }
    return this.valueIds(ids);
  }

  /** Live ordinals with a date of the filter in [from, to] (and of the event, if named). */
  private dateRange(filterIndex: number, from: number, to: number, eventName: string | null) {
    const store = this.store;
    const bits = store.emptyBits();
    const event = eventName ? (store.dates.eventId(eventName) ?? -2) : -1;
    const { days, docs, events } = store.dateTable(filterIndex);
    const low = lowerBound(days.length, (i) => days[i] < from);
    const live = store.live;
    for (let i = low; i < days.length && days[i] <= to; i++) {
      const doc = docs[i];
      if ((event === -1 || events[i] === event) && live[doc >>> 5] & (1 << (doc & 31)))
        bits[doc >>> 5] |= 1 << (doc & 31);
    }
    return bits;
  }

  /** Live ordinals whose next or last EU event falls in the years [from, to]. */
  private nextOrLastYears(from: number | null, to: number | null, today: number) {
    const store = this.store;
    const { low, high } = yearBounds(from, to);
    const days = this.nextOrLast.on(store, today);
    const bits = store.emptyBits();
    const live = store.live;
    for (let doc = 0; doc < store.used; doc++) {
      const day = days[doc];
      if (day >= low && day <= high && live[doc >>> 5] & (1 << (doc & 31)))
        bits[doc >>> 5] |= 1 << (doc & 31);
    }
    return bits;
  }
}
