/**
 * A result card's text lines: the passages around matched words (the snippet) and the
 * summary's opening words. Both are cut by words; a cut that would drop only a few words at
 * the end of the text (up to SLACK_CHARS characters), or stop just short of a sentence's end,
 * goes on to that end instead, so "…expected within two …" never hides a lone "years.".
 */

/** Marks around matched words in highlights (private-use characters: never in a record). */
export const MARK_START = "\uE000";
export const MARK_END = "\uE001";
export const SNIPPET_WORDS = 28;
/** How many more characters a cut may take to end the text or a sentence instead. */
export const SLACK_CHARS = 20;

const WORD = /[\p{L}\p{N}]+/gu;

/** The text with each matched word between the marks. */
export function highlight(text: string, isMatch: (word: string) => boolean) {
  return text.replace(WORD, (word) => (isMatch(word) ? `${MARK_START}${word}${MARK_END}` : word));
}

/**
 * Where a cut before `end` should fall: at the text's end, or after the sentence that ends,
 * when either is within SLACK_CHARS more characters; else at `end`.
 */
export function cutAt(tokens: string[], end: number) {
  let chars = 0;
  let sentenceEnd = end;
  for (let index = end; index < tokens.length; index++) {
    chars += tokens[index].length + 1;
    if (chars > SLACK_CHARS) return sentenceEnd;
    // The first sentence end in reach; the text's end, if in reach too, wins below.
    if (sentenceEnd === end && /[.!?]["”’)]?$/.test(tokens[index])) sentenceEnd = index + 1;
  }
  return tokens.length;
}

/**
 * Up to two passages of the text around matched words, joined by " … ", with "…" where a
 * passage starts or stops inside the text, so a cut sentence never reads as a whole one.
 */
export function snippet(text: string, isMatch: (word: string) => boolean) {
  const tokens = text.split(/\s+/).filter(Boolean);
  const hits = tokens.flatMap((token, index) =>
    (token.match(WORD) ?? []).some(isMatch) ? [index] : [],
  );
  if (!hits.length) return "";
  const half = SNIPPET_WORDS / 4;
  const windows: Array<[number, number]> = [];
  for (const hit of hits) {
    const last = windows[windows.length - 1];
    if (last && hit <= last[1] + half)
      last[1] = Math.min(tokens.length, Math.max(last[1], hit + half + 1));
    else if (windows.length < 2)
      windows.push([Math.max(0, hit - half), Math.min(tokens.length, hit + half + 1)]);
  }
  // Each passage ends at the text's or a sentence's end when that is only a few words on,
  // short of the next passage.
  for (const [index, window] of windows.entries()) {
    const next = windows[index + 1];
    window[1] = Math.min(cutAt(tokens, window[1]), next ? next[0] : tokens.length);
  }
  // Two passages that now meet are one.
  if (windows.length === 2 && windows[0][1] >= windows[1][0]) {
    windows[0][1] = windows[1][1];
    windows.pop();
  }
  const passages = windows
    .map(([start, end]) => highlight(tokens.slice(start, end).join(" "), isMatch))
    .join(" … ");
  const [first, last] = [windows[0], windows[windows.length - 1]];
  // No-break spaces keep each ellipsis with its word, never alone on a line.
  return `${first[0] > 0 ? "…\u00a0" : ""}${passages}${last[1] < tokens.length ? "\u00a0…" : ""}`;
}

/** A text's first words, with an ellipsis kept to the last word where it is cut. */
export function opening(text: string) {
  const tokens = text.split(/\s+/).filter(Boolean);
  const end = tokens.length > SNIPPET_WORDS / 2 ? cutAt(tokens, SNIPPET_WORDS / 2) : tokens.length;
  return end < tokens.length ? `${tokens.slice(0, end).join(" ")}\u00a0…` : tokens.join(" ");
}
