import { IntList } from "./int-list";
import { FIELD_GROUPS, FIELD_WEIGHTS } from "./text";

/**
 * Every record's text as one stream of 16-bit codes, in the record's order: a marker where a
 * text value starts (one per field group, so that the marker also tells the value's weight),
 * a stop-word code where a stop word holds its place, and a term id plus TERM_BASE for every
 * other word. Phrases are checked against it position by position, and a record taken out
 * reads its distinct terms back from it.
 */

/** The marker that starts a text value of each field group, in FIELD_GROUPS order. */
export const VALUE_START: Readonly<Record<string, number>> = Object.fromEntries(
  FIELD_GROUPS.map((group, marker) => [group, marker]),
);
/** A value-start marker's field weight (markers are the codes below STOP). */
export const MARKER_WEIGHT = FIELD_GROUPS.map((group) => FIELD_WEIGHTS[group]);
export const STOP = FIELD_GROUPS.length;
export const TERM_BASE = STOP + 1;
/**
 * A code that does not fit 16 bits (a rare term: common ones are met first) is written as
 * ESCAPE followed by two halves; readers decode them with `escaped` where they meet ESCAPE.
 * Each half lies between TERM_BASE and ESCAPE - 1, so a half never reads as a marker, a stop
 * word or ESCAPE: a reader that lands anywhere in the stream (a phrase search finds a term's
 * places with indexOf, then looks back for its value's marker) can tell a half from a code by
 * looking one and two places back for ESCAPE.
 */
export const ESCAPE = 0xffff;
const HALF_SPAN = ESCAPE - TERM_BASE;

/** The code written as ESCAPE, `high`, `low`. */
export function escaped(high: number, low: number): number {
  return ESCAPE + (high - TERM_BASE) * HALF_SPAN + (low - TERM_BASE);
}

export class TermStream {
  /** Per ordinal: where its codes start in `codes`, and how many there are. */
  start = new Int32Array(0);
  length = new Int32Array(0);
  readonly codes = new IntList(new Uint16Array(1 << 16));

  resize(capacity: number) {
    const start = new Int32Array(capacity);
    start.set(this.start);
    const length = new Int32Array(capacity);
    length.set(this.length);
    this.start = start;
    this.length = length;
  }

  begin(ordinal: number) {
    this.start[ordinal] = this.codes.length;
  }

  end(ordinal: number) {
    this.length[ordinal] = this.codes.length - this.start[ordinal];
  }

  /** A marker or STOP (codes below TERM_BASE). */
  pushMark(code: number) {
    this.codes.push(code);
  }

  pushTerm(termId: number) {
    const code = termId + TERM_BASE;
    if (code < ESCAPE) {
      this.codes.push(code);
    } else {
      const rest = code - ESCAPE;
      this.codes.push(ESCAPE);
      this.codes.push(TERM_BASE + Math.floor(rest / HALF_SPAN));
      this.codes.push(TERM_BASE + (rest % HALF_SPAN));
    }
  }

  bytes() {
    return this.start.byteLength + this.length.byteLength + this.codes.data.byteLength;
  }
}
