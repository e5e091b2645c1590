import { stemmer } from "stemmer";

/**
 * How text becomes search terms, shared by the search index and the brute-force reference
 * search so that both read a record the same way:
 * - a value is lower-cased, stripped of accents and split on anything but letters and digits;
 * - English stop words keep their position (phrases skip over them) but are not terms;
 * - every other word is Porter-stemmed ("cancers" and "cancer" are one term).
 * Relevance is BM25 over three field groups weighted by integers, so that term frequencies
 * and lengths stay exact and the index and the reference compute identical scores.
 */

/**
 * The field groups of a record's text, by weight: its names and title; its indication,
 * companies and codes; everything else.
 */
export const FIELD_WEIGHTS = { names: 4, details: 2, other: 1 } as const;
export type FieldGroup = keyof typeof FIELD_WEIGHTS;
export const FIELD_GROUPS: FieldGroup[] = ["names", "details", "other"];

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

// PostgreSQL's English stop-word list (Snowball), so that phrases read as they did in SQL.
export const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself " +
    "they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having " +
    "do does did doing a an the and but if or because as until while of at by for with about against between into through during " +
    "before after above below to from up down in out on off over under again further then once here there when where why how all any " +
    "both each few more most other some such no nor not only own same so than too very s t can will just don should now"
  ).split(" "),
);

const SPLIT = /[^\p{L}\p{N}]+/u;
const ASCII = /^[\x20-\x7e]*$/;

/** The words of a text, lower-cased and without accents, in order. */
export function words(text: string): string[] {
  let lower = text.toLowerCase();
  if (!ASCII.test(lower)) lower = lower.normalize("NFKD").replace(/\p{M}+/gu, "");
  return lower.split(SPLIT).filter((word) => word.length > 0);
}

const stems = new Map<string, string>();

/** The term a word stands for, or null for a stop word. */
export function termOf(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = stemmer(word);
    // A bounded cache: the vocabulary of a catalogue is far smaller than its text.
    if (stems.size > 50_000) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/** The terms of a text in order, null where a stop word stands. */
export function terms(text: string): Array<string | null> {
  return words(text).map(termOf);
}

/** The term a prefix query looks for: stemmed like a word, but never dropped as a stop word. */
export function prefixTerm(prefix: string): string | null {
  const [word] = words(prefix);
  return word ? stemmer(word) : null;
}

/**
 * The BM25 weight of one query term in one record: `tf` and `length` are weighted counts,
 * `df` the number of records holding the term, `n` the number of records, `avgLength` the
 * mean weighted length.
 */
export function bm25(tf: number, length: number, df: number, n: number, avgLength: number) {
  return bm25Weight(bm25Idf(df, n), tf, length, avgLength);
}

/** The two halves of bm25(), for the index to compute the idf once per term (the result is the same double). */
export function bm25Idf(df: number, n: number) {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

export function bm25Weight(idf: number, tf: number, length: number, avgLength: number) {
  return bm25WeightNormed(idf, tf, bm25LengthNorm(length, avgLength));
}

/** The part of bm25Weight() that depends on the record's length alone (the same double). */
export function bm25LengthNorm(length: number, avgLength: number) {
  return BM25_K1 * (1 - BM25_B + (BM25_B * length) / avgLength);
}

/** bm25Weight() from the record's length norm, for an index that keeps the norms. */
export function bm25WeightNormed(idf: number, tf: number, norm: number) {
  return (idf * (tf * (BM25_K1 + 1))) / (tf + norm);
}
