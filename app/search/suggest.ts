import { FILTER_INDEX, filterIndexOf, SPELLING_FILTERS } from "./filters";
import { parsePhrase, phraseWords } from "./phrase";
import {
  buildSpellingDictionary,
  closestWord,
  type SpellingDictionary,
  trigrams,
} from "./spelling";
import type { IndexStore } from "./store";

/** Suggestions read from the store: a filter's values as people type, and "Did you mean". */

/** Values of a filter containing what was typed (those starting with it first), most held first. */
export function suggestValues(store: IndexStore, filterId: string, typed: string, limit: number) {
  const text = typed.trim().toLowerCase();
  const filterIndex = FILTER_INDEX.get(filterId);
  if (!text || filterIndex === undefined) return [];
  const values = store.values;
  const lower = values.lowerCased(filterIndex);
  const ids = values.byFilter[filterIndex];
  const live = store.live;
  const found: Array<{ value: string; count: number; starts: boolean }> = [];
  lower.forEach((value, local) => {
    if (!value.includes(text)) return;
    const id = ids[local];
    let count = 0;
    values.postings.each(id, (doc) => {
      if (live[doc >>> 5] & (1 << (doc & 31))) count++;
    });
    if (count > 0) found.push({ value: values.text[id], count, starts: value.startsWith(text) });
  });
  found.sort(
    (a, b) =>
      Number(b.starts) - Number(a.starts) ||
      b.count - a.count ||
      (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  );
  return found.slice(0, limit).map(({ value, count }) => ({ value, count }));
}

/** The words (three letters or more) of the live records' values of the spelling filters. */
export function spellingDictionary(store: IndexStore): SpellingDictionary {
  const { values, live } = store;
  const found = new Set<string>();
  for (const filterId of SPELLING_FILTERS) {
    for (const id of values.byFilter[filterIndexOf(filterId)]) {
      let held = false;
      values.postings.each(id, (doc) => {
        if (live[doc >>> 5] & (1 << (doc & 31))) held = true;
      });
      if (!held) continue;
      for (const word of values.text[id].toLowerCase().split(/[^\p{L}\p{N}]+/u))
        if (word.length >= 3) found.add(word);
    }
  }
  return buildSpellingDictionary([...found].sort());
}

/**
 * "Did you mean": each plain word of four letters or more (the first five), replaced by the
 * most similar word of the dictionary (trigram similarity, as pg_trgm counts it, at least
 * 0.3); offered only when something changed and `finds` says the corrected phrase finds
 * something.
 */
export function spellingSuggestion(
  phrase: string,
  dictionary: () => SpellingDictionary,
  finds: (phrase: string) => boolean,
): string | null {
  const plain = phraseWords(parsePhrase(phrase)).filter((word) => word.length >= 4);
  if (!plain.length) return null;
  const words = dictionary();
  let suggestion = phrase;
  let changed = false;
  for (const word of plain.slice(0, 5)) {
    const lower = word.toLowerCase();
    const chosen = closestWord(words, trigrams(lower));
    if (chosen && chosen.word !== lower && chosen.similarity >= 0.3) {
      suggestion = suggestion.replace(word, chosen.word);
      changed = true;
    }
  }
  return changed && finds(suggestion) ? suggestion : null;
}
