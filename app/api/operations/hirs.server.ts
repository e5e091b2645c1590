/**
 * High Impact Reports and their upcoming topics ("HIRs and topics"): the
 * members' search, preview and download, as /hir, /upcoming-hir and /hir/$hirId/download do;
 * the staff's uploads, edits and deletions, as /dashboard/managehirs and
 * /dashboard/managehirtopics do. Uploads go through the same PDF checks as the page's
 * (storeHirFile: size, header, structure).
 */
import { z } from "zod";
import { ApiError } from "~/api/errors.server";
import { defineOperation } from "~/api/operation.server";
import { hirDownload } from "~/pages/hir-download.server";
import {
  createHir,
  deleteHir,
  discardHirFile,
  FILE_MISSING,
  getHir,
  getTopic,
  type Hir,
  HIR_LIST_SIZE,
  type HirTopic,
  hirList,
  hirTextSchema,
  pageOfHirsForStaff,
  saveTopic,
  searchTopics,
  setHirArchived,
  setTopicDeleted,
  storeHirFile,
  TOPIC_LIST_SIZE,
  topicFormSchema,
  unknownHssIdMessage,
  unknownHssIds,
  updateHir,
} from "~/models/hirs.server";

const GROUP = "HIRs and topics";

// ---------------------------------------------------------------------------------------
// Schemas

const hirReport = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    hssIds: z.array(z.string()).meta({ description: "The records the report covers." }),
    archived: z.boolean().meta({ description: "Archived reports are hidden from members." }),
    fileSize: z.number().int().nullable().meta({
      description:
        "The PDF's size in bytes; null when the report has no file (its download answers NO_FILE_DATA).",
    }),
    createdDate: z.string().meta({ description: "ISO 8601, UTC." }),
    updatedDate: z.string().meta({ description: "ISO 8601, UTC." }),
  })
  .meta({ id: "HirReport" });

const hirTopic = z
  .object({
    id: z.number().int(),
    titleOfTopic: z.string(),
    ihsiCategories: z.array(z.string()),
    publicationDate: z
      .string()
      .nullable()
      .meta({ description: "The expected publication date, YYYY-MM-DD; null when not yet set." }),
    hssid: z.string().meta({ description: "The HSS ID of the record the topic is about." }),
    recordName: z
      .string()
      .nullable()
      .meta({ description: "The record's name, when it is published." }),
    archived: z.boolean(),
    deleted: z.boolean(),
  })
  .meta({ id: "HirTopic" });

export type ApiHirReport = z.infer<typeof hirReport>;
export type ApiHirTopic = z.infer<typeof hirTopic>;

const done = z
  .object({ responseCode: z.literal("SUCCESS"), message: z.string() })
  .meta({ id: "HirDone" });

const toApiHir = (hir: Hir): z.infer<typeof hirReport> => ({
  id: hir.id,
  title: hir.title,
  description: hir.description,
  hssIds: hir.hssIds,
  archived: hir.archived,
  fileSize: hir.byteSize,
  createdDate: hir.createdAt,
  updatedDate: hir.updatedAt,
});

const toApiTopic = (topic: HirTopic): z.infer<typeof hirTopic> => ({
  id: topic.id,
  titleOfTopic: topic.titleOfTopic,
  ihsiCategories: topic.ihsiCategories,
  publicationDate: topic.publicationDate,
  hssid: topic.hssId,
  recordName: topic.recordName,
  archived: topic.archived,
  deleted: topic.deleted,
});

/** An id in a query (HIRId, Id, faqId): a positive whole number. */
const idQuery = z.coerce
  .number({ error: "Send the id as a whole number" })
  .int("Send the id as a whole number")
  .positive("Send the id as a whole number");

const sortOrder = z.enum(["asc", "desc"]);
const size = (max: number, fallback: number) => z.number().int().min(0).max(max).default(fallback);
const from = z.number().int().min(0).default(0);

/**
 * The search phrase: '*' (its default) asks for everything. A '*' inside a word is
 * dropped rather than refused: every word already matches anywhere in the text.
 */
const searchPhrase = z
  .string()
  .trim()
  .max(200, "The search phrase must be at most 200 characters")
  .default("*")
  .transform((phrase) => phrase.replaceAll("*", " ").trim());

/** A body the client may leave out: its fields' defaults then apply. */
const optionalBody = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).prefault({} as z.input<z.ZodObject<T>>);

// ---------------------------------------------------------------------------------------
// Members: search, preview, download

export const downloadHir = defineOperation({
  id: "downloadHir",
  method: "GET",
  path: "/hir/downloadpreviewhir",
  group: GROUP,
  summary:
    "The report's PDF, as '{title}.pdf'. Members get published (unarchived) reports; admins and editors any. Each download is recorded as the user's activity.",
  access: "user",
  page: "/hir/$hirId/download",
  query: z.object({ HIRId: idQuery }),
  response: { file: ["application/pdf"] },
  errors: ["NOT_FOUND", "NO_FILE_DATA"],
  example: { query: { HIRId: "1" } },
  async handle({ user, query }) {
    if (!user) throw new ApiError("TOKEN_NOT_FOUND");
    const download = await hirDownload(user, query.HIRId);
    if (download.status === "missing")
      throw new ApiError("NOT_FOUND", "This report does not exist, or is no longer available.");
    if (download.status === "no-file") throw new ApiError("NO_FILE_DATA");
    return download.response;
  },
});

const hirSearchBody = optionalBody({
  searchPhrase: searchPhrase.meta({
    description: "Every word must be in the title or the description; '*' lists every report.",
  }),
  size: size(HIR_LIST_SIZE, HIR_LIST_SIZE),
  from,
  sortBy: z.enum(["title", "updated_date"]).default("title"),
  sortOrder: sortOrder.default("asc"),
}).meta({
  description:
    "A search request; fields it does not name (filters of the record search) are ignored.",
});

export const searchHirs = defineOperation({
  id: "searchHirs",
  method: "POST",
  path: "/hir/search",
  group: GROUP,
  summary:
    "Searches the published reports (by default 1000 hits, by title A–Z, phrase '*'). Hits with an empty title are dropped and totalHits reduced to match.",
  access: "user",
  page: "/hir",
  body: hirSearchBody,
  response: z
    .object({ hits: z.array(hirReport), totalHits: z.number().int() })
    .meta({ id: "HirSearchResult" }),
  example: { body: { searchPhrase: "*", size: 1000, from: 0, sortBy: "title", sortOrder: "asc" } },
  async handle({ body }) {
    const { hirs, total } = await hirList(body.searchPhrase, {
      sortBy: body.sortBy,
      sortOrder: body.sortOrder,
      size: body.size,
      from: body.from,
    });
    return { hits: hirs.map(toApiHir), totalHits: total };
  },
});

export const previewHirs = defineOperation({
  id: "previewHirs",
  method: "POST",
  path: "/hir/gethirpreview",
  group: GROUP,
  summary: "The published reports, as /hir lists them: by default 1000, newest update first.",
  access: "user",
  page: "/hir",
  body: optionalBody({
    size: size(HIR_LIST_SIZE, HIR_LIST_SIZE),
    from,
    sortBy: z.enum(["title", "updated_date"]).default("updated_date"),
    sortOrder: sortOrder.default("desc"),
  }),
  response: z
    .object({ hiRs: z.array(hirReport), totalHits: z.number().int() })
    .meta({ id: "HirPreview" }),
  example: { body: { size: 1000, from: 0, sortBy: "updated_date", sortOrder: "desc" } },
  async handle({ body }) {
    const { hirs, total } = await hirList("", body);
    return { hiRs: hirs.map(toApiHir), totalHits: total };
  },
});

// ---------------------------------------------------------------------------------------
// Staff: list, upload, edit, delete

export const listHirs = defineOperation({
  id: "listHirs",
  method: "GET",
  path: "/hir",
  group: GROUP,
  summary:
    "The staff's list of reports, archived ones included, newest update first, a page at a time. showDeletedOnly=true lists only the archived reports, false only the published ones; without it, all.",
  access: "manageContent",
  page: "/dashboard/managehirs",
  query: z.object({
    skip: z.coerce
      .number()
      .int()
      .min(0)
      .default(0)
      .meta({ description: "How many reports to pass over." }),
    take: z.coerce
      .number()
      .int()
      .min(0)
      .max(HIR_LIST_SIZE)
      .default(20)
      .meta({ description: "How many reports to answer; 20 by default." }),
    // The earlier client's deleted reports are our archived ones; ours are gone for good.
    showDeletedOnly: z
      .enum(["true", "false"], { error: "Send true or false" })
      .optional()
      .meta({
        description: "true: only archived reports; false: only published ones; left out: all.",
      })
      .transform((value) => (value === undefined ? undefined : value === "true")),
  }),
  response: z
    .object({ hiRs: z.array(hirReport), totalHits: z.number().int() })
    .meta({ id: "HirList" }),
  example: { query: { skip: "0", take: "20", showDeletedOnly: "false" } },
  async handle({ query }) {
    const { hirs, total } = await pageOfHirsForStaff({
      archived: query.showDeletedOnly,
      skip: query.skip,
      take: query.take,
    });
    return { hiRs: hirs.map(toApiHir), totalHits: total };
  },
});

const pdfPart = z
  .file({
    error: (issue) =>
      issue.input === undefined ? FILE_MISSING : "Send the PDF as a file part named File",
  })
  .meta({ description: "The report as a PDF, at most 50 MB; checked to really be one." });

const hssIdsPart = hirTextSchema.shape.hssIds.meta({
  description:
    "The HSS IDs of the published records the report covers, separated by commas or spaces.",
});

/** A File's bytes as storeHirFile reads an upload: a chunk at a time. */
async function* chunksOf(file: File): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function refused(field: string, message: string) {
  return new ApiError("VALIDATION_FAILED", undefined, { errors: { [`body.${field}`]: [message] } });
}

async function checkRecords(hssIds: string[]) {
  const unknown = await unknownHssIds(hssIds);
  if (unknown.length) throw refused("HssIds", unknownHssIdMessage(unknown));
}

/** Stores the PDF with the page's checks; a refused file is a VALIDATION_FAILED naming File. */
async function storePdf(file: File) {
  const stored = await storeHirFile(chunksOf(file));
  if ("error" in stored) throw refused("File", stored.error);
  return stored.fileId;
}

async function hirById(id: number) {
  const hir = await getHir(id);
  if (!hir) throw new ApiError("NOT_FOUND", "No report has this id.");
  return toApiHir(hir);
}

export const uploadHir = defineOperation({
  id: "uploadHir",
  method: "POST",
  path: "/hir",
  group: GROUP,
  summary:
    "Uploads a report: multipart/form-data with Title (at most 250 characters), Description and File (a PDF, checked as the page checks it). Answers the new report.",
  access: "manageContent",
  page: "/dashboard/managehirs/new",
  body: z.object({
    Title: hirTextSchema.shape.title,
    Description: hirTextSchema.shape.description,
    HssIds: hssIdsPart,
    File: pdfPart,
  }),
  bodyType: "multipart",
  response: hirReport,
  status: 201,
  errors: ["CONFLICT"],
  example: {
    body: {
      Title: "Example report",
      Description: "What the report covers.",
      File: "(the PDF file)",
    },
  },
  async handle({ user, body }) {
    await checkRecords(body.HssIds);
    const fileId = await storePdf(body.File);
    const id = await createHir(
      { title: body.Title, description: body.Description, hssIds: body.HssIds, fileId },
      user?.id ?? null,
    );
    if (id === null) {
      await discardHirFile(fileId);
      throw new ApiError("CONFLICT", "The uploaded file could not be given to the report.");
    }
    return hirById(id);
  },
});

export const updateHirOperation = defineOperation({
  id: "updateHir",
  method: "POST",
  path: "/hir/updatehir",
  group: GROUP,
  summary:
    "Changes a report: multipart/form-data with Id, Title, Description and, to replace the PDF, File. HssIds and Archived (true or false) are optional: left out, they stay as they are. Answers the report.",
  access: "manageContent",
  page: "/dashboard/managehirs/$hirId",
  body: z.object({
    Id: idQuery,
    Title: hirTextSchema.shape.title,
    Description: hirTextSchema.shape.description,
    HssIds: hssIdsPart.optional(),
    Archived: z
      .enum(["true", "false"], { error: "Send true or false" })
      .optional()
      .meta({ description: "Archive the report (true) or publish it again (false)." })
      .transform((value) => (value === undefined ? undefined : value === "true")),
    File: pdfPart.optional(),
  }),
  bodyType: "multipart",
  response: hirReport,
  errors: ["NOT_FOUND", "CONFLICT"],
  example: { body: { Id: "1", Title: "Example report", Description: "What the report covers." } },
  async handle({ user, body }) {
    const existing = await getHir(body.Id);
    if (!existing) throw new ApiError("NOT_FOUND", "No report has this id.");
    const hssIds = body.HssIds ?? existing.hssIds;
    if (body.HssIds) await checkRecords(body.HssIds);
    // A form's file input left empty arrives as an empty part with no name: no new file.
    const file = body.File && (body.File.size > 0 || body.File.name) ? body.File : undefined;
    const fileId = file ? await storePdf(file) : undefined;
    const userId = user?.id ?? null;
    const saved = await updateHir(
      body.Id,
      { title: body.Title, description: body.Description, hssIds, fileId },
      userId,
    );
    if (saved !== "saved" && fileId) await discardHirFile(fileId);
    if (saved === "missing") throw new ApiError("NOT_FOUND", "No report has this id.");
    if (saved === "file-taken")
      throw new ApiError("CONFLICT", "The uploaded file could not be given to the report.");
    if (body.Archived !== undefined && body.Archived !== existing.archived)
      await setHirArchived(body.Id, body.Archived, userId);
    return hirById(body.Id);
  },
});

export const deleteHirOperation = defineOperation({
  id: "deleteHir",
  method: "POST",
  path: "/hir/delete",
  group: GROUP,
  summary:
    "Deletes a report and its PDF for good. To hide it from members but keep it, archive it instead (updatehir with Archived=true).",
  access: "manageContent",
  page: "/dashboard/managehirs/$hirId/delete",
  query: z.object({ Id: idQuery }),
  response: done,
  errors: ["NOT_FOUND"],
  example: { query: { Id: "1" } },
  async handle({ query }) {
    if (!(await deleteHir(query.Id))) throw new ApiError("NOT_FOUND", "No report has this id.");
    return { responseCode: "SUCCESS" as const, message: "Report deleted." };
  },
});

// ---------------------------------------------------------------------------------------
// Topics

const topicShape = topicFormSchema.shape;
const topicFields = {
  titleOfTopic: topicShape.titleOfTopic,
  ihsiCategories: topicShape.ihsiCategories,
  publicationDate: topicShape.publicationDate
    .nullable()
    .meta({ description: "YYYY-MM-DD; null or left out when not yet set." }),
  hssid: topicShape.hssId.meta({
    description: "The HSS ID of the published record the topic is about.",
  }),
};

/** Saves a topic with the page's rule (the record must be published); answers it. */
async function savedTopic(
  input: z.infer<typeof topicFormSchema>,
  userId: number | null,
  id?: number,
) {
  const saved = await saveTopic(input, userId, id);
  if (saved.status === "unknown-record") throw refused("hssid", saved.message);
  if (saved.status === "missing")
    throw new ApiError(
      "NOT_FOUND",
      "No current topic has this id (a deleted one is restored on the website first).",
    );
  const topic = await getTopic(saved.id);
  if (!topic) throw new ApiError("NOT_FOUND", "No topic has this id.");
  return toApiTopic(topic);
}

export const saveHirTopic = defineOperation({
  id: "saveHirTopic",
  method: "POST",
  path: "/hirtopic/savehirtopic",
  group: GROUP,
  summary:
    "Adds an upcoming HIR topic: its title, IHSI categories, expected publication date and the published record it is about. Answers the topic.",
  access: "manageContent",
  page: "/dashboard/managehirtopics/new",
  body: z.object({ ...topicFields, archived: z.boolean().default(false) }),
  response: hirTopic,
  status: 201,
  example: {
    body: {
      titleOfTopic: "Example topic",
      ihsiCategories: ["New active substance"],
      publicationDate: "2027-03-31",
      hssid: "HSS-000001",
    },
  },
  async handle({ user, body }) {
    const { hssid, publicationDate, ...rest } = body;
    return savedTopic(
      { ...rest, hssId: hssid, publicationDate: publicationDate ?? null },
      user?.id ?? null,
    );
  },
});

export const updateHirTopic = defineOperation({
  id: "updateHirTopic",
  method: "POST",
  path: "/hirtopic/updatehirtopic",
  group: GROUP,
  summary:
    "Changes an upcoming HIR topic, named by id (the id the topic calls answer). If archived is left out, it stays as it is. Answers the topic.",
  access: "manageContent",
  page: "/dashboard/managehirtopics/$topicId",
  body: z.object({
    id: z.number().int().positive(),
    ...topicFields,
    archived: z.boolean().optional(),
  }),
  response: hirTopic,
  errors: ["NOT_FOUND"],
  example: {
    body: {
      id: 1,
      titleOfTopic: "Example topic",
      ihsiCategories: ["New indication"],
      publicationDate: null,
      hssid: "HSS-000001",
    },
  },
  async handle({ user, body }) {
    const existing = await getTopic(body.id);
    if (!existing || existing.deleted)
      throw new ApiError(
        "NOT_FOUND",
        "No current topic has this id (a deleted one is restored on the website first).",
      );
    const { id, hssid, publicationDate, archived, ...rest } = body;
    return savedTopic(
      {
        ...rest,
        hssId: hssid,
        publicationDate: publicationDate ?? null,
        archived: archived ?? existing.archived,
      },
      user?.id ?? null,
      id,
    );
  },
});

export const deleteHirTopic = defineOperation({
  id: "deleteHirTopic",
  method: "POST",
  path: "/hirtopic/deletehirtopic",
  group: GROUP,
  summary:
    "Deletes an upcoming HIR topic: members no longer see it; staff can restore it on the website. This call names the topic's id faqId.",
  access: "manageContent",
  page: "/dashboard/managehirtopics/$topicId/delete",
  query: z.object({ faqId: idQuery.meta({ description: "The topic's id." }) }),
  response: done,
  errors: ["NOT_FOUND"],
  example: { query: { faqId: "1" } },
  async handle({ user, query }) {
    if (!(await setTopicDeleted(query.faqId, true, user?.id ?? null)))
      throw new ApiError("NOT_FOUND", "No current topic has this id.");
    return { responseCode: "SUCCESS" as const, message: "Topic deleted." };
  },
});

export const getHirTopics = defineOperation({
  id: "getHirTopics",
  method: "POST",
  path: "/hirtopic/gethirtopics",
  group: GROUP,
  summary:
    "The upcoming HIRs as members see them (at most 1000, by title A–Z, neither archived nor deleted).",
  access: "user",
  page: "/upcoming-hir",
  body: optionalBody({ size: size(TOPIC_LIST_SIZE, TOPIC_LIST_SIZE), from }),
  response: z
    .object({ hirTopics: z.array(hirTopic), totalHits: z.number().int() })
    .meta({ id: "HirTopicList" }),
  example: { body: { size: 1000, from: 0 } },
  async handle({ body }) {
    const { topics, total } = await searchTopics({
      deleted: false,
      archived: false,
      size: body.size,
      from: body.from,
    });
    return { hirTopics: topics.map(toApiTopic), totalHits: total };
  },
});

export const searchHirTopics = defineOperation({
  id: "searchHirTopics",
  method: "POST",
  path: "/hirtopic/search",
  group: GROUP,
  summary:
    "The staff's search of topics, archived ones included (by default 20, by title A–Z). deleted=true searches the deleted topics instead.",
  access: "manageContent",
  page: "/dashboard/managehirtopics",
  body: optionalBody({
    searchPhrase: searchPhrase.meta({
      description:
        "Every word must be in the title of the topic or its HSS ID; '*' lists every topic.",
    }),
    size: size(TOPIC_LIST_SIZE, 20),
    from,
    orderBy: z.enum(["title_of_topic", "publication_date"]).default("title_of_topic"),
    sortOrder: sortOrder.default("asc"),
    deleted: z.boolean().default(false),
  }),
  response: z
    .object({ hits: z.array(hirTopic), totalHits: z.number().int() })
    .meta({ id: "HirTopicSearchResult" }),
  example: {
    body: { searchPhrase: "*", size: 20, from: 0, orderBy: "title_of_topic", sortOrder: "asc" },
  },
  async handle({ body }) {
    const { topics, total } = await searchTopics({ ...body, q: body.searchPhrase });
    return { hits: topics.map(toApiTopic), totalHits: total };
  },
});

export const hirOperations = [
  downloadHir,
  listHirs,
  searchHirs,
  previewHirs,
  uploadHir,
  updateHirOperation,
  deleteHirOperation,
  saveHirTopic,
  updateHirTopic,
  deleteHirTopic,
  getHirTopics,
  searchHirTopics,
];
