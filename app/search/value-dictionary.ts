import { Column } from "./column";
import { FILTERS } from "./filters";
import { IntList } from "./int-list";
import { Postings } from "./postings";

/**
 * The filters' values: each distinct value of each filter has a global id, and within its
 * filter a local ordinal (the order it was first seen), which facet columns hold and facet
 * counts are indexed by. Every value has postings; facet filters also have a column per
 * record (counting walks the columns of the matches rather than every value's postings).
 */
export class ValueDictionary {
  /** Per filter index: value text → value id. */
  private ids: Array<Map<string, number>> = FILTERS.map(() => new Map());
  /** Value id → its text. */
  readonly text: string[] = [];
  /** Per filter index: its value ids by local ordinal. */
  readonly byFilter: number[][] = FILTERS.map(() => []);
  /** Value id → its local ordinal within its filter. */
  readonly localOf = new IntList(1 << 12);
  readonly postings = new Postings(false);
  /** Per facet filter index: each record's local ordinals. */
  readonly columns = new Map<number, Column>(
    FILTERS.flatMap((filter, index) => (filter.facet ? [[index, new Column()]] : [])),
  );
  /** Per filter index: its values lower-cased, by local ordinal (made when first asked for). */
  private lowered = new Map<number, string[]>();

  get count() {
    return this.text.length;
  }

  idOf(filterIndex: number, value: string) {
    return this.ids[filterIndex].get(value);
  }

  add(filterIndex: number, value: string) {
    const map = this.ids[filterIndex];
    let id = map.get(value);
    if (id === undefined) {
      id = this.text.length;
      map.set(value, id);
      this.text.push(value);
      this.localOf.push(this.byFilter[filterIndex].length);
      this.byFilter[filterIndex].push(id);
      this.lowered.delete(filterIndex);
    }
    return id;
  }

  /** A filter's values lower-cased, by local ordinal: what "contains" and suggestions compare. */
  lowerCased(filterIndex: number) {
    let lower = this.lowered.get(filterIndex);
    if (!lower) {
      lower = this.byFilter[filterIndex].map((id) => this.text[id].toLowerCase());
      this.lowered.set(filterIndex, lower);
    }
    return lower;
  }

  resize(capacity: number) {
    for (const column of this.columns.values()) column.resize(capacity);
  }

  freeze(live: Uint32Array) {
    this.postings.freeze(this.text.length, live);
    this.localOf.trim();
    for (const column of this.columns.values()) column.values.trim();
  }

  bytes() {
    let bytes = this.postings.bytes();
    for (const column of this.columns.values())
      bytes += column.start.byteLength + column.length.byteLength + column.values.data.byteLength;
    return bytes;
  }
}
