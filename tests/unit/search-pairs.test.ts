import { describe, expect, it } from "vitest";
import { generateRecord } from "~/records/generate";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { type IndexedRecord, SearchIndex } from "~/search/engine";
import { DEFAULT_SEARCH, type SearchRequest } from "~/search/request";
import { compilePhrase } from "~/search/compiled-phrase";
import { IndexStore } from "~/search/store";
import { matchTerm } from "~/search/term-match";
import { termOf, words } from "~/search/text";
import { referenceMatchingIds } from "../search-reference";

/**
 * Quoted phrases read from the postings of word pairs give what checking every record's text
 * gives: the same records, the same order by relevance (so the same weighted frequencies),
 * for records held when the pairs were built and for those added or replaced since.
 */

const settings = { enableStubRecords: true, enableMaaIndications: true };
const AS_OF = "2024-03-01";
const docs = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => recordSchema.parse(generateRecord(from + i, { catalogueSize: 600 })) as HssRecord,
  );

/** An index whose pairs are built with `pairs` settings (maxCommon 0: no pairs at all). */
function indexWith(pairs: Partial<IndexStore["pairs"]["settings"]>) {
  const store = new IndexStore();
  store.pairs.settings = { ...store.pairs.settings, ...pairs };
  return { store, index: new SearchIndex({ store }) };
}

/** Two- and three-word runs of the records' own text (and some reversed), as quoted phrases. */
function phrasesFrom(records: HssRecord[]) {
  const found = new Set<string>(['"phase iii"', '"iii phase"', '"phase iii trial"']);
  for (const record of records.slice(0, 40)) {
    for (const text of [
      record.title,
      record.estimatedIndication.indication,
      record.diseaseInformation.description,
      record.analysis.summary,
    ]) {
      const all = words(text ?? "");
      for (let at = 0; at + 3 <= all.length && found.size < 50; at += 7) {
        found.add(`"${all[at]} ${all[at + 1]}"`);
        found.add(`"${all[at + 1]} ${all[at]}"`);
        found.add(`"${all.slice(at, at + 3).join(" ")}"`);
      }
    }
  }
  return [...found];
}

describe("phrases read from the postings of word pairs", () => {
  it("find and rank as checking the text does, before and after records change", () => {
    const first = docs(0, 360).map((doc, i): IndexedRecord => ({ recordId: i + 1, doc }));
    // Two records that repeat the pair so often that its weight does not fit a byte (4 a
    // place in a name: 280 and 264), read back from the stream instead.
    first[5].doc.activeCompound.synonyms.push(Array(70).fill("phase iii").join(" "));
    first[6].doc.activeCompound.synonyms.push(Array(66).fill("phase iii").join(" "));
    const withPairs = indexWith({});
    const without = indexWith({ maxCommon: 0 });
    for (const { index } of [withPairs, without]) {
      index.upsert(first, { bulk: true });
      index.freeze();
    }
    const phrases = phrasesFrom(first.map((r) => r.doc));
    const held = new Map(first.map((r) => [r.recordId, r.doc]));

    const check = (stage: string) => {
      const records = [...held].map(([recordId, doc]) => ({ recordId, doc }));
      let found = 0;
      for (const phrase of phrases) {
        const request: SearchRequest = { ...DEFAULT_SEARCH, searchPhrase: phrase, size: 50 };
        const ids = (index: SearchIndex) =>
          index.matchingIds(request, settings, Infinity, { today: AS_OF });
        const actual = ids(withPairs.index);
        expect(actual, `${stage}: ${phrase}`).toEqual(ids(without.index));
        expect(
          withPairs.index.search(request, settings, { today: AS_OF, eventYears: true }),
          `${stage}: ${phrase}`,
        ).toEqual(without.index.search(request, settings, { today: AS_OF, eventYears: true }));
        const expected = referenceMatchingIds(
          records.map((r) => ({ ...r, hssId: r.doc.hssId })),
          request,
          settings,
        ).map((hssId) => records.find((r) => r.doc.hssId === hssId)?.recordId);
        expect([...actual].sort(), `${stage}: ${phrase}`).toEqual([...expected].sort());
        if (actual.length) found++;
        // The weighted frequencies relevance reads are the same, one by one.
        const [term] = compilePhrase(phrase).scored;
        if (term) {
          const frequencies = (store: IndexStore) =>
            Array.from(matchTerm(store, term, new Int32Array(store.used)).frequency ?? []);
          expect(frequencies(withPairs.store), `${stage}: ${phrase}`).toEqual(
            frequencies(without.store),
          );
        }
      }
      // Not vacuous: most phrases are found, and some are not.
      expect(found).toBeGreaterThan(phrases.length / 2);
      expect(found).toBeLessThan(phrases.length);
    };
    check("as built");

    // The pairs are used: "phase iii" is a pair of common terms with postings.
    const { store } = withPairs;
    const pair = store.pairs.find(
      store.terms.idOf(termOf("phase") ?? "") ?? -1,
      store.terms.idOf(termOf("iii") ?? "") ?? -1,
    );
    expect(pair).not.toBeNull();
    expect(pair?.[1]).toBeGreaterThan(pair?.[0] ?? 0);
    expect(without.store.pairs.find(0, 1)).toBeNull();

    // Replaced, removed and new records after the pairs were built: read from the text.
    const changes = docs(500, 60);
    const replaced = changes.slice(0, 40).map((doc, i) => ({ recordId: i * 7 + 1, doc }));
    const added = changes.slice(40).map((doc, i) => ({ recordId: 600 + i, doc }));
    for (const { index } of [withPairs, without]) {
      for (const record of [...replaced, ...added]) index.upsert([record]);
      index.remove([2, 3, 50]);
    }
    for (const record of [...replaced, ...added]) held.set(record.recordId, record.doc);
    for (const recordId of [2, 3, 50]) held.delete(recordId);
    check("after changes");

    // Frozen again: the pairs now cover the changed records too.
    for (const { index } of [withPairs, without]) index.freeze();
    check("frozen again");
  });

  it("hold pairs of words written as escaped codes", () => {
    // Record A holds 70,000 words no other text holds, so the words after them are written as
    // escaped codes; B and C hold two of those words side by side, and in the other order.
    const filler = Array.from({ length: 70_000 }, (_, i) => `qf${i}`);
    const [a, b, c] = docs(0, 3);
    a.activeCompound.synonyms = Array.from({ length: 140 }, (_, i) =>
      filler.slice(i * 500, (i + 1) * 500).join(" "),
    );
    a.activeCompound.synonyms.push("zzlate zzlater");
    b.activeCompound.synonyms = ["zzlate zzlater", "zzlater zzlate"];
    c.activeCompound.synonyms = ["zzlater zzlate zzlater"];
    const records = [a, b, c].map((doc, i) => ({ recordId: i + 1, doc }));
    const withPairs = indexWith({ minRecords: 2, minShare: 0 });
    withPairs.index.upsert(records, { bulk: true });
    withPairs.index.freeze();
    const { store } = withPairs;
    const late = store.terms.idOf("zzlate") ?? -1;
    const later = store.terms.idOf("zzlater") ?? -1;
    expect(late).toBeGreaterThan(65_536);
    expect(store.pairs.find(late, later)).not.toBeNull();
    const idsOf = (phrase: string) =>
      withPairs.index
        .matchingIds({ ...DEFAULT_SEARCH, searchPhrase: phrase }, settings, Infinity, {
          today: AS_OF,
        })
        .sort();
    expect(idsOf('"zzlate zzlater"')).toEqual([1, 2, 3]);
    expect(idsOf('"zzlater zzlate"')).toEqual([2, 3]);
    expect(idsOf('"zzlater zzlate zzlater"')).toEqual([3]);
  });
});
