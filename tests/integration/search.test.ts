import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows, sql } from "~/db/client.server";
import { applyImport } from "~/models/record-import.server";
import { facetValues, searchRecords, suggestValues } from "~/models/search.server";
import { generateRecord } from "~/records/generate";
import { textChunks } from "~/records/read-items.server";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import {
  availableFilters,
  type EnabledSettings,
  FILTERS,
  FILTERS_BY_ID,
  type ValueFilter,
} from "~/search/filters";
import { indexRecord } from "~/search/index-record";
import { DEFAULT_SEARCH, type SearchRequest } from "~/search/request";
import { parseSearchParams } from "~/search/request.server";
import { termOf, words } from "~/search/text";
import { jsonLines } from "../records";
import { required } from "~/lib/required";

// A fixture catalogue of generated records, with ids and one company unique to this run
// (the PostgreSQL test database is shared): every exact comparison is scoped by that company.
const prefix = `S${randomUUID().slice(0, 8)}`;
const company = `Fixture Holdings ${prefix}`;
const COUNT = 160;
const ALL_ON = { enableStubRecords: true, enableMaaIndications: true };

function fixture(): HssRecord[] {
  return Array.from({ length: COUNT }, (_, index) => {
    const text = JSON.stringify(
      generateRecord(index, { catalogueSize: COUNT, today: "2026-11-01" }),
    ).replaceAll("HSS-", `${prefix}-`);
    const doc = JSON.parse(text);
    doc.organisations.push({ name: company, role: "Co-developer" });
    return recordSchema.parse(doc);
  });
}

const docs = fixture();
const request = (overrides: Partial<SearchRequest>): SearchRequest => ({
  ...DEFAULT_SEARCH,
  ...overrides,
});
const scoped = (overrides: Partial<SearchRequest> = {}) =>
  request({
    ...overrides,
    basicSearchFilter: [
      { filterId: "company", values: [company] },
      ...(overrides.basicSearchFilter ?? []),
    ],
  });
const search = (req: SearchRequest, settings: EnabledSettings = ALL_ON) =>
  searchRecords(req, settings);
const params = (query: string) => parseSearchParams(new URLSearchParams(query), ALL_ON);

/** Facet counts computed the slow, obvious way from the documents. */
function bruteForceCounts(records: HssRecord[]) {
  const counts = new Map<string, Map<string, number>>();
  for (const filter of FILTERS) {
    if (filter.type === "DatePicker" || !filter.facet) continue;
    const values = new Map<string, number>();
    for (const record of records) {
      for (const value of new Set(
        (filter as ValueFilter).values(record).filter(Boolean) as string[],
      ))
        values.set(value, (values.get(value) ?? 0) + 1);
    }
    counts.set(filter.id, values);
  }
  return counts;
}

/** The top values a facet shows, as [value, count], from brute-force counts. */
function top(counts: Map<string, number> | undefined, limit = 10) {
  return [...(counts ?? new Map<string, number>())]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit);
}

beforeAll(async () => {
  await applyImport(() => textChunks(jsonLines(docs)), {
    mode: "publish",
    source: "cli",
    filename: "search-fixture.jsonl",
  });
});

describe("facet counts", () => {
  it("equal a brute-force count over the whole published catalogue (the kept counts)", async () => {
    const db = await getDb();
    const all = await queryRows<{ document: HssRecord }>(
      db,
      sql`SELECT v.document FROM records r JOIN record_versions v ON v.id = r.published_version_id`,
    );
    const expected = bruteForceCounts(all.map((row) => row.document));
    const result = await search(request({ isAdvancedSearch: true }));
    expect(result.total).toBe(all.length);
    const facetIds = availableFilters(ALL_ON)
      .filter((filter) => filter.facet)
      .map((filter) => filter.id);
    expect(result.facets.map((facet) => facet.filterId).sort()).toEqual(
      facetIds
        .filter((id) => required(expected.get(id), `brute-force counts of ${id}`).size > 0)
        .sort(),
    );
    for (const facet of result.facets) {
      expect(
        facet.values.map((v) => [v.value, v.count]),
        facet.filterId,
      ).toEqual(top(expected.get(facet.filterId)));
      expect(facet.distinctValues).toBe(expected.get(facet.filterId)?.size);
    }
  });

  it("equal a brute-force count over the records a phrase and filters match", async () => {
    const req = scoped({
      searchPhrase: "cancer OR carcinoma",
      basicSearchFilter: [{ filterId: "firstInClass", values: ["No"] }],
    });
    // Stemmed as the index stems: "cancers" is "cancer".
    const mentions = (doc: HssRecord) =>
      Object.values(indexRecord(doc).text)
        .flat()
        .some((value) =>
          words(value).some((word) =>
            [termOf("cancer"), termOf("carcinoma")].includes(termOf(word)),
          ),
        );
    const records = docs.filter((doc) => mentions(doc) && !doc.firstInClass);
    expect(records.length).toBeGreaterThan(5);
    const result = await search({ ...req, isAdvancedSearch: true });
    expect(result.total).toBe(records.length);
    const expected = bruteForceCounts(records);
    for (const facet of result.facets) {
      if (facet.filterId === "company" || facet.filterId === "firstInClass") continue; // counted without their own selection: below
      expect(
        facet.values.map((v) => [v.value, v.count]),
        facet.filterId,
      ).toEqual(top(expected.get(facet.filterId)));
    }
  });

  it("count a selected OR facet without its own selection, so its other values stay choosable", async () => {
    const statuses = top(bruteForceCounts(docs).get("euRegulatoryStatus"), 2).map(
      ([value]) => value,
    );
    const result = await search(
      scoped({ basicSearchFilter: [{ filterId: "euRegulatoryStatus", values: [statuses[0]] }] }),
    );
    const facet = required(
      result.facets.find((f) => f.filterId === "euRegulatoryStatus"),
      "the EU status facet",
    );
    const expected = required(bruteForceCounts(docs).get("euRegulatoryStatus"), "EU statuses");
    expect(facet.values.find((v) => v.value === statuses[1])?.count).toBe(
      expected.get(statuses[1]),
    );
    expect(facet.values.find((v) => v.value === statuses[0])).toMatchObject({
      selected: true,
      count: expected.get(statuses[0]),
    });
    expect(result.total).toBe(expected.get(statuses[0]));
  });

  it("stay right after a record changes (the kept counts move with it)", async () => {
    const changed = structuredClone(docs[0]);
    const before = changed.recordStatus;
    changed.recordStatus = before === "Archived" ? "Active" : "Archived";
    changed.lastUpdated = "2026-11-02";
    await applyImport(() => textChunks(jsonLines([changed])), {
      mode: "publish",
      source: "cli",
      filename: "change.jsonl",
    });
    const db = await getDb();
    const all = await queryRows<{ document: HssRecord }>(
      db,
      sql`SELECT v.document FROM records r JOIN record_versions v ON v.id = r.published_version_id`,
    );
    const expected = bruteForceCounts(all.map((row) => row.document));
    const result = await search(request({}));
    const facet = required(
      result.facets.find((f) => f.filterId === "recordStatus"),
      "the record status facet",
    );
    expect(facet.values.map((v) => [v.value, v.count])).toEqual(top(expected.get("recordStatus")));
    // Put it back for the other tests.
    await applyImport(() => textChunks(jsonLines([docs[0]])), {
      mode: "publish",
      source: "cli",
      filename: "back.jsonl",
    });
  });

  it("page through every value of a filter on the more page, by count or A-Z, and find values by text", async () => {
    const expected = required(bruteForceCounts(docs).get("company"), "companies");
    const byCount = await facetValues(scoped(), ALL_ON, "company", { sort: "count", page: 1 });
    // The company filter is OR-able: its own selection is left out, so every company of the catalogue counts.
    expect(byCount.total).toBeGreaterThanOrEqual(expected.size);
    const az = await facetValues(
      scoped({ basicSearchFilter: [{ filterId: "recordStatus", values: ["Active"] }] }),
      ALL_ON,
      "drugClass",
      { sort: "az", page: 1 },
    );
    const values = az.values.map((v) => v.value);
    expect(values).toEqual([...values].sort((a, b) => a.localeCompare(b)));
    const activeDocs = docs.filter((doc) => doc.recordStatus === "Active");
    expect(az.total).toBe(new Set(activeDocs.map((doc) => doc.activeCompound.drugClass)).size);
    const found = await facetValues(scoped(), ALL_ON, "company", {
      sort: "az",
      page: 1,
      contains: prefix.toLowerCase(),
    });
    expect(found.values).toEqual([{ value: company, count: COUNT, selected: true }]);
  });
});

describe("phrase syntax", () => {
  const first = docs[0];
  const other = required(
    docs.find((doc) => doc.activeCompound.substanceName !== first.activeCompound.substanceName),
    "a record with another substance",
  );
  const hitIds = async (phrase: string) =>
    (await search(scoped({ searchPhrase: phrase, size: 100 }))).hits.map((hit) => hit.hssId);

  it("finds a word, stemmed", async () => {
    expect(await hitIds(first.activeCompound.substanceName)).toContain(first.hssId);
  });

  it("finds a quoted phrase only in that order", async () => {
    const words = first.estimatedIndication.indication.split(/\s+/).slice(0, 2);
    expect(await hitIds(`"${words.join(" ")}"`)).toContain(first.hssId);
    const reversed = await hitIds(
      `"${[...words].reverse().join(" ")}" ${first.activeCompound.substanceName}`,
    );
    expect(reversed).not.toContain(first.hssId);
  });

  it("joins alternatives with OR", async () => {
    const ids = await hitIds(
      `${first.activeCompound.substanceName} OR ${other.activeCompound.substanceName}`,
    );
    expect(ids).toEqual(expect.arrayContaining([first.hssId, other.hssId]));
  });

  it("leaves out -excluded words", async () => {
    const all = await search(scoped({ searchPhrase: prefix }));
    const without = await search(
      scoped({ searchPhrase: `${prefix} -${first.activeCompound.substanceName}`, size: 100 }),
    );
    expect(all.total).toBe(COUNT);
    expect(without.hits.map((hit) => hit.hssId)).not.toContain(first.hssId);
    const sameSubstance = docs.filter(
      (doc) => doc.activeCompound.substanceName === first.activeCompound.substanceName,
    ).length;
    expect(without.total).toBe(COUNT - sameSubstance);
  });

  it("matches a prefix*", async () => {
    expect(await hitIds(`${first.activeCompound.substanceName.slice(0, 5)}*`)).toContain(
      first.hssId,
    );
  });

  it("highlights matched words and ranks title matches first", async () => {
    const result = await search(scoped({ searchPhrase: first.activeCompound.substanceName }));
    const hit = required(
      result.hits.find((h) => h.hssId === first.hssId),
      "the record among the hits",
    );
    expect(hit.titleHighlight).toContain("\uE000");
  });

  it('offers "Did you mean" for a misspelt name', async () => {
    const name = first.activeCompound.substanceName.toLowerCase();
    const misspelt = name.slice(0, 3) + name.slice(4);
    const result = await search(scoped({ searchPhrase: misspelt }));
    expect(result.total).toBe(0);
    expect(result.suggestion).toBe(name);
  });
});

describe("filters", () => {
  it("joins values of one filter by OR and different filters by AND", async () => {
    const [a, b] = top(bruteForceCounts(docs).get("therapeuticArea"), 2).map(([value]) => value);
    const result = await search(
      scoped({
        size: 100,
        basicSearchFilter: [
          { filterId: "therapeuticArea", values: [a, b] },
          { filterId: "recordStatus", values: ["Active"] },
        ],
      }),
    );
    const expected = docs.filter(
      (doc) =>
        [a, b].includes(doc.estimatedIndication.therapeuticArea) && doc.recordStatus === "Active",
    );
    expect(result.total).toBe(expected.length);
  });

  it("reads boolean filters as Yes or No", async () => {
    const result = await search(
      scoped({ basicSearchFilter: [{ filterId: "firstInClass", values: ["Yes"] }] }),
    );
    expect(result.total).toBe(docs.filter((doc) => doc.firstInClass).length);
  });

  it("filters by last-updated and EU event date ranges, with an event name", async () => {
    const inRange = docs.filter(
      (doc) => doc.lastUpdated >= "2026-01-01" && doc.lastUpdated <= "2026-06-30",
    );
    expect(
      (await search(scoped({ lastUpdatedDateFrom: "2026-01-01", lastUpdatedDateTo: "2026-06-30" })))
        .total,
    ).toBe(inRange.length);
    const event = docs.flatMap((doc) => doc.regulatoryInformation.ema.events)[0];
    const withEvent = docs.filter((doc) =>
      doc.regulatoryInformation.ema.events.some(
        (e) => e.event === event.event && e.date >= "2020-01-01" && e.date <= "2026-12-31",
      ),
    );
    const result = await search(
      scoped({
        emaTimelineFrom: "2020-01-01",
        emaTimelineTo: "2026-12-31",
        emaEventsByDateRangeAndEventNameFilter: { eventName: event.event },
      }),
    );
    expect(result.total).toBe(withEvent.length);
  });

  it("runs an advanced search with contains, is not and an OR", async () => {
    const first = docs[0];
    const [areaA, areaB] = top(bruteForceCounts(docs).get("therapeuticArea"), 2).map(
      ([value]) => value,
    );
    const result = await search(
      scoped({
        size: 100,
        isAdvancedSearch: true,
        advanceSearchFilter: [
          {
            filterId: "therapeuticArea",
            operator: "is",
            fieldValue: areaA,
            dateFrom: "",
            dateTo: "",
            join: "and",
          },
          {
            filterId: "recordStatus",
            operator: "isNot",
            fieldValue: "Archived",
            dateFrom: "",
            dateTo: "",
            join: "and",
          },
          {
            filterId: "therapeuticArea",
            operator: "contains",
            fieldValue: areaB.slice(1, -1).toLowerCase(),
            dateFrom: "",
            dateTo: "",
            join: "or",
          },
        ],
      }),
    );
    const expected = docs.filter(
      (doc) =>
        (doc.estimatedIndication.therapeuticArea === areaA && doc.recordStatus !== "Archived") ||
        doc.estimatedIndication.therapeuticArea
          .toLowerCase()
          .includes(areaB.slice(1, -1).toLowerCase()),
    );
    expect(result.total).toBe(expected.length);
    expect(first).toBeDefined();
  });

  it("matches free-text fields by contains (a trial id) and by is, in any case", async () => {
    const withTrials = docs.filter(
      (doc) => doc.clinicalTrials.usClinicalTrialRegistries.length > 0,
    );
    const trialId = withTrials[0].clinicalTrials.usClinicalTrialRegistries[0].trialId;
    const fragment = trialId.slice(3, -1).toLowerCase();
    const holders = docs.filter((doc) =>
      [
        ...doc.clinicalTrials.euClinicalTrialRegistries,
        ...doc.clinicalTrials.usClinicalTrialRegistries,
      ].some((t) => t.trialId.toLowerCase().includes(fragment)),
    );
    const contains = await search(
      scoped({
        isAdvancedSearch: true,
        advanceSearchFilter: [
          {
            filterId: "trialId",
            operator: "contains",
            fieldValue: fragment,
            dateFrom: "",
            dateTo: "",
            join: "and",
          },
        ],
      }),
    );
    expect(contains.total).toBe(holders.length);
    const exact = await search(
      scoped({
        isAdvancedSearch: true,
        advanceSearchFilter: [
          {
            filterId: "title",
            operator: "is",
            fieldValue: docs[3].title.toUpperCase(),
            dateFrom: "",
            dateTo: "",
            join: "and",
          },
        ],
      }),
    );
    expect(exact.hits.map((hit) => hit.hssId)).toEqual([docs[3].hssId]);
  });

  it("uses Stub Record Available and the MAA filters only when the settings enable them", async () => {
    const stub = scoped({ basicSearchFilter: [{ filterId: "stubRecord", values: ["Yes"] }] });
    const stubs = docs.filter((doc) => doc.stubRecord).length;
    expect(stubs).toBeGreaterThan(0);
    expect((await search(stub)).total).toBe(stubs);
    expect(
      (await search(stub, { enableStubRecords: false, enableMaaIndications: false })).total,
    ).toBe(COUNT);
    const off = parseSearchParams(new URLSearchParams(`f=stubRecord:Yes&f=euMaaIndications:x`), {});
    expect(off.request.basicSearchFilter).toEqual([]);
    expect(off.notices).toHaveLength(2);
    expect((await search(request({}), {})).facets.map((f) => f.filterId)).not.toContain(
      "stubRecord",
    );
  });
});

describe("sorting and paging", () => {
  it("sorts by title, by last updated, and pages 20 at a time", async () => {
    const byTitle = await search(scoped({ sortBy: "title", sortOrder: "asc" }));
    const titles = docs.map((doc) => doc.title).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(byTitle.hits.map((hit) => hit.title)).toEqual(titles.slice(0, 20));
    const second = await search(scoped({ sortBy: "title", sortOrder: "asc", from: 20 }));
    expect(second.hits.map((hit) => hit.title)).toEqual(titles.slice(20, 40));
    const newest = await search(scoped({ sortBy: "lastUpdated" }));
    const dates = newest.hits.map((hit) => hit.lastUpdated);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe(
      docs
        .map((doc) => doc.lastUpdated)
        .sort()
        .at(-1),
    );
  });
});

describe("reading a search from the URL", () => {
  it("reads the phrase, filters, dates, sort and page", () => {
    const { request: req, notices } = params(
      "q=lung%20cancer&f=company:Acme&f=company:Brill&luFrom=2026-01-01&sort=title&order=asc&page=3",
    );
    expect(notices).toEqual([]);
    expect(req).toMatchObject({
      searchPhrase: "lung cancer",
      basicSearchFilter: [{ filterId: "company", values: ["Acme", "Brill"] }],
      lastUpdatedDateFrom: "2026-01-01",
      sortBy: "title",
      sortOrder: "asc",
      from: 40,
      size: 20,
    });
  });

  it("reads a value typed into a filter box (f.filter=value) as a filter", () => {
    const { request: req } = params("f.substanceName=micesertib&f.substanceName=&f=company:Acme");
    expect(req.basicSearchFilter).toEqual([
      { filterId: "company", values: ["Acme"] },
      { filterId: "substanceName", values: ["micesertib"] },
    ]);
  });

  it("explains and drops what it cannot use, never throwing", () => {
    const { request: req, notices } = params(
      `q=${"x".repeat(600)}&f=nosuch:1&luFrom=2026-02-30&page=-4&sort=drop%20table&size=7`,
    );
    expect(req.searchPhrase).toHaveLength(500);
    expect(req.basicSearchFilter).toEqual([]);
    expect(req.lastUpdatedDateFrom).toBeNull();
    expect(req.from).toBe(0);
    expect(req.sortBy).toBeNull();
    expect(notices.length).toBe(5);
  });

  it("names the row and the field of a bad advanced row", () => {
    const { rowErrors } = parseSearchParams(
      new URLSearchParams(
        "field=lastUpdated&op=contains&value=x&dateFrom=&dateTo=&join=and&field=company&op=is&value=&dateFrom=&dateTo=&join=or",
      ),
      ALL_ON,
      { advanced: true },
    );
    expect(rowErrors).toEqual([
      {
        row: 0,
        field: "op",
        message: 'Row 1: Last updated is a date: choose "between dates"',
        inline: 'Last updated is a date: choose "between dates"',
      },
      {
        row: 1,
        field: "value",
        message: "Row 2: Enter a value for Company",
        inline: "Enter a value for Company",
      },
    ]);
  });
});

describe("suggestions", () => {
  it("suggests values that start with, then contain, what was typed", async () => {
    const values = await suggestValues("company", prefix.slice(0, 6));
    expect(values.map((v) => v.value)).toContain(company);
    expect(FILTERS_BY_ID.get("company")?.type).toBe("AutoComplete");
  });
});
