import { randomUUID } from "node:crypto";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import {
  activitySummary,
  deleteSavedSearchOperation,
  getCachedFacets,
  getChangeLog,
  getChangeLogPreview,
  getKernelDetails,
  getKernelPreviewDetails,
  getSavedSearch,
  getSavedSearches,
  saveSearchOperation,
  saveUserActivity,
  search,
} from "~/api/operations/search.server";
import { getDb, queryRows, sql } from "~/db/client.server";
import { applyImport } from "~/models/record-import.server";
import { generateRecord } from "~/records/generate";
import { textChunks } from "~/records/read-items.server";
import { makeUser } from "../factories";
import { jsonLines, progressedExample } from "../records";
import { callApi, expectFailure, expectValid, tokenFor } from "./support/api";

// 25 records sharing a company unique to this run (the PostgreSQL database is shared).
const prefix = `A${randomUUID().slice(0, 8)}`;
const company = `Api Fixture ${prefix}`;
const COUNT = 25;
const docs = Array.from({ length: COUNT }, (_, index) => {
  const doc = JSON.parse(
    JSON.stringify(generateRecord(index, { catalogueSize: COUNT, today: "2026-11-01" })).replaceAll(
      "HSS-",
      `${prefix}-`,
    ),
  );
  doc.organisations.push({ name: company, role: "Co-developer" });
  return doc;
});
const byCompany = { basicSearchFilter: [{ filterId: "company", values: [company] }] };
const first = docs[0].hssId as string;

beforeAll(async () => {
  const publish = (records: unknown[], mode: "publish" | "preview") =>
    applyImport(() => textChunks(jsonLines(records)), {
      mode,
      source: "cli",
      filename: "api-fixture.jsonl",
    });
  await publish(docs, "publish");
  // A published change to the first record, then a staged one (for the previews).
  await publish([progressedExample(docs[0])], "publish");
  await publish([{ ...docs[0], title: `Staged title ${prefix}` }], "preview");
});

describe("the API's search, records and saved searches", () => {
  it("searches with filter groups and answers hits, totals, facets and the request as understood", async () => {
    const member = await makeUser();
    const token = await tokenFor(member);
    const answer = expectValid(
      await callApi("POST", "/search/search", {
        token,
        body: { ...byCompany, size: 10, from: 10, sortBy: "title", sortOrder: "asc" },
      }),
      search.response,
    );
    expect(answer.totalHits).toBe(COUNT);
    expect(answer.hits).toHaveLength(10);
    const titles = answer.hits.map((hit) => hit.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(answer.originalRequest).toMatchObject({ size: 10, from: 10, searchPhrase: "*" });
    expect(answer.facets.find((group) => group.filterId === "company")?.values).toContainEqual({
      value: company,
      count: COUNT,
      selected: true,
    });
    // An advanced row and the EU event filter, with the defaults for what is left out.
    const advanced = expectValid(
      await callApi("POST", "/search/search", {
        token,
        body: {
          ...byCompany,
          isAdvancedSearch: true,
          advanceSearchFilter: [{ filterId: "company", operator: "is", fieldValue: company }],
        },
      }),
      search.response,
    );
    expect(advanced.totalHits).toBe(COUNT);
    expect(advanced.originalRequest.size).toBe(20);

    // A new search (from 0, not the bare catalogue) is the user's activity, as on the page.
    await callApi("POST", "/search/search", { token, body: { searchPhrase: prefix } });
    const summary = expectValid(
      await callApi("GET", "/userActivity/activitysummary", { token }),
      activitySummary.response,
    );
    expect(summary.recentSearches[0].query).toContain(prefix);
  });

  it("refuses a malformed search with field errors in the advanced form's words", async () => {
    const token = await tokenFor(await makeUser());
    const wrong = await callApi("POST", "/search/search", {
      token,
      body: {
        size: "ten",
        basicSearchFilter: [{ filterId: "nosuchfilter", values: ["x"] }],
      },
    });
    expectFailure(wrong, 400, "VALIDATION_FAILED");
    expect(Object.keys((wrong.body as { errors: object }).errors)).toEqual(["body.size"]);
    const rules = await callApi("POST", "/search/search", {
      token,
      body: {
        basicSearchFilter: [{ filterId: "nosuchfilter", values: ["x"] }],
        isAdvancedSearch: true,
        advanceSearchFilter: [{ filterId: "lastUpdated", operator: "contains", fieldValue: "x" }],
      },
    });
    expectFailure(rules, 400, "VALIDATION_FAILED");
    expect((rules.body as { errors: Record<string, string[]> }).errors).toMatchObject({
      "body.basicSearchFilter.0.filterId": [expect.stringContaining("is not a filter here")],
      "body.advanceSearchFilter.0.operator": [expect.stringMatching(/^Row 1: .* is a date/)],
    });
  });

  it("answers a facet's values with counts, the substance name as 'compound'", async () => {
    const token = await tokenFor(await makeUser());
    const statuses = expectValid(
      await callApi("POST", "/search/getcachedfacets", {
        token,
        body: { facetName: "company", searchPhrase: prefix, size: 5 },
      }),
      getCachedFacets.response,
    );
    expect(statuses.values).toContainEqual({ value: company, count: COUNT });
    const compound = expectValid(
      await callApi("POST", "/search/getcachedfacets", { token, body: { searchPhrase: prefix } }),
      getCachedFacets.response,
    );
    expect(compound.label).toBe("Substance name");
    expect(compound.values.length).toBeGreaterThan(0);
    expectFailure(
      await callApi("POST", "/search/getcachedfacets", { token, body: { facetName: "nope" } }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("reads a record and its change log; previews and their logs are for content staff only", async () => {
    const member = await makeUser();
    const token = await tokenFor(member);
    const record = expectValid(
      await callApi("GET", "/search/getkerneldetails", { token, query: { hssId: first } }),
      getKernelDetails.response,
    );
    expect(record.record.hssId).toBe(first);
    expect(record.state).toBe("published");
    const log = expectValid(
      await callApi("GET", "/recordchangelog/getbyhssid", { token, query: { hssId: first } }),
      getChangeLog.response,
    );
    expect(log.recordChangeLogs.length).toBeGreaterThan(0);
    expect(log.recordChangeLogs.every((entry) => entry.state !== "staged")).toBe(true);
    // Viewing is activity.
    const summary = expectValid(
      await callApi("GET", "/userActivity/activitysummary", { token }),
      activitySummary.response,
    );
    expect(summary.recentlyViewedRecords[0].hssId).toBe(first);

    expectFailure(
      await callApi("GET", "/search/getkerneldetails", {
        token,
        query: { hssId: `${prefix}-999999` },
      }),
      404,
      "NOT_FOUND",
    );
    for (const previewPath of [
      "/search/getkernelpreviewdetails",
      "/recordchangelogpreview/getbyhssid",
    ]) {
      const refused = await callApi("GET", previewPath, { token, query: { hssId: first } });
      expectFailure(refused, 403, "FORBIDDEN");
      expect(refused.body).toMatchObject({ message: "Forbidden" });
    }
    const editorToken = await tokenFor(await makeUser({ roles: ["editor"] }));
    const preview = expectValid(
      await callApi("GET", "/search/getkernelpreviewdetails", {
        token: editorToken,
        query: { hssId: first },
      }),
      getKernelPreviewDetails.response,
    );
    expect(preview.state).toBe("staged");
    expect(preview.record.title).toBe(`Staged title ${prefix}`);
    const previewLog = expectValid(
      await callApi("GET", "/recordchangelogpreview/getbyhssid", {
        token: editorToken,
        query: { hssId: first },
      }),
      getChangeLogPreview.response,
    );
    expect(previewLog.recordChangeLogs.some((entry) => entry.state === "staged")).toBe(true);
  });

  it("saves, lists, reads and deletes saved searches, each user's own", async () => {
    const member = await makeUser();
    const token = await tokenFor(member);
    expectFailure(
      await callApi("POST", "/search/savesearch", { token, body: { title: "No request" } }),
      400,
      "NO_SEARCH_REQUEST",
    );
    expect(
      (await callApi("POST", "/search/savesearch", { token, body: { title: "No request" } })).body,
    ).toMatchObject({ message: "No search request found" });
    const saved = expectValid(
      await callApi("POST", "/search/savesearch", {
        token,
        body: { title: "Fixture", savedSearchRequest: byCompany },
      }),
      saveSearchOperation.response,
      201,
    );
    expect(saved.savedSearchRequest.basicSearchFilter).toEqual(byCompany.basicSearchFilter);
    const one = expectValid(
      await callApi("GET", "/search/getsavedsearch", {
        token,
        query: { uniqueId: saved.uniqueId },
      }),
      getSavedSearch.response,
    );
    expect(one.title).toBe("Fixture");
    const list = expectValid(
      await callApi("POST", "/search/getsavedsearches", { token, body: { from: 0, size: 10 } }),
      getSavedSearches.response,
    );
    expect(list.savedSearches.map((row) => row.uniqueId)).toEqual([saved.uniqueId]);
    // Another user sees none of it.
    const otherToken = await tokenFor(await makeUser());
    expectFailure(
      await callApi("GET", "/search/getsavedsearch", {
        token: otherToken,
        query: { uniqueId: saved.uniqueId },
      }),
      404,
      "NOT_FOUND",
    );
    expectValid(
      await callApi("GET", "/search/deletesavedsearch", {
        token,
        query: { uniqueId: saved.uniqueId },
      }),
      deleteSavedSearchOperation.response,
    );
    expect(
      expectValid(
        await callApi("POST", "/search/getsavedsearches", { token }),
        getSavedSearches.response,
      ).totalHits,
    ).toBe(0);
  });

  it("records views and searches sent as activity, refusing an unknown record", async () => {
    const token = await tokenFor(await makeUser());
    expectValid(
      await callApi("POST", "/userActivity/saveuseractivity", {
        token,
        body: { activityType: "view", activityValue: docs[3].hssId },
      }),
      saveUserActivity.response,
    );
    const summary = expectValid(
      await callApi("GET", "/userActivity/activitysummary", { token, query: { take: 1 } }),
      activitySummary.response,
    );
    expect(summary.recentlyViewedRecords).toEqual([
      expect.objectContaining({ hssId: docs[3].hssId }),
    ]);
    expectFailure(
      await callApi("POST", "/userActivity/saveuseractivity", {
        token,
        body: { activityType: "view", activityValue: `${prefix}-999999` },
      }),
      404,
      "NOT_FOUND",
    );
    expectFailure(
      await callApi("POST", "/userActivity/saveuseractivity", {
        token,
        body: { activityType: "download", activityValue: "x" },
      }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("exports the named records, or a search's results, as a file, and refuses more than an API export takes", async () => {
    const member = await makeUser();
    const token = await tokenFor(member);
    const named = await callApi("POST", "/export", {
      token,
      body: {
        exportFormat: "csv",
        hssIdsToExport: [docs[2].hssId, docs[1].hssId, `${prefix}-999999`],
      },
    });
    expect(named.status).toBe(200);
    expect(named.headers.get("Content-Disposition")).toBe('attachment; filename="export.csv"');
    const rows = Papa.parse<string[]>(String(named.body).replace(/^\uFEFF/, ""), {
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(3);
    expect(rows[1].join(" ")).toContain(docs[2].hssId);
    expect(rows[2].join(" ")).toContain(docs[1].hssId);

    const all = await callApi("POST", "/export", {
      token,
      body: { exportFormat: "xml", exportAll: true, ...byCompany },
    });
    expect(all.status).toBe(200);
    expect(all.headers.get("X-Record-Count")).toBe(String(COUNT));
    const db = await getDb();
    const [{ count }] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM user_activity WHERE user_id = ${member.id} AND activity_type = 'export'`,
    );
    expect(count).toBe(2);

    expectFailure(
      await callApi("POST", "/export", { token, body: { exportFormat: "csv" } }),
      400,
      "VALIDATION_FAILED",
    );
    expectFailure(
      await callApi("POST", "/export", { token, body: { exportFormat: "pdf", exportAll: true } }),
      400,
      "VALIDATION_FAILED",
    );
  });
});
