/**
 * The phrase box's syntax, read into terms that the query builder turns into a tsquery:
 *   words            all must match (stemmed: "cancers" finds "cancer")
 *   "quoted phrase"  the words in this order
 *   OR               either side (binds looser than the implicit AND)
 *   -word, -"..."    must not match
 *   prefix*          any word starting so
 * `*` alone (or nothing) means every record.
 */
export type TermKind = "word" | "phrase" | "prefix";

export interface PhraseTerm {
  kind: TermKind;
  text: string;
  negated: boolean;
}

/** Alternatives joined by OR, each a list of terms that must all hold. */
export type ParsedPhrase = PhraseTerm[][];

export const MAX_PHRASE_LENGTH = 500;

const TOKEN = /(-?)"([^"]*)"?|(\S+)/g;
// What a prefix may contain: letters and digits only (it becomes a tsquery lexeme).
const PREFIX_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The phrase as the results line and the page title quote it, in curly quotes. A phrase that
 * is one quoted phrase whole is not quoted twice: “phase iii”, not “"phase iii"”. Quotes
 * inside a longer phrase stay, as they say which words were searched for together.
 */
export function quotedPhrase(phrase: string) {
  const trimmed = phrase.trim();
  const whole = /^"([^"]+)"$/.exec(trimmed);
  return `“${whole ? whole[1].trim() : trimmed}”`;
}

export function isMatchAll(phrase: string) {
  const trimmed = phrase.trim();
  return trimmed === "" || trimmed === "*";
}

export function parsePhrase(phrase: string): ParsedPhrase {
  if (isMatchAll(phrase)) return [];
  const groups: ParsedPhrase = [[]];
  for (const match of phrase.matchAll(TOKEN)) {
    const [, quotedMinus, quoted, bare] = match;
    if (quoted !== undefined) {
      const text = quoted.trim();
      if (text)
        groups[groups.length - 1].push({ kind: "phrase", text, negated: quotedMinus === "-" });
      continue;
    }
    if (bare === "OR") {
      if (groups[groups.length - 1].length) groups.push([]);
      continue;
    }
    let text = bare;
    const negated = text.startsWith("-") && text.length > 1;
    if (negated) text = text.slice(1);
    if (text.endsWith("*") && text.length > 1 && PREFIX_WORD.test(text.slice(0, -1))) {
      groups[groups.length - 1].push({ kind: "prefix", text: text.slice(0, -1), negated });
      continue;
    }
    // Punctuation alone ("*", "-", "&") carries no word to look for.
    if (!/[\p{L}\p{N}]/u.test(text)) continue;
    groups[groups.length - 1].push({ kind: "word", text, negated });
  }
  // An alternative of exclusions only would match nearly everything; it stays, as typed.
  return groups.filter((group) => group.length > 0);
}

/** The phrase as a person would read it back: `"lung cancer" AND (NOT placebo)`. */
export function describePhrase(parsed: ParsedPhrase) {
  return parsed
    .map((group) =>
      group
        .map((term) => {
          const text =
            term.kind === "phrase"
              ? `"${term.text}"`
              : term.kind === "prefix"
                ? `${term.text}*`
                : term.text;
          return term.negated ? `NOT ${text}` : text;
        })
        .join(" AND "),
    )
    .map((group, _index, all) => (all.length > 1 && group.includes(" AND ") ? `(${group})` : group))
    .join(" OR ");
}

/** The plain words of a phrase (for "Did you mean"). */
export function phraseWords(parsed: ParsedPhrase) {
  return parsed.flatMap((group) =>
    group.filter((term) => !term.negated && term.kind === "word").map((term) => term.text),
  );
}
