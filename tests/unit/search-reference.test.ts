import { describe, expect, it } from "vitest";
import { generateRecord } from "~/records/generate";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import type { EnabledSettings } from "~/search/filters";
import {
  referenceFacetValues,
  referenceMatchingIds,
  referenceSearch,
  type ReferenceDoc,
} from "../search-reference";
import { type AdvancedRow, DEFAULT_SEARCH, type SearchRequest } from "~/search/request";

/** The reference search that the oracle test holds the index to, itself checked by hand. */
const TODAY = "2026-11-01";
const ALL_ON: EnabledSettings = { enableStubRecords: true, enableMaaIndications: true };
const request = (overrides: Partial<SearchRequest>): SearchRequest => ({
  ...DEFAULT_SEARCH,
  ...overrides,
});

/** Three generated records (A, B, C; record ids 1, 2, 3) with their names replaced by words no generated text holds. */
function handDocs(edit: (docs: HssRecord[]) => void = () => {}): ReferenceDoc[] {
  const docs = [0, 1, 2].map((index) => {
    const doc = recordSchema.parse(generateRecord(index, { catalogueSize: 3, today: TODAY }));
    doc.title = `Record ${"ABC"[index]}`;
    doc.activeCompound.synonyms = [];
    doc.activeCompound.brandName = undefined;
    doc.lastUpdated = "2026-01-01";
    return doc;
  });
  docs[0].activeCompound.synonyms = ["alpha quokka", "zorblax beta"];
  docs[1].activeCompound.synonyms = ["quokka zorblax"];
  docs[2].activeCompound.synonyms = ["quokka red zorblax"];
  edit(docs);
  return docs.map((doc, i) => ({ recordId: i + 1, hssId: doc.hssId, doc }));
}
const names = (docs: ReferenceDoc[], hssIds: string[]) =>
  hssIds.map((hssId) => "ABC"[docs.findIndex((d) => d.hssId === hssId)]);

describe("the reference search, checked by hand", () => {
  it("reference: a quoted phrase never spans two text values; the bare words may", () => {
    const docs = handDocs();
    expect(
      names(
        docs,
        referenceMatchingIds(docs, request({ searchPhrase: '"quokka zorblax"' }), ALL_ON),
      ),
    ).toEqual(["B"]);
    expect(
      names(
        docs,
        referenceMatchingIds(docs, request({ searchPhrase: "quokka zorblax" }), ALL_ON),
      ).sort(),
    ).toEqual(["A", "B", "C"]);
    expect(
      names(
        docs,
        referenceMatchingIds(docs, request({ searchPhrase: 'quokka -"quokka zorblax"' }), ALL_ON),
      ).sort(),
    ).toEqual(["A", "C"]);
  });

  it("reference: a stop word in a quoted phrase holds the place of any one word", () => {
    const docs = handDocs();
    // "the" stands for "red" in C; B has no word between, so nothing stands there.
    expect(
      names(
        docs,
        referenceMatchingIds(docs, request({ searchPhrase: '"quokka the zorblax"' }), ALL_ON),
      ),
    ).toEqual(["C"]);
    expect(
      names(
        docs,
        referenceMatchingIds(docs, request({ searchPhrase: '"Quokka, of: Zorblax"' }), ALL_ON),
      ),
    ).toEqual(["C"]);
    // A stop word alone has nothing to search for: the phrase matches nothing.
    expect(referenceSearch(docs, request({ searchPhrase: '"the"' }), ALL_ON).total).toBe(0);
    // Prefixes and OR.
    expect(
      names(docs, referenceMatchingIds(docs, request({ searchPhrase: "quok* -zorbl*" }), ALL_ON)),
    ).toEqual([]);
    expect(
      names(
        docs,
        referenceMatchingIds(
          docs,
          request({ searchPhrase: "alpha OR red", sortBy: "title" }),
          ALL_ON,
        ),
      ),
    ).toEqual(["A", "C"]);
  });

  it("reference: an OR-able facet is counted without its own selection; the others over the matches", () => {
    const docs = handDocs((d) => {
      d[0].estimatedIndication.therapeuticArea = "Oncology";
      d[1].estimatedIndication.therapeuticArea = "Oncology";
      d[2].estimatedIndication.therapeuticArea = "Neurology";
      d[0].firstInClass = true;
      d[1].firstInClass = false;
      d[2].firstInClass = false;
    });
    const selected = request({
      basicSearchFilter: [{ filterId: "therapeuticArea", values: ["Neurology", "Cardiology"] }],
    });
    const result = referenceSearch(docs, selected, ALL_ON);
    expect(names(docs, result.hssIds)).toEqual(["C"]);
    const area = result.facets.find((f) => f.filterId === "therapeuticArea");
    expect(area).toEqual({
      filterId: "therapeuticArea",
      label: "Therapeutic area",
      distinctValues: 2,
      values: [
        { value: "Oncology", count: 2, selected: false },
        { value: "Neurology", count: 1, selected: true },
        { value: "Cardiology", count: 0, selected: true },
      ],
    });
    // First in class is a facet but not OR-able: counted over the one match, C.
    expect(result.facets.find((f) => f.filterId === "firstInClass")?.values).toEqual([
      { value: "No", count: 1, selected: false },
    ]);
    // The more page counts the same way, and finds values by text.
    expect(
      referenceFacetValues(docs, selected, ALL_ON, "therapeuticArea", { sort: "az", page: 1 }),
    ).toEqual({
      total: 2,
      values: [
        { value: "Neurology", count: 1, selected: true },
        { value: "Oncology", count: 2, selected: false },
      ],
    });
    expect(
      referenceFacetValues(docs, selected, ALL_ON, "therapeuticArea", {
        sort: "count",
        page: 1,
        contains: " ONC ",
      }).values,
    ).toEqual([{ value: "Oncology", count: 2, selected: false }]);
  });

  it("reference: advanced rows bind AND tighter than OR and ignore case; dates are inclusive", () => {
    const docs = handDocs((d) => {
      d[0].estimatedIndication.therapeuticArea = "Oncology";
      d[1].estimatedIndication.therapeuticArea = "Oncology";
      d[2].estimatedIndication.therapeuticArea = "Neurology";
      d[0].lastUpdated = "2026-03-01";
      d[1].lastUpdated = "2026-02-01";
      d[2].lastUpdated = "2026-01-01";
    });
    const row = (overrides: Partial<AdvancedRow>): AdvancedRow => ({
      filterId: "therapeuticArea",
      operator: "is",
      fieldValue: "",
      dateFrom: "",
      dateTo: "",
      join: "and",
      ...overrides,
    });
    const rows = (advanceSearchFilter: AdvancedRow[]) =>
      names(
        docs,
        referenceMatchingIds(
          docs,
          request({ isAdvancedSearch: true, advanceSearchFilter, sortBy: "title" }),
          ALL_ON,
        ),
      );
    // Neurology OR (oncology AND updated from 2026-03-01): C, A.
    const dated = row({ filterId: "lastUpdated", operator: "between", dateFrom: "2026-03-01" });
    expect(
      rows([row({ fieldValue: "NEUROLOGY" }), row({ fieldValue: "oncology", join: "or" }), dated]),
    ).toEqual(["A", "C"]);
    // (Neurology OR oncology) would be all three; AND first: Neurology OR (oncology AND ...).
    expect(
      rows([row({ fieldValue: "oncology" }), dated, row({ fieldValue: "neurology", join: "or" })]),
    ).toEqual(["A", "C"]);
    expect(rows([row({ operator: "isNot", fieldValue: "oncology" })])).toEqual(["C"]);
    expect(rows([row({ operator: "contains", fieldValue: "OLOG" })])).toEqual(["A", "B", "C"]);
    expect(
      rows([
        row({
          filterId: "lastUpdated",
          operator: "between",
          dateFrom: "2026-01-01",
          dateTo: "2026-02-01",
        }),
      ]),
    ).toEqual(["B", "C"]);
    // Without isAdvancedSearch the rows are not read.
    expect(
      referenceSearch(
        docs,
        request({ advanceSearchFilter: [row({ fieldValue: "oncology" })] }),
        ALL_ON,
      ).total,
    ).toBe(3);
  });

  it("reference: orders titles by code units, dates newest first, relevance with ties by date then record id", () => {
    const docs = handDocs((d) => {
      d[0].title = "alpha";
      d[1].title = "Zeta";
      d[2].title = "Ärger";
      d[0].lastUpdated = "2026-01-01";
      d[1].lastUpdated = "2026-03-01";
      d[2].lastUpdated = "2026-02-01";
    });
    const order = (overrides: Partial<SearchRequest>) =>
      names(docs, referenceMatchingIds(docs, request(overrides), ALL_ON));
    expect(order({ sortBy: "title" })).toEqual(["B", "A", "C"]);
    expect(order({ sortBy: "title", sortOrder: "desc" })).toEqual(["C", "A", "B"]);
    expect(order({})).toEqual(["B", "C", "A"]);
    expect(order({ sortBy: "lastUpdated", sortOrder: "asc" })).toEqual(["A", "C", "B"]);
    // Only exclusions: ranked, every score 0, so by date.
    expect(order({ searchPhrase: "-nothingsuch" })).toEqual(["B", "C", "A"]);
    // "red" only in C; "alpha" in A's title (weight 4) and its synonym (4): A first.
    expect(order({ searchPhrase: "alpha OR red" })).toEqual(["A", "C"]);
    expect(order({ searchPhrase: "alpha OR red", sortOrder: "asc" })).toEqual(["C", "A"]);
    // Equal scores (the same record twice, under two ids and dates): newest, then lower record id.
    const twins = handDocs();
    const twin = (recordId: number, hssId: string, lastUpdated: string): ReferenceDoc => ({
      recordId,
      hssId,
      doc: { ...twins[0].doc, hssId: `${twins[0].hssId.slice(0, -1)}9`, lastUpdated },
    });
    const tied = [
      twin(7, "T7", "2026-01-01"),
      twin(5, "T5", "2026-01-01"),
      twin(6, "T6", "2026-05-01"),
      ...twins.slice(1),
    ];
    expect(referenceMatchingIds(tied, request({ searchPhrase: "alpha" }), ALL_ON)).toEqual([
      "T6",
      "T5",
      "T7",
    ]);
    expect(
      referenceSearch(tied, request({ searchPhrase: "alpha", from: 1, size: 1 }), ALL_ON),
    ).toMatchObject({ total: 3, hssIds: ["T5"] });
  });
});
