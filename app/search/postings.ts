import { IntList } from "./int-list";

/** Postings in flat arrays: the ordinals (and weights) of key k are at start[k] .. start[k + 1]. */
export interface Frozen {
  keys: number;
  start: Int32Array;
  docs: Int32Array;
  weights: Uint16Array | null;
}

const emptyFrozen = (withWeights: boolean): Frozen => ({
  keys: 0,
  start: new Int32Array(1),
  docs: new Int32Array(0),
  weights: withWeights ? new Uint16Array(0) : null,
});

/** Postings of one kind (terms with weights, or filter values): frozen, plus what was added since. */
export class Postings {
  frozen: Frozen;
  added = new Map<number, { docs: number[]; weights: number[] }>();
  /** Bulk additions waiting to be frozen (key, ordinal, weight triples). */
  pending = { keys: new IntList(), docs: new IntList(), weights: new IntList() };
  constructor(private withWeights: boolean) {
    this.frozen = emptyFrozen(withWeights);
  }

  add(key: number, doc: number, weight: number, bulk: boolean) {
    if (bulk) {
      this.pending.keys.push(key);
      this.pending.docs.push(doc);
      if (this.withWeights) this.pending.weights.push(weight);
      return;
    }
    let list = this.added.get(key);
    if (!list) {
      list = { docs: [], weights: [] };
      this.added.set(key, list);
    }
    list.docs.push(doc);
    if (this.withWeights) list.weights.push(weight);
  }

  /** Calls visit(ordinal, weight) for every posting of the key, dead ordinals included. */
  each(key: number, visit: (doc: number, weight: number) => void) {
    const { frozen } = this;
    if (key < frozen.keys) {
      const { docs, weights } = frozen;
      for (let i = frozen.start[key], end = frozen.start[key + 1]; i < end; i++)
        visit(docs[i], weights ? weights[i] : 1);
    }
    const list = this.added.get(key);
    if (list)
      for (let i = 0; i < list.docs.length; i++)
        visit(list.docs[i], this.withWeights ? list.weights[i] : 1);
  }

  /** Sets the bits of the key's live ordinals and, when given, adds their weights into `tf`. */
  accumulate(key: number, bits: Uint32Array, live: Uint32Array, tf: Int32Array | null) {
    const { frozen } = this;
    if (key < frozen.keys) {
      const { docs, weights } = frozen;
      for (let i = frozen.start[key], end = frozen.start[key + 1]; i < end; i++) {
        const doc = docs[i];
        const word = doc >>> 5;
        const bit = 1 << (doc & 31);
        if ((live[word] & bit) === 0) continue;
        bits[word] |= bit;
        if (tf) tf[doc] += weights ? weights[i] : 1;
      }
    }
    const list = this.added.get(key);
    if (list) {
      list.docs.forEach((doc, i) => {
        if ((live[doc >>> 5] & (1 << (doc & 31))) === 0) return;
        bits[doc >>> 5] |= 1 << (doc & 31);
        if (tf) tf[doc] += this.withWeights ? list.weights[i] : 1;
      });
    }
  }

  /** Sets the bits of the key's live ordinals in `bits`. */
  markInto(key: number, bits: Uint32Array, live: Uint32Array) {
    const { frozen } = this;
    if (key < frozen.keys) {
      const docs = frozen.docs;
      for (let i = frozen.start[key], end = frozen.start[key + 1]; i < end; i++) {
        const doc = docs[i];
        if (live[doc >>> 5] & (1 << (doc & 31))) bits[doc >>> 5] |= 1 << (doc & 31);
      }
    }
    const list = this.added.get(key);
    if (list) {
      for (const doc of list.docs)
        if (live[doc >>> 5] & (1 << (doc & 31))) bits[doc >>> 5] |= 1 << (doc & 31);
    }
  }

  /** Sets the bits of the key's live ordinals added since the last freeze (none of the frozen part). */
  markAddedInto(key: number, bits: Uint32Array, live: Uint32Array) {
    const list = this.added.get(key);
    if (!list) return;
    for (const doc of list.docs)
      if (live[doc >>> 5] & (1 << (doc & 31))) bits[doc >>> 5] |= 1 << (doc & 31);
  }

  /** Rewrites all postings of live ordinals into flat arrays (a counting sort by key). */
  freeze(keyCount: number, live: Uint32Array) {
    const isLive = (doc: number) => (live[doc >>> 5] & (1 << (doc & 31))) !== 0;
    const counts = new Int32Array(keyCount + 1);
    const old = this.frozen;
    for (let key = 0; key < old.keys; key++)
      for (let i = old.start[key]; i < old.start[key + 1]; i++)
        if (isLive(old.docs[i])) counts[key + 1]++;
    for (const [key, list] of this.added)
      for (const doc of list.docs) if (isLive(doc)) counts[key + 1]++;
    const pending = this.pending;
    for (let i = 0; i < pending.keys.length; i++)
      if (isLive(pending.docs.data[i])) counts[pending.keys.data[i] + 1]++;
    for (let key = 0; key < keyCount; key++) counts[key + 1] += counts[key];
    const total = counts[keyCount];
    const docs = new Int32Array(total);
    // Weighted term frequencies fit 16 bits (a term would have to occur 16,000 times in one record).
    const weights = this.withWeights ? new Uint16Array(total) : null;
    const fill = counts.slice(0, keyCount);
    const put = (key: number, doc: number, weight: number) => {
      const at = fill[key]++;
      docs[at] = doc;
      if (weights) weights[at] = Math.min(weight, 65_535);
    };
    for (let key = 0; key < old.keys; key++) {
      for (let i = old.start[key]; i < old.start[key + 1]; i++)
        if (isLive(old.docs[i])) put(key, old.docs[i], old.weights ? old.weights[i] : 1);
    }
    for (const [key, list] of this.added) {
      for (let i = 0; i < list.docs.length; i++) {
        const doc = list.docs[i];
        if (isLive(doc)) put(key, doc, this.withWeights ? list.weights[i] : 1);
      }
    }
    for (let i = 0; i < pending.keys.length; i++) {
      const doc = pending.docs.data[i];
      if (isLive(doc))
        put(pending.keys.data[i], doc, this.withWeights ? pending.weights.data[i] : 1);
    }
    this.frozen = { keys: keyCount, start: counts, docs, weights };
    this.added.clear();
    this.pending = { keys: new IntList(), docs: new IntList(), weights: new IntList() };
  }

  get addedCount() {
    let count = 0;
    for (const list of this.added.values()) count += list.docs.length;
    return count;
  }

  bytes() {
    const f = this.frozen;
    return (
      f.start.byteLength + f.docs.byteLength + (f.weights?.byteLength ?? 0) + this.addedCount * 16
    );
  }
}
