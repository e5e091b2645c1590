import { type ParsedPhrase, parsePhrase } from "./phrase";
import { prefixTerm, termOf, words } from "./text";

/**
 * The phrase box's syntax (phrase.ts) read into what both the search index and the
 * reference search match on. A word that holds punctuation ("covid-19", "HSS-000123") is
 * matched as a phrase of its parts. A quoted phrase is its terms at consecutive positions
 * within one text value; a stop word holds its place (null), where any word may stand, as in
 * PostgreSQL's phrase search. Terms with nothing
 * searchable in them (stop words alone) are dropped; a phrase left with nothing matches
 * nothing.
 */
export type QueryTerm =
  | { kind: "term"; key: string; term: string }
  | { kind: "prefix"; key: string; prefix: string }
  | { kind: "phrase"; key: string; terms: Array<string | null> };

export interface QueryGroup {
  positive: QueryTerm[];
  negative: QueryTerm[];
}

export interface CompiledPhrase {
  /** False for '*' or an empty box: every record. */
  active: boolean;
  groups: QueryGroup[];
  /** The positive terms, each once, in the order they were typed: what relevance adds up. */
  scored: QueryTerm[];
}

function fromTerms(sequence: Array<string | null>): QueryTerm | null {
  let start = 0;
  let end = sequence.length;
  while (start < end && sequence[start] === null) start++;
  while (end > start && sequence[end - 1] === null) end--;
  const kept = sequence.slice(start, end);
  if (!kept.length) return null;
  const [only] = kept;
  // One word left: the trim above keeps no stop-word slot (null) at either end.
  if (kept.length === 1 && only !== null) return { kind: "term", key: `t:${only}`, term: only };
  return { kind: "phrase", key: `q:${kept.map((term) => term ?? "_").join(" ")}`, terms: kept };
}

export function compileParsed(parsed: ParsedPhrase): CompiledPhrase {
  if (!parsed.length) return { active: false, groups: [], scored: [] };
  const groups: QueryGroup[] = [];
  for (const group of parsed) {
    const compiled: QueryGroup = { positive: [], negative: [] };
    for (const term of group) {
      let query: QueryTerm | null;
      if (term.kind === "prefix") {
        const prefix = prefixTerm(term.text);
        query = prefix ? { kind: "prefix", key: `p:${prefix}`, prefix } : null;
      } else {
        query = fromTerms(words(term.text).map(termOf));
      }
      if (query) (term.negated ? compiled.negative : compiled.positive).push(query);
    }
    if (compiled.positive.length || compiled.negative.length) groups.push(compiled);
  }
  const scored = new Map<string, QueryTerm>();
  for (const group of groups)
    for (const term of group.positive) if (!scored.has(term.key)) scored.set(term.key, term);
  return { active: true, groups, scored: [...scored.values()] };
}

export function compilePhrase(phrase: string): CompiledPhrase {
  return compileParsed(parsePhrase(phrase));
}

/** Whether a term sequence (a record's text value, stop words as null) holds the phrase at `at`. */
export function phraseAt(value: Array<string | null>, phrase: Array<string | null>, at: number) {
  for (let offset = 0; offset < phrase.length; offset++) {
    const want = phrase[offset];
    const have = value[at + offset];
    if (have === undefined) return false;
    if (want !== null && have !== want) return false;
  }
  return true;
}
