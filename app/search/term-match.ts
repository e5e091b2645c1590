import { bitAnd, bitCount, bitOrdinals } from "./bitset";
import type { QueryTerm } from "./compiled-phrase";
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
 */
function matchPhrase(
  store: IndexStore,
  phrase: Array<string | null>,
  bits: Uint32Array,
  frequency: Int32Array | null,
) {
  const terms = store.terms;
  const live = store.live;
  // -1: a stop word's place (any word); -2: a term no record holds.
  const wanted = phrase.map((t) => (t === null ? -1 : (terms.idOf(t) ?? -2)));
  if (wanted.includes(-2)) return;
  let candidates: Uint32Array | null = null;
  for (const id of new Set(wanted.filter((w) => w >= 0))) {
    const own = store.emptyBits();
    terms.postings.markInto(id, own, live);
    candidates = candidates ? bitAnd(candidates, own) : own;
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
