import { Column } from "./column";
import { FILTERS } from "./filters";
import { IntList } from "./int-list";
import { Postings } from "./postings";
import { lowerBound } from "./sorted";

/**
 * The filters' values: each distinct value of each filter has a global id, and within its
 * filter a local ordinal (the order it was first seen), which facet columns hold and facet
 * counts are indexed by. Every value has postings; facet filters also have a column per
 * record (counting walks the columns of the matches rather than every value's postings).
 */
export class ValueDictionary {
  /** Left out of the index's snapshot: rebuilt from the values when one is next added. */
  static readonly derivedFields = ["ids"] as const;
  /** Per filter index: value text → value id; absent in a store read back until a value is added. */
  private ids: Array<Map<string, number>> | undefined = FILTERS.map(() => new Map());
  /**
   * Per filter index: its first local ordinals in the order of their text, written with a
   * snapshot, which a store read back looks values up in (as TermDictionary does its terms).
   */
  private byText: Int32Array[] | null = null;
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
    return this.ids ? this.ids[filterIndex].get(value) : this.findByText(filterIndex, value);
  }

  /** A value's id without the maps: by its text's order, then among the values added since. */
  private findByText(filterIndex: number, value: string) {
    const text = this.text;
    const ids = this.byFilter[filterIndex];
    const order = this.byText?.[filterIndex] ?? new Int32Array(0);
    const at = lowerBound(order.length, (i) => text[ids[order[i]]] < value);
    if (at < order.length && text[ids[order[at]]] === value) return ids[order[at]];
    for (let local = order.length; local < ids.length; local++)
      if (text[ids[local]] === value) return ids[local];
    return undefined;
  }

  private lookup() {
    if (!this.ids) {
      const maps = FILTERS.map(() => new Map<string, number>());
      this.byFilter.forEach((ids, filterIndex) => {
        for (const id of ids) maps[filterIndex].set(this.text[id], id);
      });
      this.ids = maps;
    }
    return this.ids;
  }

  /** Before the store is written to a snapshot: the order by text that its lookups read back. */
  prepareSnapshot() {
    const text = this.text;
    this.byText = this.byFilter.map((ids, filterIndex) => {
      const known = this.byText?.[filterIndex];
      if (known?.length === ids.length) return known;
      const order = Int32Array.from(ids.keys());
      order.sort((a, b) =>
        text[ids[a]] < text[ids[b]] ? -1 : text[ids[a]] > text[ids[b]] ? 1 : 0,
      );
      return order;
    });
  }

  add(filterIndex: number, value: string) {
    const map = this.lookup()[filterIndex];
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
