import { describe, expect, it } from "vitest";
import { generateRecord, mulberry32 } from "~/records/generate";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { type IndexedRecord, SearchIndex } from "~/search/engine";
import {
  buildSpellingDictionary,
  closestWord,
  trigramSimilarity,
  trigrams,
} from "~/search/spelling";
import { DEFAULT_SEARCH, type SearchRequest } from "~/search/request";
import { referenceMatchingIds } from "../search-reference";

const settings = { enableStubRecords: true, enableMaaIndications: true };
const docs = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => recordSchema.parse(generateRecord(from + i, { catalogueSize: 400 })) as HssRecord,
  );

const requests: SearchRequest[] = [
  DEFAULT_SEARCH,
  { ...DEFAULT_SEARCH, searchPhrase: "cancer" },
  { ...DEFAULT_SEARCH, searchPhrase: "cancer OR lymphoma -adults", size: 50 },
  { ...DEFAULT_SEARCH, searchPhrase: '"phase iii" inhib*', sortBy: "title" },
  {
    ...DEFAULT_SEARCH,
    searchPhrase: "*",
    sortBy: "lastUpdated",
    sortOrder: "asc",
    basicSearchFilter: [{ filterId: "recordStatus", values: ["Active"] }],
  },
  {
    ...DEFAULT_SEARCH,
    lastUpdatedDateFrom: "2025-01-01",
    emaTimelineFrom: "2024-06-01",
    size: 100,
  },
  // The year of the next or last EU event (its days are kept per ordinal for the day asked on).
  { ...DEFAULT_SEARCH, emaNextOrLastEventYearFrom: 2022, emaNextOrLastEventYearTo: 2025 },
];
/** The day next or last EU events are told from: within the generated records' years. */
const AS_OF = "2024-03-01";

/** What a search answers, without the ordinals that differ between two indexes. */
function answers(index: SearchIndex) {
  return requests.map((request) => ({
    ...index.search(request, settings, { eventYears: true, today: AS_OF }),
    all: index.matchingIds(request, settings, Infinity, { today: AS_OF }),
  }));
}

describe("the search index", () => {
  it("answers after records are replaced and removed one by one exactly as an index built afresh", () => {
    const first = docs(0, 300).map((doc, i): IndexedRecord => ({ recordId: i + 1, doc }));
    const changing = new SearchIndex();
    changing.upsert(first, { bulk: true });
    changing.freeze();

    // New versions of 100 records (other generated documents under the same ids), 20 removed, 50 added.
    const replaced = docs(1000, 100).map((doc, i): IndexedRecord => ({ recordId: i * 3 + 1, doc }));
    const added = docs(2000, 50).map((doc, i): IndexedRecord => ({ recordId: 1000 + i, doc }));
    const removed = [2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 38, 41, 44, 47, 50, 53, 56, 59];
    // Asked once before the changes, so that what it keeps per ordinal must be redone after.
    answers(changing);
    for (const record of replaced) changing.upsert([record]);
    changing.remove(removed);
    changing.upsert(added);

    const final = new Map(first.map((record) => [record.recordId, record]));
    for (const record of [...replaced, ...added]) final.set(record.recordId, record);
    for (const id of removed) final.delete(id);
    const fresh = new SearchIndex();
    fresh.upsert([...final.values()], { bulk: true });
    fresh.freeze();

    expect(changing.size).toBe(fresh.size);
    const expected = answers(fresh);
    expect(answers(changing)).toEqual(expected);
    // Compacting the postings changes nothing either.
    changing.freeze();
    expect(answers(changing)).toEqual(expected);
  });

  it("forgets a replaced record's words", () => {
    const [doc] = docs(0, 1);
    const index = new SearchIndex();
    index.upsert([{ recordId: 7, doc: { ...doc, title: `${doc.title} quokkas` } }]);
    expect(index.count({ ...DEFAULT_SEARCH, searchPhrase: "quokka" }, settings)).toBe(1);
    index.upsert([{ recordId: 7, doc: { ...doc, title: `${doc.title} wombats` } }]);
    expect(index.count({ ...DEFAULT_SEARCH, searchPhrase: "quokka" }, settings)).toBe(0);
    expect(index.count({ ...DEFAULT_SEARCH, searchPhrase: "wombat" }, settings)).toBe(1);
    expect(index.size).toBe(1);
  });
});

describe("spelling suggestions", () => {
  it("find the word a scan of the whole dictionary finds", () => {
    const random = mulberry32(20261123);
    const letters = "abcdeilmnorstu";
    const word = (length: number) =>
      Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join("");
    const words = [
      ...new Set(Array.from({ length: 2_000 }, () => word(3 + Math.floor(random() * 9)))),
    ].sort();
    const dictionary = buildSpellingDictionary(words);
    let offered = 0;
    for (let n = 0; n < 500; n++) {
      const grams = trigrams(word(4 + Math.floor(random() * 8)));
      // The scan: the greatest similarity, ties to the first word alphabetically.
      let best: { word: string; similarity: number } | null = null;
      for (const candidate of words) {
        const similarity = trigramSimilarity(grams, trigrams(candidate));
        if (!best || similarity > best.similarity) best = { word: candidate, similarity };
      }
      const found = closestWord(dictionary, grams);
      if (best && best.similarity > 0) {
        expect(found).toEqual(best);
        if (best.similarity >= 0.3) offered++;
      } else expect(found).toBeNull();
    }
    // The random words are close enough for many lookups to offer a word.
    expect(offered).toBeGreaterThan(50);
  });
});

describe("the answer cache", () => {
  it("answers a repeated request as the index does now, after every change", () => {
    const held = docs(0, 120);
    const cached = new SearchIndex({ answerCache: 50 });
    cached.upsert(held.slice(0, 100).map((doc, i) => ({ recordId: i + 1, doc })));
    cached.freeze();
    const request: SearchRequest = { ...DEFAULT_SEARCH, searchPhrase: `"${held[110].title}"` };
    const first = cached.search(request, settings);
    expect(cached.search(request, settings)).toBe(first);
    // A record that matches arrives: the next answer includes it.
    cached.upsert([{ recordId: 111, doc: held[110] }]);
    const after = cached.search(request, settings);
    expect(after.recordIds).toContain(111);
    expect(after.total).toBe(first.total + 1);
    cached.remove([111]);
    expect(cached.search(request, settings)).toEqual(first);
    expect(cached.count(request, settings)).toBe(first.total);
  });
});

describe("phrases among more words than 16-bit codes hold", () => {
  // Record A holds 70,000 words no other text holds, so the later ones are written as escaped
  // codes; each escaped code's first half is the code of the index's first term (A's title,
  // "zyxtitle") and its second half that of an early filler word. A phrase search that took a
  // half for a word would find "zyxtitle qf5" in A, which A does not hold.
  const filler = Array.from({ length: 70_000 }, (_, i) => `qf${i}`);
  const build = () => {
    const [a, b] = docs(0, 2);
    a.title = "Zyxtitle";
    a.activeCompound.synonyms = Array.from({ length: 140 }, (_, i) =>
      filler.slice(i * 500, (i + 1) * 500).join(" "),
    );
    b.activeCompound.synonyms = ["qf69990 qf69991 qf69992", "zyxtitle qf5", "qf66000 qf12"];
    return [a, b].map((doc, i) => ({ recordId: i + 1, hssId: doc.hssId, doc }));
  };
  const phrases = [
    ...[0, 1, 5, 12, 100, 4000].map((k) => `"zyxtitle qf${k}"`),
    '"qf69990 qf69991"',
    '"qf69990 qf69991 qf69992"',
    '"qf65600 qf65601"',
    '"qf66000 qf12"',
    '"qf12 qf13"',
    '"qf13 qf12"',
    '"qf5 zyxtitle"',
  ];

  it("matches each as the reference does, and forgets a removed record's escaped words", () => {
    const records = build();
    const index = new SearchIndex();
    index.upsert(records, { bulk: true });
    index.freeze();
    const idsOf = (ids: string[]) =>
      ids.map((hssId) => records.findIndex((r) => r.hssId === hssId) + 1);
    const found: Record<string, number[]> = {};
    for (const phrase of phrases) {
      const request = { ...DEFAULT_SEARCH, searchPhrase: phrase, size: 10 };
      const expected = idsOf(referenceMatchingIds(records, request, settings)).sort();
      const actual = index.matchingIds(request, settings, Infinity, { today: AS_OF }).sort();
      found[phrase] = actual;
      expect(actual, phrase).toEqual(expected);
    }
    // Not a vacuous comparison: the reference finds these where they are, and nowhere else.
    expect(found['"zyxtitle qf5"']).toEqual([2]);
    expect(found['"zyxtitle qf12"']).toEqual([]);
    expect(found['"qf69990 qf69991 qf69992"']).toEqual([1, 2]);
    expect(found['"qf65600 qf65601"']).toEqual([1]);
    expect(found['"qf66000 qf12"']).toEqual([2]);

    index.remove([1]);
    const count = (searchPhrase: string) =>
      index.count({ ...DEFAULT_SEARCH, searchPhrase }, settings);
    expect(count("qf69000")).toBe(0);
    expect(count('"qf69990 qf69991"')).toBe(1);
  });

  it("ranks after removing a record with escaped words as an index built without it", () => {
    // Two twins but for one word each: an escaped one (also in A) and an early one (also in A).
    // Taking A out must count both words down, or their weights differ and the order with them.
    for (const [escapedIn, earlyIn] of [
      [2, 3],
      [3, 2],
    ]) {
      const [a] = build();
      const twin = (recordId: number) => {
        const [doc] = docs(5, 1);
        doc.activeCompound.synonyms = [recordId === escapedIn ? "qf69990" : "qf12"];
        return { recordId, doc };
      };
      const changing = new SearchIndex();
      changing.upsert([a, twin(2), twin(3)], { bulk: true });
      changing.freeze();
      changing.remove([1]);
      const fresh = new SearchIndex();
      fresh.upsert([twin(2), twin(3)], { bulk: true });
      fresh.freeze();
      const request = { ...DEFAULT_SEARCH, searchPhrase: "qf69990 OR qf12" };
      const order = (index: SearchIndex) =>
        index.matchingIds(request, settings, Infinity, { today: AS_OF });
      expect(order(changing), `escaped word in ${escapedIn}, early one in ${earlyIn}`).toEqual(
        order(fresh),
      );
    }
  });
});

describe("relevance order of many matches", () => {
  // From a thousand matches on, the order is found by a counting sort over distinct scores
  // instead of comparisons; it must be the reference's order, ties included.
  it("is the reference's, highest and lowest first, ties by last update then record id", () => {
    const all = Array.from(
      { length: 1_600 },
      (_, i) => recordSchema.parse(generateRecord(i, { catalogueSize: 1_600 })) as HssRecord,
    );
    const records = all.map((doc, i) => ({ recordId: i + 1, hssId: doc.hssId, doc }));
    const index = new SearchIndex();
    index.upsert(records, { bulk: true });
    index.freeze();
    const idOf = new Map(records.map((r) => [r.hssId, r.recordId]));
    let longest = 0;
    for (const searchPhrase of ["cancer OR lymphoma", "phase OR trial", '"phase iii" OR inhib*']) {
      for (const sortOrder of ["desc", "asc"] as const) {
        const request = { ...DEFAULT_SEARCH, searchPhrase, sortOrder };
        const expected = referenceMatchingIds(records, request, settings, { today: AS_OF }).map(
          (hssId) => idOf.get(hssId),
        );
        const actual = index.matchingIds(request, settings, Infinity, { today: AS_OF });
        expect(actual, `${searchPhrase} ${sortOrder}`).toEqual(expected);
        // A limit keeps the order's beginning.
        expect(index.matchingIds(request, settings, 1_200, { today: AS_OF })).toEqual(
          expected.slice(0, 1_200),
        );
        longest = Math.max(longest, actual.length);
      }
    }
    expect(longest).toBeGreaterThan(1_000);
  });
});
