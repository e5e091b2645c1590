import { describe, expect, it } from "vitest";
import { generateRecord } from "~/records/generate";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { type IndexedRecord, SearchIndex } from "~/search/engine";
import { DEFAULT_SEARCH, type SearchRequest } from "~/search/request";
import { decodeStore, decodeStoreInTurns, encodeStore } from "~/search/snapshot.server";

const settings = { enableStubRecords: true, enableMaaIndications: true };
const docs = (from: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => recordSchema.parse(generateRecord(from + i, { catalogueSize: 400 })) as HssRecord,
  );
const AS_OF = "2024-03-01";
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
  { ...DEFAULT_SEARCH, lastUpdatedDateFrom: "2025-01-01", emaTimelineFrom: "2024-06-01" },
  { ...DEFAULT_SEARCH, emaNextOrLastEventYearFrom: 2022, emaNextOrLastEventYearTo: 2025 },
];

/** Everything an index answers that the pages read: results, facets, every id, suggestions. */
function answers(index: SearchIndex) {
  return {
    size: index.size,
    searches: requests.map((request) => ({
      ...index.search(request, settings, { eventYears: true, today: AS_OF }),
      all: index.matchingIds(request, settings, Infinity, { today: AS_OF }),
    })),
    more: index.facetValues(DEFAULT_SEARCH, settings, "therapeuticArea", {
      sort: "count",
      page: 1,
    }),
    suggest: index.suggestValues("company", "ph"),
    spelling: index.spellingSuggestion("cancr", settings),
    upcoming: index.upcomingDates(["euEventDates", "fdaEventDates"], "2024-01-01", 5),
  };
}

const written = (index: SearchIndex) => Buffer.concat(encodeStore(index.storeForSnapshot()));
const restored = (index: SearchIndex) => new SearchIndex({ store: decodeStore(written(index)) });

describe("a snapshot of the search index", () => {
  it("reads back an index that answers, and goes on changing, exactly as the one written", () => {
    const original = new SearchIndex();
    original.upsert(
      docs(0, 300).map((doc, i): IndexedRecord => ({ recordId: i + 1, doc })),
      { bulk: true },
    );
    original.freeze();
    // Changes since the last freeze, and dead ordinals: what a snapshot after refreshes holds.
    original.upsert(docs(1000, 40).map((doc, i) => ({ recordId: i * 5 + 1, doc })));
    original.remove([2, 3, 7, 11]);
    answers(original);

    const copy = restored(original);
    expect(answers(copy)).toEqual(answers(original));

    // Both take the same changes afterwards and still agree, before and after compacting.
    const later = docs(2000, 30).map((doc, i): IndexedRecord => ({ recordId: 500 + i, doc }));
    for (const index of [original, copy]) {
      index.upsert(later);
      index.remove([4, 5]);
    }
    expect(answers(copy)).toEqual(answers(original));
    for (const index of [original, copy]) index.freeze();
    expect(answers(copy)).toEqual(answers(original));
    // A snapshot of the copy reads back the same again.
    expect(answers(restored(copy))).toEqual(answers(original));
  });

  it("reads back every list, map and array of the store as it was, each part where it was", async () => {
    const index = new SearchIndex();
    index.upsert(
      docs(0, 120).map((doc, i): IndexedRecord => ({ recordId: i + 1, doc })),
      { bulk: true },
    );
    index.freeze();
    index.upsert(docs(500, 10).map((doc, i) => ({ recordId: i * 3 + 1, doc })));
    const store = index.storeForSnapshot();
    const bytes = written(index);
    const copy = decodeStore(bytes);
    // The dictionaries' maps of text to id are not written: they look up by their order
    // instead, and rebuild the maps when a value is next added. Nor is the terms' prefix
    // order, which is that same order.
    const derived = (of: typeof store) => [
      (of.terms as unknown as { ids: unknown }).ids,
      (of.values as unknown as { ids: unknown }).ids,
    ];
    expect(derived(copy)).toEqual([undefined, undefined]);
    expect(derived(store)[0]).toBeInstanceOf(Map);
    for (const dictionary of [store.terms, store.values])
      (dictionary as unknown as { ids: unknown }).ids = undefined;
    expect((copy.terms as unknown as { sorted: unknown }).sorted).toBeUndefined();
    (store.terms as unknown as { sorted: unknown }).sorted = undefined;
    expect(copy).toEqual(store);
    // Read a part at a time, as a start does, it is the same store.
    expect(await decodeStoreInTurns(bytes)).toEqual(store);
    // Packed as raw bytes and joined strings, yet of the same kinds as before.
    expect(Array.isArray((copy.terms as unknown as { text: unknown }).text)).toBe(true);
    expect(copy.stream.codes.data).toBeInstanceOf(Uint16Array);
    // Without its maps the store answers as before, and takes new records.
    const answer = (of: SearchIndex) => of.search(requests[2], settings, { today: AS_OF });
    const fresh = new SearchIndex({ store: decodeStore(bytes) });
    expect(answer(fresh)).toEqual(answer(index));
    for (const each of [index, fresh])
      each.upsert(docs(900, 5).map((doc, i) => ({ recordId: 700 + i, doc })));
    expect(answer(fresh)).toEqual(answer(index));
  });

  it("refuses bytes that are not a store", () => {
    expect(() => decodeStore(Buffer.from("not a snapshot"))).toThrow();
    // A store cut short: its parts are not all there.
    const whole = written(new SearchIndex());
    expect(() => decodeStore(whole.subarray(0, whole.length - 8))).toThrow();
  });
});
