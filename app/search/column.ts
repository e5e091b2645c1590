import { IntList } from "./int-list";

/** One facet filter's column: the record's value ordinals (local to the filter) at start[d] .. start[d] + length[d]. */
export class Column {
  start = new Int32Array(0);
  length = new Uint8Array(0);
  values = new IntList();
  resize(capacity: number) {
    const start = new Int32Array(capacity);
    start.set(this.start);
    const length = new Uint8Array(capacity);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }
}
