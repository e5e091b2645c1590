import { IntList } from "./int-list";
import { Postings } from "./postings";
import { lowerBound } from "./sorted";
import { termOf } from "./text";

/**
 * The index's terms: each term's id, its text, how many live records hold it (its document
 * frequency, for relevance) and its postings (ordinals with weighted frequencies).
 */
export class TermDictionary {
  private ids = new Map<string, number>();
  /** Term id → term. */
  readonly text: string[] = [];
  /** Term id → how many live records hold it. */
  readonly documentFrequency = new IntList(1 << 12);
  readonly postings = new Postings(true);
  /** Terms in sorted order for prefix queries; terms added since are checked one by one. */
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
    return this.ids.get(term);
  }

  private add(term: string) {
    let id = this.ids.get(term);
    if (id === undefined) {
      id = this.text.length;
      this.ids.set(term, id);
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
    if (!this.sorted) {
      const ids = Int32Array.from(this.text.keys());
      const text = this.text;
      ids.sort((a, b) => (text[a] < text[b] ? -1 : text[a] > text[b] ? 1 : 0));
      this.sorted = { terms: Array.from(ids, (id) => text[id]), ids, through: text.length };
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
    this.sorted = null;
  }
}
