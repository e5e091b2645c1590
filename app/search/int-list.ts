/**
 * A growable typed array of integers: the index's lists, kept compact as they grow. It holds
 * data only (its kind is its array's), so that a snapshot can write it and read it back.
 */
export class IntList<T extends Int32Array | Uint16Array = Int32Array> {
  data: T;
  length = 0;
  /** `initial`: the first array (its length the room to start with); an Int32Array by default. */
  constructor(initial: number | T = 1024) {
    this.data = (typeof initial === "number" ? new Int32Array(initial) : initial) as T;
  }
  push(value: number) {
    if (this.length === this.data.length) this.grow(this.length + 1);
    this.data[this.length++] = value;
  }
  /** Drops the room kept for growth. */
  trim() {
    if (this.data.length > this.length)
      this.data = this.data.slice(0, Math.max(this.length, 1)) as T;
  }
  grow(need: number) {
    const Kind = this.data.constructor as new (size: number) => T;
    const next = new Kind(Math.max(need, Math.ceil(this.data.length * 1.5)));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}
