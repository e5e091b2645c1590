/** A growable typed array of integers: the index's lists, kept compact as they grow. */
export class IntList<T extends Int32Array | Uint16Array = Int32Array> {
  data: T;
  length = 0;
  constructor(
    capacity = 1024,
    private make: (size: number) => T = (size) => new Int32Array(size) as T,
  ) {
    this.data = make(capacity);
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
    const next = this.make(Math.max(need, Math.ceil(this.data.length * 1.5)));
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}
