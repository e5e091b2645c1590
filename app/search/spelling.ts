/**
 * Spelling suggestions as PostgreSQL's pg_trgm would make them: words compared by their sets
 * of trigrams, the most similar dictionary word offered for a word the catalogue lacks.
 */

/** The catalogue's words, each word's trigram count, and for each trigram the words holding it. */
export interface SpellingDictionary {
  words: string[];
  sizes: Uint16Array;
  postings: Map<string, number[]>;
  /** Scratch: trigrams shared with the word being looked up (zero between lookups). */
  shared: Uint16Array;
}

/** A dictionary of words (sorted) for closestWord: each word's trigram count, and each trigram's words. */
export function buildSpellingDictionary(words: string[]): SpellingDictionary {
  const sizes = new Uint16Array(words.length);
  const postings = new Map<string, number[]>();
  words.forEach((word, i) => {
    const grams = trigrams(word);
    sizes[i] = grams.size;
    for (const gram of grams) {
      const list = postings.get(gram);
      if (list) list.push(i);
      else postings.set(gram, [i]);
    }
  });
  return { words, sizes, postings, shared: new Uint16Array(words.length) };
}

/**
 * The dictionary word most similar to a word's trigrams (pg_trgm's similarity; ties go to the
 * first in alphabetical order). Only words sharing a trigram are looked at: every other word's
 * similarity is 0, so one of them could only win when nothing is similar at all, and is never
 * offered.
 */
export function closestWord(dictionary: SpellingDictionary, grams: Set<string>) {
  const { words, sizes, postings, shared } = dictionary;
  const touched: number[] = [];
  for (const gram of grams) {
    const list = postings.get(gram);
    if (!list) continue;
    for (const i of list) {
      if (shared[i] === 0) touched.push(i);
      shared[i]++;
    }
  }
  let best: { word: string; similarity: number } | null = null;
  for (const i of touched) {
    const similarity = shared[i] / (grams.size + sizes[i] - shared[i]);
    shared[i] = 0;
    const candidate = words[i];
    if (
      !best ||
      similarity > best.similarity ||
      (similarity === best.similarity && candidate < best.word)
    )
      best = { word: candidate, similarity };
  }
  return best;
}

/** pg_trgm's trigrams of one word: padded with two spaces before and one after. */
export function trigrams(word: string) {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

export function trigramSimilarity(a: Set<string>, b: Set<string>) {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared++;
  return shared / (a.size + b.size - shared);
}
