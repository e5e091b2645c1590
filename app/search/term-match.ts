import { bitAnd, bitCount, bitOrdinals } from "./bitset";
import type { QueryTerm } from "./compiled-phrase";
import { OVERFLOW } from "./pair-postings";
import type { IndexStore } from "./store";
import { ESCAPE, escaped, MARKER_WEIGHT, STOP, TERM_BASE } from "./term-stream";

/** A phrase-box term's live matches, its weighted frequency per ordinal, and how many records hold it. */
export interface TermMatch {
  bits: Uint32Array;
  /** Per ordinal (only read at the matches): the term's weighted frequency; null when not asked for. */
  frequency: Int32Array | null;
  documentFrequency: number;
}

/**
 * Matches a term, a prefix (every term starting with it) or a phrase over the store; when
 * given `frequency` (zeroed, one slot per ordinal) it is filled in for relevance.
 */
export function matchTerm(
  store: IndexStore,
  term: QueryTerm,
  frequency: Int32Array | null,
): TermMatch {
  const bits = store.emptyBits();
  const live = store.live;
  const terms = store.terms;
  if (term.kind === "term" || term.kind === "prefix") {
    let documentFrequency = 0;
    if (term.kind === "term") {
      const id = terms.idOf(term.term);
      if (id !== undefined) {
        terms.postings.accumulate(id, bits, live, frequency);
        documentFrequency = terms.documentFrequency.data[id];
      }
    } else {
      for (const id of terms.prefixIds(term.prefix))
        terms.postings.accumulate(id, bits, live, frequency);
      documentFrequency = bitCount(bits);
    }
    return { bits, frequency, documentFrequency };
  }
  matchPhrase(store, term.terms, bits, frequency);
  return { bits, frequency, documentFrequency: bitCount(bits) };
}

/**
 * A phrase: records holding every term, then checked place by place in their stream; a
 * record's frequency is the weight of each value the phrase is found in, once per place.
 * Where two common terms of the phrase stand side by side, the pair's postings narrow the
 * records to check; a phrase that is just such a pair is read from its postings whole, and
 * only records added since the pairs were built are checked in the stream.
 */
function matchPhrase(
  store: IndexStore,
  phrase: Array<string | null>,
  bits: Uint32Array,
  frequency: Int32Array | null,
) {
  const terms = store.terms;
  const live = store.live;
  const pairs = store.pairs;
  // -1: a stop word's place (any word); -2: a term no record holds.
  const wanted = phrase.map((t) => (t === null ? -1 : (terms.idOf(t) ?? -2)));
  if (wanted.includes(-2)) return;
  const held: Array<[number, number]> = [];
  for (let i = 0; i + 1 < wanted.length; i++) {
    if (wanted[i] < 0 || wanted[i + 1] < 0) continue;
    const range = pairs.find(wanted[i], wanted[i + 1]);
    if (range) held.push(range);
  }
  // Ordinals the pairs cover; those from `through` on are checked in the stream.
  const through = Math.min(pairs.through, store.used);
  if (wanted.length === 2 && held.length === 1) {
    const [from, to] = held[0];
    const { docs, weights } = pairs;
    const recount: number[] = [];
    for (let i = from; i < to; i++) {
      const doc = docs[i];
      const word = doc >>> 5;
      const bit = 1 << (doc & 31);
      if ((live[word] & bit) === 0) continue;
      bits[word] |= bit;
      if (!frequency) continue;
      if (weights[i] === OVERFLOW) recount.push(doc);
      else frequency[doc] = weights[i];
    }
    if (frequency && recount.length) {
      const wantedCodes = wanted.map((w) => w + TERM_BASE);
      const docsToCount = Int32Array.from(recount);
      const found =
        wantedCodes[0] < ESCAPE
          ? phraseByIndexOf(store, wantedCodes, docsToCount)
          : phraseByScan(store, wantedCodes, docsToCount);
      for (let d = 0; d < docsToCount.length; d++) frequency[docsToCount[d]] = found[d];
    }
    if (through === store.used) return;
  }
  // Only the records added since the pairs were built are left to check when the pair
  // answered for the rest; those were all added since the terms' postings were frozen too.
  const tailOnly = wanted.length === 2 && held.length === 1;
  let candidates: Uint32Array | null = null;
  for (const id of new Set(wanted.filter((w) => w >= 0))) {
    const own = store.emptyBits();
    if (tailOnly) terms.postings.markAddedInto(id, own, live);
    else terms.postings.markInto(id, own, live);
    candidates = candidates ? bitAnd(candidates, own) : own;
  }
  if (candidates && held.length) {
    if (tailOnly) {
      clearBelow(candidates, through);
    } else {
      for (const [from, to] of held) {
        const own = store.emptyBits();
        const docs = pairs.docs;
        for (let i = from; i < to; i++) own[docs[i] >>> 5] |= 1 << (docs[i] & 31);
        setFrom(own, through);
        bitAnd(candidates, own);
      }
    }
  }
  const wantedCodes = wanted.map((w) => (w < 0 ? -1 : w + TERM_BASE));
  const docs = bitOrdinals(candidates ?? bits);
  // A first term written in one code (nearly always: common terms have the small ids) is
  // found with indexOf, which the engine runs natively, instead of a loop over every code.
  const found =
    wantedCodes[0] >= TERM_BASE && wantedCodes[0] < ESCAPE
      ? phraseByIndexOf(store, wantedCodes, docs)
      : phraseByScan(store, wantedCodes, docs);
  for (let d = 0; d < docs.length; d++) {
    if (found[d] > 0) {
      const doc = docs[d];
      bits[doc >>> 5] |= 1 << (doc & 31);
      if (frequency) frequency[doc] = found[d];
    }
  }
}

/** Clears the ordinals below `from` in a bitset. */
function clearBelow(bits: Uint32Array, from: number) {
  const whole = from >>> 5;
  bits.fill(0, 0, Math.min(whole, bits.length));
  if (from & 31 && whole < bits.length) bits[whole] &= ~((1 << (from & 31)) - 1);
}

/** Sets every ordinal from `from` on in a bitset (the bits past the last ordinal included). */
function setFrom(bits: Uint32Array, from: number) {
  const whole = from >>> 5;
  if (whole >= bits.length) return;
  bits[whole] |= ~((1 << (from & 31)) - 1);
  bits.fill(0xffffffff, whole + 1);
}

/** Whether the phrase's later codes follow at `j` (just after its first), within `end`. */
function followsAt(codes: Uint16Array, j: number, end: number, wantedCodes: number[]) {
  const span = wantedCodes.length;
  const escapeCode = ESCAPE;
  const stop = STOP;
  let k = 1;
  for (; k < span && j < end; k++) {
    let at = codes[j++];
    if (at === escapeCode) {
      at = escaped(codes[j], codes[j + 1]);
      j += 2;
    }
    if (at < stop || (wantedCodes[k] >= 0 && at !== wantedCodes[k])) break;
  }
  return k === span;
}

/**
 * Per candidate, the weighted number of places the phrase starts at. Each place of the first
 * code is found with indexOf; a half of an escaped code is told apart by ESCAPE one or two
 * places before it (halves are never ESCAPE), and the place's weight is that of the nearest
 * marker before it (halves are never markers).
 */
function phraseByIndexOf(store: IndexStore, wantedCodes: number[], docs: Int32Array) {
  const codes = store.stream.codes.data;
  const starts = store.stream.start;
  const lengths = store.stream.length;
  const escapeCode = ESCAPE;
  const stop = STOP;
  const markerWeight = MARKER_WEIGHT;
  const first = wantedCodes[0];
  const found = new Int32Array(docs.length);
  for (let d = 0; d < docs.length; d++) {
    const start = starts[docs[d]];
    const end = start + lengths[docs[d]];
    const own = codes.subarray(start, end);
    let weight = 0;
    for (let at = own.indexOf(first); at !== -1; at = own.indexOf(first, at + 1)) {
      if ((at >= 1 && own[at - 1] === escapeCode) || (at >= 2 && own[at - 2] === escapeCode))
        continue;
      if (!followsAt(codes, start + at + 1, end, wantedCodes)) continue;
      let marker = at - 1;
      while (marker >= 0 && own[marker] >= stop) marker--;
      weight += marker >= 0 ? markerWeight[own[marker]] : 0;
    }
    found[d] = weight;
  }
  return found;
}

/** The same, reading every code in order: for a first term written as an escaped code. */
function phraseByScan(store: IndexStore, wantedCodes: number[], docs: Int32Array) {
  const codes = store.stream.codes.data;
  const starts = store.stream.start;
  const lengths = store.stream.length;
  // Module constants read into locals: the loop below is the hottest of a phrase search.
  const escapeCode = ESCAPE;
  const stop = STOP;
  const markerWeight = MARKER_WEIGHT;
  const first = wantedCodes[0];
  const found = new Int32Array(docs.length);
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d];
    let weight = 0;
    let total = 0;
    const start = starts[doc];
    const end = start + lengths[doc];
    for (let i = start; i < end; i++) {
      let code = codes[i];
      if (code === escapeCode) {
        code = escaped(codes[i + 1], codes[i + 2]);
        i += 2;
      }
      if (code !== first) {
        if (code < stop) weight = markerWeight[code];
        continue;
      }
      if (followsAt(codes, i + 1, end, wantedCodes)) total += weight;
    }
    found[d] = total;
  }
  return found;
}
