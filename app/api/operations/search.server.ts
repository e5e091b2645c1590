/**
 * "Activity, search and records" and the record export: the API's calls over the
 * catalogue, answered by the same search index, records and saved searches as /search,
 * /record/{hssId}, the dashboard and /export.
 */
import { createReadStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { z } from "zod";
import { ApiError } from "~/api/errors.server";
import { defineOperation } from "~/api/operation.server";
import { env } from "~/lib/env.server";
import { EXPORT_FORMATS } from "~/export/formats";
import { CONTENT_TYPES } from "~/export/writers.server";
import {
  RECENT_LIMIT,
  recentlyUpdatedRecords,
  recentlyViewedRecords,
  recentSearches,
} from "~/models/activity.server";
import { exportRecordsNow } from "~/models/exports.server";
import { getRecord, recordActivity } from "~/models/records.server";
import {
  deleteSavedSearch,
  listSavedSearches,
  saveSearch,
  titleSchema,
} from "~/models/saved-searches.server";
import { facetValues, MARK_END, MARK_START, searchRecords } from "~/models/search.server";
import { getSiteSettings } from "~/models/settings.server";
import { HSS_ID_PATTERN, recordSchema } from "~/records/schema.server";
import { availableFilters, isCounted } from "~/search/filters";
import { DEFAULT_SEARCH, FACET_PAGE_SIZE, isDefaultSearch, toSearchParams } from "~/search/request";
import { searchRequestSchema } from "~/search/request-schema";
import { checkSearchRequest } from "~/search/request.server";

const ACTIVITY = "Activity, search and records";
const EXPORT = "Export";

const hssIdQuery = z.object({
  hssId: z.string().regex(HSS_ID_PATTERN, "Give the record's HSS ID"),
});

/** The site's filters decide what a request may name: the same checks as the pages. */
async function checkedRequest(request: z.output<typeof searchRequestSchema>, prefix = "body") {
  const settings = await getSiteSettings();
  const errors = checkSearchRequest(request, settings, prefix);
  if (Object.keys(errors).length) throw new ApiError("VALIDATION_FAILED", undefined, { errors });
  return { request: { ...request, searchPhrase: request.searchPhrase || "*" }, settings };
}

const plain = (text: string) => text.replaceAll(MARK_START, "").replaceAll(MARK_END, "");

// ---------------------------------------------------------------- activity

const recentRecord = z.object({ hssId: z.string(), title: z.string(), at: z.iso.datetime() });

export const activitySummary = defineOperation({
  id: "activitySummary",
  method: "GET",
  path: "/userActivity/activitysummary",
  group: ACTIVITY,
  summary:
    "The user's recently viewed records and recent searches, and the recently updated records: the dashboard overview's lists (at most 10 each).",
  access: "user",
  page: "/dashboard/overview",
  query: z.object({
    skip: z.coerce.number().int().min(0).default(0),
    take: z.coerce.number().int().min(1).max(RECENT_LIMIT).default(RECENT_LIMIT),
  }),
  response: z
    .object({
      recentlyViewedRecords: z.array(recentRecord),
      recentSearches: z.array(
        z.object({
          query: z.string().meta({ description: "The search as the /search page's URL query." }),
          at: z.iso.datetime(),
        }),
      ),
      recentlyUpdatedRecords: z.array(recentRecord),
    })
    .meta({ id: "ActivitySummary" }),
  example: { query: { skip: "0", take: "10" } },
  async handle({ user, query }) {
    const userId = required(user).id;
    const [viewed, searches, updated] = await Promise.all([
      recentlyViewedRecords(userId),
      recentSearches(userId),
      recentlyUpdatedRecords(),
    ]);
    const window = <T>(list: T[]) => list.slice(query.skip, query.skip + query.take);
    return {
      recentlyViewedRecords: window(viewed),
      recentSearches: window(searches),
      recentlyUpdatedRecords: window(updated),
    };
  },
});

export const saveUserActivity = defineOperation({
  id: "saveUserActivity",
  method: "POST",
  path: "/userActivity/saveuseractivity",
  group: ACTIVITY,
  summary:
    "Records that the user viewed a record (activityValue: its HSS ID) or ran a search (activityValue: the search as a /search URL query). Viewing a record through the API records it already.",
  access: "user",
  page: "/search",
  body: z.object({
    activityType: z.enum(["search", "view"]),
    activityValue: z.string().trim().min(1).max(2000),
  }),
  response: z.object({ responseCode: z.literal("SUCCESS"), message: z.string() }),
  example: { body: { activityType: "search", activityValue: "q=lymphoma" } },
  async handle({ user, body }) {
    if (body.activityType === "view") {
      const record = HSS_ID_PATTERN.test(body.activityValue)
        ? await getRecord(body.activityValue)
        : null;
      if (!record)
        throw new ApiError("NOT_FOUND", "There is no published record with this HSS ID.");
    }
    await recordActivity(required(user).id, body.activityType, body.activityValue);
    return { responseCode: "SUCCESS" as const, message: "The activity is recorded." };
  },
});

// ---------------------------------------------------------------- search

const searchHit = z
  .object({
    hssId: z.string(),
    title: z.string(),
    snippet: z.string().meta({
      description: "Passages of the indication and summary around the words searched for.",
    }),
    recordStatus: z.string(),
    lastUpdated: z.string(),
    substanceName: z.string(),
    companies: z.array(z.string()),
    indication: z.string(),
    euStatus: z.string(),
    fdaStatus: z.string().nullable(),
  })
  .meta({ id: "SearchHit" });

const facetGroup = z
  .object({
    filterId: z.string(),
    label: z.string(),
    values: z.array(
      z.object({ value: z.string(), count: z.number().int(), selected: z.boolean() }),
    ),
    distinctValues: z.number().int(),
  })
  .meta({ id: "FacetGroup" });

export const search = defineOperation({
  id: "search",
  method: "POST",
  path: "/search/search",
  group: ACTIVITY,
  summary:
    "Runs a search request (phrase, basic filter groups, advanced rows, EU event range, sort, page) and answers the page of hits, the total, the facets and the request as understood.",
  access: "user",
  page: "/search",
  body: searchRequestSchema,
  response: z
    .object({
      totalHits: z.number().int(),
      hits: z.array(searchHit),
      facets: z.array(facetGroup),
      suggestion: z
        .string()
        .nullable()
        .meta({ description: "Did you mean: a corrected phrase, when nothing was found." }),
      originalRequest: searchRequestSchema,
    })
    .meta({ id: "SearchResponse" }),
  example: {
    body: {
      searchPhrase: "lymphoma",
      basicSearchFilter: [{ filterId: "recordStatus", values: ["Active"] }],
      size: 20,
      from: 0,
    },
  },
  async handle({ user, body }) {
    const { request, settings } = await checkedRequest(body);
    const result = await searchRecords(request, settings);
    // A new search is user activity, as on the page (not a later page, nor the bare catalogue).
    if (request.from === 0 && !isDefaultSearch(request))
      await recordActivity(required(user).id, "search", toSearchParams(request).toString());
    return {
      totalHits: result.total,
      hits: result.hits.map(({ titleHighlight: _marked, ...hit }) => ({
        ...hit,
        snippet: plain(hit.snippet),
      })),
      facets: result.facets,
      suggestion: result.suggestion,
      originalRequest: request,
    };
  },
});

export const getCachedFacets = defineOperation({
  id: "getCachedFacets",
  method: "POST",
  path: "/search/getcachedfacets",
  group: ACTIVITY,
  summary:
    "Every value of one filter over the records a phrase finds, most common first, with counts: the facet's 'more' page. facetName 'compound' is the substance name.",
  access: "user",
  page: "/search/facet/recordStatus",
  body: z.object({
    size: z.number().int().min(1).max(100).default(100),
    from: z.number().int().min(0).max(10_000).default(0),
    facetName: z.string().min(1).max(100).default("compound"),
    searchPhrase: z.string().trim().max(500).default("*"),
  }),
  response: z
    .object({
      facetName: z.string(),
      label: z.string(),
      total: z.number().int().meta({ description: "How many distinct values there are." }),
      values: z.array(z.object({ value: z.string(), count: z.number().int() })),
    })
    .meta({ id: "FacetValues" }),
  example: { body: { facetName: "recordStatus", searchPhrase: "*", size: 100, from: 0 } },
  async handle({ body }) {
    const settings = await getSiteSettings();
    // The earlier client called the substance name facet 'compound'.
    const filterId = body.facetName === "compound" ? "substanceName" : body.facetName;
    const filter = availableFilters(settings).find((candidate) => candidate.id === filterId);
    if (!filter || filter.type === "DatePicker" || !isCounted(filter))
      throw new ApiError("VALIDATION_FAILED", undefined, {
        errors: {
          "body.facetName": [`"${body.facetName.slice(0, 60)}" is not a filter with values`],
        },
      });
    const request = { ...DEFAULT_SEARCH, searchPhrase: body.searchPhrase || "*" };
    // The index pages values FACET_PAGE_SIZE at a time: read the pages the window covers.
    const values: Array<{ value: string; count: number }> = [];
    let total = 0;
    const firstPage = Math.floor(body.from / FACET_PAGE_SIZE) + 1;
    const lastPage = Math.floor((body.from + body.size - 1) / FACET_PAGE_SIZE) + 1;
    for (let page = firstPage; page <= lastPage; page++) {
      const answer = await facetValues(request, settings, filterId, { sort: "count", page });
      total = answer.total;
      values.push(...answer.values.map(({ value, count }) => ({ value, count })));
    }
    const skip = body.from - (firstPage - 1) * FACET_PAGE_SIZE;
    return {
      facetName: body.facetName,
      label: filter.label,
      total,
      values: values.slice(skip, skip + body.size),
    };
  },
});

// ---------------------------------------------------------------- records

const changeLogEntry = z
  .object({
    id: z.number().int(),
    changedAt: z.iso.datetime(),
    version: z.number().int(),
    state: z.string(),
    section: z.string(),
    field: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
  })
  .meta({ id: "ChangeLogEntry" });

const recordDetail = z
  .object({
    hssId: z.string(),
    version: z.number().int(),
    state: z.enum(["published", "staged"]),
    versionAt: z.iso.datetime(),
    firstPublishedAt: z.iso.datetime().nullable(),
    record: recordSchema.meta({ id: "Record" }),
    publishedRelated: z.array(z.string()).meta({
      description: "The related records' HSS IDs that are published (the others are not shown).",
    }),
  })
  .meta({ id: "RecordDetail" });

function recordOperation(preview: boolean) {
  return defineOperation({
    id: preview ? "getKernelPreviewDetails" : "getKernelDetails",
    method: "GET",
    path: preview ? "/search/getkernelpreviewdetails" : "/search/getkerneldetails",
    group: ACTIVITY,
    summary: preview
      ? "A record as it will be once its staged version is published (else as published): the record preview page."
      : "A published record, whole: the record page. Counts as the user viewing it.",
    access: preview ? "manageContent" : "user",
    page: preview ? "/record/preview/{hssId}" : "/record/{hssId}",
    query: hssIdQuery,
    response: recordDetail,
    errors: ["NOT_FOUND"],
    example: { query: { hssId: "HSS-000001" } },
    async handle({ user, query }) {
      const view = await getRecord(query.hssId, { preview });
      if (!view) throw new ApiError("NOT_FOUND", "There is no record with this HSS ID.");
      if (!preview) await recordActivity(required(user).id, "view", view.hssId);
      const { document, changeLog: _log, ...rest } = view;
      return { ...rest, record: document };
    },
  });
}

export const getKernelDetails = recordOperation(false);
export const getKernelPreviewDetails = recordOperation(true);

function changeLogOperation(preview: boolean) {
  return defineOperation({
    id: preview ? "getChangeLogPreview" : "getChangeLog",
    method: "GET",
    path: preview ? "/recordchangelogpreview/getbyhssid" : "/recordchangelog/getbyhssid",
    group: ACTIVITY,
    summary: preview
      ? "A record's change log with its staged changes: the record preview page's log."
      : "A published record's change log, newest first: the record page's log.",
    access: preview ? "manageContent" : "user",
    page: preview ? "/record/preview/{hssId}" : "/record/{hssId}",
    query: hssIdQuery,
    response: z.object({ hssId: z.string(), recordChangeLogs: z.array(changeLogEntry) }),
    errors: ["NOT_FOUND"],
    example: { query: { hssId: "HSS-000001" } },
    async handle({ query }) {
      const view = await getRecord(query.hssId, { preview });
      if (!view) throw new ApiError("NOT_FOUND", "There is no record with this HSS ID.");
      return { hssId: view.hssId, recordChangeLogs: view.changeLog };
    },
  });
}

export const getChangeLog = changeLogOperation(false);
export const getChangeLogPreview = changeLogOperation(true);

// ---------------------------------------------------------------- saved searches

const savedSearch = z
  .object({
    uniqueId: z.number().int(),
    title: z.string(),
    savedSearchRequest: searchRequestSchema,
    alertFrequency: z.enum(["none", "daily", "weekly"]),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "SavedSearch" });

type SavedSearchRow = Awaited<ReturnType<typeof listSavedSearches>>[number];
const savedSearchOut = (row: SavedSearchRow) => ({
  uniqueId: row.id,
  title: row.title,
  // Requests saved before a key existed take its default.
  savedSearchRequest: searchRequestSchema.parse(row.request),
  alertFrequency: row.alertFrequency,
  createdAt: row.createdAt,
});

const uniqueIdQuery = z.object({ uniqueId: z.coerce.number().int().positive() });

async function ownSavedSearch(userId: number, uniqueId: number) {
  const found = (await listSavedSearches(userId)).find((row) => row.id === uniqueId);
  // Another user's saved search is as good as absent.
  if (!found) throw new ApiError("NOT_FOUND", "You have no saved search with this uniqueId.");
  return found;
}

export const saveSearchOperation = defineOperation({
  id: "saveSearch",
  method: "POST",
  path: "/search/savesearch",
  group: ACTIVITY,
  summary: "Saves a search request under a title, for the user: the 'Save this search' page.",
  access: "user",
  page: "/dashboard/savedsearches/new",
  body: z.object({
    title: titleSchema,
    savedSearchRequest: searchRequestSchema.nullish(),
  }),
  response: savedSearch,
  status: 201,
  errors: ["NO_SEARCH_REQUEST"],
  example: {
    body: { title: "Lymphoma, active", savedSearchRequest: { searchPhrase: "lymphoma" } },
  },
  async handle({ user, body }) {
    if (!body.savedSearchRequest) throw new ApiError("NO_SEARCH_REQUEST");
    const userId = required(user).id;
    const { request } = await checkedRequest(body.savedSearchRequest, "body.savedSearchRequest");
    const id = await saveSearch(userId, body.title, request);
    return savedSearchOut(await ownSavedSearch(userId, id));
  },
});

export const getSavedSearch = defineOperation({
  id: "getSavedSearch",
  method: "GET",
  path: "/search/getsavedsearch",
  group: ACTIVITY,
  summary: "One of the user's saved searches.",
  access: "user",
  page: "/dashboard/savedsearches",
  query: uniqueIdQuery,
  response: savedSearch,
  errors: ["NOT_FOUND"],
  example: { query: { uniqueId: "1" } },
  async handle({ user, query }) {
    return savedSearchOut(await ownSavedSearch(required(user).id, query.uniqueId));
  },
});

export const getSavedSearches = defineOperation({
  id: "getSavedSearches",
  method: "POST",
  path: "/search/getsavedsearches",
  group: ACTIVITY,
  summary: "The user's saved searches, newest first (size 10000 by default).",
  access: "user",
  page: "/dashboard/savedsearches",
  body: z
    .object({
      from: z.number().int().min(0).default(0),
      size: z.number().int().min(1).max(10_000).default(10_000),
    })
    .default({ from: 0, size: 10_000 }),
  response: z.object({ totalHits: z.number().int(), savedSearches: z.array(savedSearch) }),
  example: { body: { from: 0, size: 100 } },
  async handle({ user, body }) {
    const all = await listSavedSearches(required(user).id);
    return {
      totalHits: all.length,
      savedSearches: all.slice(body.from, body.from + body.size).map(savedSearchOut),
    };
  },
});

export const deleteSavedSearchOperation = defineOperation({
  id: "deleteSavedSearch",
  method: "GET",
  path: "/search/deletesavedsearch",
  group: ACTIVITY,
  summary:
    "Deletes one of the user's saved searches. This call is a GET; the website's own delete is a POST.",
  access: "user",
  page: "/dashboard/savedsearches",
  query: uniqueIdQuery,
  response: z.object({ responseCode: z.literal("SUCCESS"), message: z.string() }),
  errors: ["NOT_FOUND"],
  example: { query: { uniqueId: "1" } },
  async handle({ user, query }) {
    const userId = required(user).id;
    await ownSavedSearch(userId, query.uniqueId);
    await deleteSavedSearch(userId, query.uniqueId);
    return { responseCode: "SUCCESS" as const, message: "The saved search is deleted." };
  },
});

// ---------------------------------------------------------------- export

/** An API export is written while the call waits: at most this many records, well inside 30 s. */
export const API_EXPORT_MAX = 10_000;

export const exportRecords = defineOperation({
  id: "exportRecords",
  method: "POST",
  path: "/export",
  group: EXPORT,
  summary:
    "Exports records as CSV, XML or XLSX, saved as export.{format}: the records of hssIdsToExport, or with exportAll the results of the search request sent with it (an administrator's: all of them; anyone else's: the first 10,000, as on the export page). At most 10,000 records per call; larger exports run in the background from the website's export page.",
  access: "user",
  page: "/export",
  body: searchRequestSchema
    .omit({ size: true })
    .extend({
      exportFormat: z.enum(EXPORT_FORMATS).default("csv"),
      exportAll: z.boolean().default(false),
      hssIdsToExport: z.array(z.string().regex(HSS_ID_PATTERN)).max(API_EXPORT_MAX).default([]),
      size: z.number().int().min(1).max(API_EXPORT_MAX).default(API_EXPORT_MAX),
      includeAllFields: z.boolean().optional().meta({
        description: "Every field of the record model; the default is true for xlsx only.",
      }),
    })
    .meta({ id: "ExportRequest" }),
  response: { file: EXPORT_FORMATS.map((format) => CONTENT_TYPES[format]) },
  example: { body: { exportFormat: "csv", hssIdsToExport: ["HSS-000001", "HSS-000002"] } },
  async handle({ user, body, signal }) {
    const { exportFormat, exportAll, hssIdsToExport, size, includeAllFields, ...rest } = body;
    if (!exportAll && !hssIdsToExport.length)
      throw new ApiError("VALIDATION_FAILED", undefined, {
        errors: {
          "body.hssIdsToExport": ["Give the HSS IDs to export, or exportAll with a search"],
        },
      });
    const { request, settings } = await checkedRequest({ ...DEFAULT_SEARCH, ...rest, size: 20 });
    const dir = path.join(env().dataDir, "exports");
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `api-${randomUUID()}.${exportFormat}`);
    try {
      const outcome = await exportRecordsNow(
        required(user),
        {
          exportFormat,
          exportAll,
          includeAllFields: includeAllFields ?? exportFormat === "xlsx",
          searchRequest: request,
          hssIds: hssIdsToExport,
          limit: size,
          maxRecords: API_EXPORT_MAX,
        },
        settings,
        file,
        signal,
      );
      if (!outcome.ok) {
        const messages = {
          "nothing-found": "None of these records is published.",
          "too-many": `This export would take ${outcome.count.toLocaleString("en-GB")} records; an API export takes at most ${API_EXPORT_MAX.toLocaleString("en-GB")}. Narrow the search, give a smaller size, or export from the website, which runs large exports in the background.`,
        } as const;
        throw new ApiError("VALIDATION_FAILED", undefined, {
          errors: {
            [outcome.reason === "too-many" ? "body.exportAll" : "body.hssIdsToExport"]: [
              messages[outcome.reason],
            ],
          },
        });
      }
      const stream = createReadStream(file);
      // The file goes once it has been read out (or the client went away).
      stream.on("close", () => void rm(file, { force: true }));
      return new Response(createReadableStreamFromReadable(stream), {
        headers: {
          "Content-Type": CONTENT_TYPES[exportFormat],
          "Content-Disposition": `attachment; filename="export.${exportFormat}"`,
          "Cache-Control": "no-store",
          "X-Record-Count": String(outcome.recordCount),
        },
      });
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  },
});

function required<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("A signed-in call has no user");
  return value;
}

export const searchOperations = [
  activitySummary,
  saveUserActivity,
  search,
  getCachedFacets,
  getKernelDetails,
  getKernelPreviewDetails,
  getChangeLog,
  getChangeLogPreview,
  saveSearchOperation,
  getSavedSearch,
  getSavedSearches,
  deleteSavedSearchOperation,
  exportRecords,
];
