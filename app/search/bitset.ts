/**
 * Sets of document ordinals as bitsets: bit `d & 31` of word `d >>> 5` is ordinal d. Match
 * sets, the live ordinals and every filter's matches are bitsets of the same length, so
 * combining conditions is a loop over words.
 */

/** Whether ordinal `doc` is in the set. */
export const isLive = (bits: Uint32Array, doc: number) =>
  (bits[doc >>> 5] & (1 << (doc & 31))) !== 0;

/** Keeps in `target` only what is also in `other`; returns `target`. */
export function bitAnd(target: Uint32Array, other: Uint32Array) {
  for (let i = 0; i < target.length; i++) target[i] &= other[i];
  return target;
}

/** Adds to `target` what is in `other`; returns `target`. */
export function bitOr(target: Uint32Array, other: Uint32Array) {
  for (let i = 0; i < target.length; i++) target[i] |= other[i];
  return target;
}

/** How many ordinals the set holds (a population count per word). */
export function bitCount(bits: Uint32Array) {
  let total = 0;
  for (let i = 0; i < bits.length; i++) {
    let x = bits[i];
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    total += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

/** Writes the ordinals of set bits, ascending, into `out` from slot 0. */
function writeOrdinals(bits: Uint32Array, out: Int32Array) {
  let at = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w];
    while (x !== 0) {
      const low = x & -x;
      out[at++] = (w << 5) + 31 - Math.clz32(low);
      x ^= low;
    }
  }
}

/** The ordinals of set bits, ascending. */
export function bitOrdinals(bits: Uint32Array) {
  const out = new Int32Array(bitCount(bits));
  writeOrdinals(bits, out);
  return out;
}

/** A buffer lent to one caller at a time for bitOrdinalsView (searches run one at a time). */
let ordinalScratch = new Int32Array(1 << 12);

/**
 * The ordinals of set bits, ascending, as a view of a shared buffer: valid only until the
 * next call, for a caller that reads them at once (facet counting) without keeping them.
 */
export function bitOrdinalsView(bits: Uint32Array) {
  const count = bitCount(bits);
  if (ordinalScratch.length < count)
    ordinalScratch = new Int32Array(Math.max(count, ordinalScratch.length * 2));
  writeOrdinals(bits, ordinalScratch);
  return ordinalScratch.subarray(0, count);
}
