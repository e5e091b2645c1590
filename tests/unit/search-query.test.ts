import { describe, expect, it } from "vitest";
import { buildQuery } from "~/search/build-query";
import { quotedPhrase } from "~/search/phrase";
import { NEXT_OR_LAST_TAG } from "~/search/query";
import { DEFAULT_SEARCH, type SearchRequest } from "~/search/request";

const settings = { enableStubRecords: true, enableMaaIndications: false };
const today = "2025-06-01";
const request = (overrides: Partial<SearchRequest>): SearchRequest => ({
  ...DEFAULT_SEARCH,
  ...overrides,
});
const row = (
  filterId: string,
  operator: "contains" | "is" | "isNot" | "between",
  fieldValue: string,
  join: "and" | "or" = "and",
) => ({ filterId, operator, fieldValue, dateFrom: "", dateTo: "", join });

describe("the query a search request stands for", () => {
  it("is no clause at all for the default search, and not ranked", () => {
    expect(buildQuery(DEFAULT_SEARCH, settings, today)).toEqual({
      clauses: [],
      ranked: false,
      scored: [],
    });
  });

  it("reads the phrase box as OR of groups, each its terms and NOT its negated ones", () => {
    const query = buildQuery(
      request({ searchPhrase: "cancer OR lymphoma -adults" }),
      settings,
      today,
    );
    expect(query.ranked).toBe(true);
    expect(query.clauses).toEqual([
      {
        tag: null,
        node: {
          kind: "or",
          clauses: [
            { kind: "term", key: "t:cancer", term: "cancer" },
            {
              kind: "and",
              clauses: [
                { kind: "term", key: "t:lymphoma", term: "lymphoma" },
                { kind: "not", clause: { kind: "term", key: "t:adult", term: "adult" } },
              ],
            },
          ],
        },
      },
    ]);
    expect(query.scored.map((term) => term.key)).toEqual(["t:cancer", "t:lymphoma"]);
  });

  it("keeps a phrase of stop words only as a clause that matches nothing", () => {
    const query = buildQuery(request({ searchPhrase: "the" }), settings, today);
    expect(query.clauses).toEqual([{ tag: null, node: { kind: "or", clauses: [] } }]);
  });

  it("tags each basic filter with its id, leaving out filters behind a setting that is off", () => {
    const query = buildQuery(
      request({
        basicSearchFilter: [
          { filterId: "company", values: ["A", "B"] },
          { filterId: "firstInClass", values: ["Yes"] },
          { filterId: "euMaaIndications", values: ["x"] },
          { filterId: "noSuchFilter", values: ["x"] },
        ],
      }),
      settings,
      today,
    );
    expect(query.clauses).toEqual([
      {
        tag: "company",
        node: { kind: "values", filterId: "company", values: ["A", "B"], match: "any" },
      },
      {
        tag: "firstInClass",
        node: { kind: "values", filterId: "firstInClass", values: ["Yes"], match: "all" },
      },
    ]);
  });

  it("turns dates into day ranges, and the next or last EU event years into a tagged clause", () => {
    const query = buildQuery(
      request({
        lastUpdatedDateFrom: "2025-01-01",
        emaTimelineTo: "2024-12-31",
        emaEventsByDateRangeAndEventNameFilter: { eventName: "CHMP opinion" },
        emaNextOrLastEventYearFrom: 2024,
      }),
      settings,
      today,
    );
    expect(query.clauses).toEqual([
      {
        tag: null,
        node: {
          kind: "dateRange",
          filterId: "lastUpdated",
          from: 20250101,
          to: null,
          eventName: null,
        },
      },
      {
        tag: null,
        node: {
          kind: "dateRange",
          filterId: "euEventDates",
          from: null,
          to: 20241231,
          eventName: "CHMP opinion",
        },
      },
      {
        tag: NEXT_OR_LAST_TAG,
        node: { kind: "nextOrLast", fromYear: 2024, toYear: null, today: 20250601 },
      },
    ]);
  });

  it("joins advanced rows in runs of AND, the runs by OR, the first row's join unread", () => {
    const query = buildQuery(
      request({
        isAdvancedSearch: true,
        advanceSearchFilter: [
          row("company", "contains", "Nor", "or"),
          row("recordStatus", "isNot", "Active"),
          row("therapeuticArea", "is", "Oncology", "or"),
          { ...row("euEventDates", "between", ""), dateFrom: "2024-01-01" },
        ],
      }),
      settings,
      today,
    );
    expect(query.clauses).toEqual([
      {
        tag: null,
        node: {
          kind: "or",
          clauses: [
            {
              kind: "and",
              clauses: [
                { kind: "valueText", filterId: "company", text: "nor", match: "contains" },
                {
                  kind: "not",
                  clause: {
                    kind: "valueText",
                    filterId: "recordStatus",
                    text: "active",
                    match: "equals",
                  },
                },
              ],
            },
            {
              kind: "and",
              clauses: [
                {
                  kind: "valueText",
                  filterId: "therapeuticArea",
                  text: "oncology",
                  match: "equals",
                },
                {
                  kind: "dateRange",
                  filterId: "euEventDates",
                  from: 20240101,
                  to: null,
                  eventName: null,
                },
              ],
            },
          ],
        },
      },
    ]);
  });
});

describe("the phrase as the results line quotes it", () => {
  it("puts it in curly quotes once, keeping quotes that group words inside a longer phrase", () => {
    expect(quotedPhrase("cancer")).toBe("“cancer”");
    expect(quotedPhrase(' "phase iii" ')).toBe("“phase iii”");
    expect(quotedPhrase('"phase iii" cancer')).toBe('“"phase iii" cancer”');
    expect(quotedPhrase('"phase iii" OR "phase ii"')).toBe('“"phase iii" OR "phase ii"”');
    expect(quotedPhrase('-"phase iii"')).toBe('“-"phase iii"”');
    expect(quotedPhrase('""')).toBe('“""”');
  });
});
