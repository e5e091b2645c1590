import { IntList } from "./int-list";
import { Postings } from "./postings";
import { lowerBound } from "./sorted";
import { termOf } from "./text";

/**
 * The index's terms: each term's id, its text, how many live records hold it (its document
 * frequency, for relevance) and its postings (ordinals with weighted frequencies).
 */
export class TermDictionary {
  /**
   * Left out of the index's snapshot, rebuilt when next needed: the map from `text`, the
   * prefix order from `byText`.
   */
  static readonly derivedFields = ["ids", "sorted"] as const;
  /** Term → id; absent in a store read back from its snapshot until a term is added. */
  private ids: Map<string, number> | undefined = new Map();
  /**
   * The first `through` term ids in the order of their text, written with a snapshot: a store
   * read back looks terms up in it (a binary search) instead of a map of 300,000 terms, which
   * took a start half a second to rebuild.
   */
  private byText: { ids: Int32Array; through: number } | null = null;
  /** Term id → term. */
  readonly text: string[] = [];
  /** Term id → how many live records hold it. */
  readonly documentFrequency = new IntList(1 << 12);
  readonly postings = new Postings(true);
  /**
   * Terms in sorted order for prefix queries; terms added since are checked one by one. Term
   * ids never change, so the order outlives a freeze; it is sorted again (a third of a second
   * at 300,000 terms) only when the terms added since are many.
   */
  private sorted: { terms: string[]; ids: Int32Array; through: number } | null = null;
  /** Word → term id (-1: a stop word), while indexing: most words repeat. */
  private wordTerms = new Map<string, number>();
  /** Per term: the last forget() that met it, so that a record's term is counted down once. */
  private seen = new IntList(1 << 12);
  private seenStamp = 0;

  get count() {
    return this.text.length;
  }

  idOf(term: string) {
    return this.ids ? this.ids.get(term) : this.findByText(term);
  }

  /** A term's id without the map: by its text's order, then among the terms added since. */
  private findByText(term: string) {
    const text = this.text;
    const order = this.byText ?? { ids: new Int32Array(0), through: 0 };
    const at = lowerBound(order.ids.length, (i) => text[order.ids[i]] < term);
    if (at < order.ids.length && text[order.ids[at]] === term) return order.ids[at];
    for (let id = order.through; id < text.length; id++) if (text[id] === term) return id;
    return undefined;
  }

  private lookup() {
    if (!this.ids) {
      const ids = new Map<string, number>();
      for (let id = 0; id < this.text.length; id++) ids.set(this.text[id], id);
      this.ids = ids;
    }
    return this.ids;
  }

  /** Before the store is written to a snapshot: the order by text that its lookups read back. */
  prepareSnapshot() {
    if (this.byText?.through === this.text.length) return;
    const text = this.text;
    const ids = Int32Array.from(text.keys());
    ids.sort((a, b) => (text[a] < text[b] ? -1 : text[a] > text[b] ? 1 : 0));
    this.byText = { ids, through: text.length };
  }

  private add(term: string) {
    const lookup = this.lookup();
    let id = lookup.get(term);
    if (id === undefined) {
      id = this.text.length;
      lookup.set(term, id);
      this.text.push(term);
      this.documentFrequency.push(0);
      this.seen.push(0);
    }
    return id;
  }

  /** A word's term id, adding the term when new; -1 for a stop word. */
  wordTermId(word: string) {
    let id = this.wordTerms.get(word);
    if (id === undefined) {
      const term = termOf(word);
      id = term === null ? -1 : this.add(term);
      if (this.wordTerms.size > 1_000_000) this.wordTerms.clear();
      this.wordTerms.set(word, id);
    }
    return id;
  }

  /** Starts counting down one record's terms (then forgetOnce() for each term met). */
  beginForget() {
    this.seenStamp++;
  }

  /** Counts a term of the record being taken out down once, however often it is met. */
  forgetOnce(id: number) {
    if (this.seen.data[id] !== this.seenStamp) {
      this.seen.data[id] = this.seenStamp;
      this.documentFrequency.data[id]--;
    }
  }

  /** The ids of every term starting with `prefix`. */
  prefixIds(prefix: string) {
    const text = this.text;
    const many = Math.max(1_000, text.length / 20);
    if (!this.sorted && this.byText && text.length - this.byText.through <= many) {
      // Read back from a snapshot: its order by text is this order.
      const { ids, through } = this.byText;
      this.sorted = { terms: Array.from(ids, (id) => text[id]), ids, through };
    }
    if (!this.sorted || text.length - this.sorted.through > many) {
      this.prepareSnapshot();
      const { ids, through } = this.byText ?? { ids: new Int32Array(0), through: 0 };
      this.sorted = { terms: Array.from(ids, (id) => text[id]), ids, through };
    }
    const { terms, ids, through } = this.sorted;
    const low = lowerBound(terms.length, (i) => terms[i] < prefix);
    const found: number[] = [];
    for (let i = low; i < terms.length && terms[i].startsWith(prefix); i++) found.push(ids[i]);
    for (let id = through; id < this.text.length; id++)
      if (this.text[id].startsWith(prefix)) found.push(id);
    return found;
  }

  /** Flattens the postings (dropping dead ordinals) and the room kept for growth. */
  freeze(live: Uint32Array) {
    this.postings.freeze(this.text.length, live);
    this.documentFrequency.trim();
    this.seen.trim();
    this.wordTerms.clear();
  }
}
