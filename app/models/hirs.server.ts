import { HIR_MAX_BYTES } from "~/lib/upload-limits";
import { oneLine } from "~/lib/forms.server";
import {
  and,
  asc,
  between,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  like,
  lt,
  not,
  notExists,
  or,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type Db, getDb, queryRows, schema, textArray } from "~/db/client.server";
import { PdfSniffer } from "~/lib/pdf-check.server";
import { HSS_ID_PATTERN } from "~/records/schema.server";
import { IHSI_CATEGORIES } from "~/records/vocabulary";

/**
 * High Impact Reports (docs/product.md). A HIR is the team's own analysis
 * as a PDF, with a title, a description and the records it covers. Its file is kept in
 * PostgreSQL in HIR_CHUNK_BYTES chunks (decision 020): an upload is written a chunk at a time
 * as it is read, checked to be a PDF on the way, and stopped once it passes HIR_MAX_BYTES; a
 * download reads a few chunks at a time as the client takes them.
 */

/** The title limit. */
export const HIR_TITLE_MAX = 250;
export const HIR_DESCRIPTION_MAX = 2000;
export const HIR_CHUNK_BYTES = 256 * 1024;
/** The HIR search and the preview list fetch at most this many. */
export const HIR_LIST_SIZE = 1000;
/** What a report without its file says, word for word. */
export const NO_FILE_DATA = "No file data Found";
export const DEFAULT_HIR_TITLE = "HIR Report";
/** How long a file may sit unfinished or unclaimed before the jobs delete it. */
const ORPHAN_AFTER = "1 hour";

const { hirs, hirFiles, hirFileChunks, hirTopics, records, recordVersions } = schema;
/** Files created before this are orphans when no report has them. */
const orphanCutoff = sql`now() - ${ORPHAN_AFTER}::interval`;

export const FILE_MISSING = "Select a PDF file to upload";
export const FILE_EMPTY = "The file is empty: select the PDF itself";
export const FILE_TOO_BIG = `The file must be ${HIR_MAX_BYTES / 1024 / 1024} MB or smaller`;
export const FILE_NOT_PDF =
  "The file must be a PDF. This file is not one, whatever its name ends with";
export const FILE_DAMAGED =
  "The file starts as a PDF but its structure cannot be read: it may be damaged or cut short. Save it again as PDF and upload that";

const titleField = z
  .string({ error: "Enter the title" })
  .overwrite(oneLine)
  .trim()
  .min(1, "Enter the title")
  .max(HIR_TITLE_MAX, `The title must be at most ${HIR_TITLE_MAX} characters`);

/** Record HSS IDs typed in one field, separated by commas, spaces or lines. */
const hssIdList = z
  .string()
  .optional()
  .transform((value) => [
    ...new Set(
      (value ?? "")
        .split(/[\s,;]+/)
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ])
  .refine((ids) => ids.every((id) => HSS_ID_PATTERN.test(id)), {
    message: "Each HSS ID must be 1 to 40 letters, digits, hyphens or underscores",
  })
  .refine((ids) => ids.length <= 50, { message: "List at most 50 records" });

/** The text of the upload and edit forms (the file is checked as it streams: storeHirFile). */
export const hirTextSchema = z.object({
  title: titleField,
  description: z
    .string({ error: "Enter a description" })
    .trim()
    .min(1, "Enter a description")
    .max(
      HIR_DESCRIPTION_MAX,
      `The description must be at most ${HIR_DESCRIPTION_MAX.toLocaleString("en-GB")} characters`,
    ),
  hssIds: hssIdList,
});
export type HirText = z.infer<typeof hirTextSchema>;

/** The HSS IDs among `ids` that no published record has. */
export async function unknownHssIds(ids: string[], db?: Db) {
  if (!ids.length) return [];
  db ??= await getDb();
  const known = await db
    .select({ hssId: records.hssId })
    .from(records)
    .where(
      and(sql`${records.hssId} = ANY(${textArray(ids)})`, isNotNull(records.publishedVersionId)),
    );
  const found = new Set(known.map((row) => row.hssId));
  return ids.filter((id) => !found.has(id));
}

export const unknownHssIdMessage = (ids: string[]) =>
  ids.length === 1
    ? `No published record has the HSS ID ${ids[0]}`
    : `No published record has these HSS IDs: ${ids.join(", ")}`;

// ---------------------------------------------------------------------------------------
// Files

/**
 * Chunks travel to and from the database as base64 text, decoded and encoded by the server:
 * both drivers send bytea as hex text and parse it back character by character, six times
 * slower on the embedded database (10 MB: 1.4 s in and 0.8 s out as bytea, 0.2 s and 0.15 s
 * as base64). Node's base64 is native; the server's encode() breaks lines, which it skips.
 */
const toBase64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
const fromBase64 = (text: string): Uint8Array => Buffer.from(text, "base64");
const chunkBase64 = sql<string>`encode(${hirFileChunks.data}, 'base64')`;

export type StoredFile = { fileId: number; byteSize: number } | { error: string };

/**
 * Writes an uploaded file to the database as it arrives and checks it is a PDF. Reading
 * stops at once (the rest is never read) when it passes HIR_MAX_BYTES or its first kilobyte
 * is not a PDF header; a refused file leaves nothing behind.
 */
export async function storeHirFile(data: AsyncIterable<Uint8Array>, db?: Db): Promise<StoredFile> {
  db ??= await getDb();
  const database = db;
  const [file] = await db.insert(hirFiles).values({}).returning({ id: hirFiles.id });
  const sniffer = new PdfSniffer();
  const buffer = new Uint8Array(HIR_CHUNK_BYTES);
  let filled = 0;
  let seq = 0;
  const flush = async () => {
    if (!filled) return;
    await database.insert(hirFileChunks).values({
      fileId: file.id,
      seq: seq++,
      data: sql`decode(${toBase64(buffer.subarray(0, filled))}, 'base64')`,
    });
    filled = 0;
  };
  const refuse = async (error: string): Promise<StoredFile> => {
    await discardHirFile(file.id, database);
    return { error };
  };
  try {
    for await (const chunk of data) {
      if (sniffer.size + chunk.byteLength > HIR_MAX_BYTES) return await refuse(FILE_TOO_BIG);
      sniffer.push(chunk);
      if (sniffer.size >= 1024 && sniffer.headerOffset() === null)
        return await refuse(FILE_NOT_PDF);
      let offset = 0;
      while (offset < chunk.byteLength) {
        const take = Math.min(HIR_CHUNK_BYTES - filled, chunk.byteLength - offset);
        buffer.set(chunk.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === HIR_CHUNK_BYTES) await flush();
      }
    }
    await flush();
  } catch (error) {
    await discardHirFile(file.id, database);
    throw error;
  }
  if (sniffer.size === 0) return refuse(FILE_EMPTY);
  const verdict = await sniffer.verdict((offset, length) =>
    readHirFileRange(file.id, offset, length, database),
  );
  if (verdict === "not-pdf") return refuse(FILE_NOT_PDF);
  if (verdict === "damaged") return refuse(FILE_DAMAGED);
  await db
    .update(hirFiles)
    .set({ byteSize: sniffer.size, completedAt: sql`now()` })
    .where(eq(hirFiles.id, file.id));
  return { fileId: file.id, byteSize: sniffer.size };
}

export async function discardHirFile(fileId: number, db?: Db) {
  db ??= await getDb();
  await db.delete(hirFiles).where(eq(hirFiles.id, fileId));
}

/** `length` bytes of a stored file from `offset` (fewer at its end). */
async function readHirFileRange(fileId: number, offset: number, length: number, db: Db) {
  const first = Math.floor(offset / HIR_CHUNK_BYTES);
  const last = Math.floor((offset + length - 1) / HIR_CHUNK_BYTES);
  const rows = await db
    .select({ seq: hirFileChunks.seq, data: chunkBase64 })
    .from(hirFileChunks)
    .where(and(eq(hirFileChunks.fileId, fileId), between(hirFileChunks.seq, first, last)))
    .orderBy(hirFileChunks.seq);
  const out = new Uint8Array(length);
  let filled = 0;
  for (const row of rows) {
    const start = row.seq === first ? offset - first * HIR_CHUNK_BYTES : 0;
    const piece = fromBase64(row.data).subarray(start, start + length - filled);
    out.set(piece, filled);
    filled += piece.byteLength;
  }
  return out.subarray(0, filled);
}

/** Chunks fetched per statement while a download streams: about 1 MB. */
const CHUNKS_PER_READ = 4;

/** A stored file as a stream, read a few chunks at a time as the client takes them. */
export function hirFileStream(fileId: number, db?: Db): ReadableStream<Uint8Array> {
  let next = 0;
  let pending: Uint8Array[] = [];
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!pending.length && !done) {
          db ??= await getDb();
          const rows = await db
            .select({ data: chunkBase64 })
            .from(hirFileChunks)
            .where(and(eq(hirFileChunks.fileId, fileId), gte(hirFileChunks.seq, next)))
            .orderBy(hirFileChunks.seq)
            .limit(CHUNKS_PER_READ);
          next += rows.length;
          if (rows.length < CHUNKS_PER_READ) done = true;
          pending = rows.map((row) => fromBase64(row.data));
        }
        const chunk = pending.shift();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The report that has the file of the statement's hir_files row (for EXISTS). */
const reportOfFile = (db: Db) =>
  db.select({ id: hirs.id }).from(hirs).where(eq(hirs.fileId, hirFiles.id));

/** Deletes files that were never finished or never given to a report (a process that died mid-upload). */
export async function pruneHirFiles(db?: Db) {
  db ??= await getDb();
  const rows = await db
    .delete(hirFiles)
    .where(and(lt(hirFiles.createdAt, orphanCutoff), notExists(reportOfFile(db))))
    .returning({ id: hirFiles.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------
// Reports

export interface Hir {
  id: number;
  title: string;
  description: string;
  hssIds: string[];
  archived: boolean;
  /** The PDF's size; null when the report has no file ('No file data Found'). */
  byteSize: number | null;
  fileId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** A timestamp as reports show it: UTC, to the second. */
const utcText = (column: PgColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const hirFields = {
  id: hirs.id,
  title: hirs.title,
  description: hirs.description,
  hssIds: hirs.hssIds,
  archived: hirs.archived,
  fileId: hirs.fileId,
  byteSize: hirFiles.byteSize,
  createdAt: utcText(hirs.createdAt),
  updatedAt: utcText(hirs.updatedAt),
};
/** A report's file, once finished. */
const finishedFile = and(eq(hirFiles.id, hirs.fileId), isNotNull(hirFiles.completedAt));

/** Reports with their finished file, if any. */
const selectHirs = (db: Db) =>
  db.select(hirFields).from(hirs).leftJoin(hirFiles, finishedFile).$dynamic();
type HirRow = Awaited<ReturnType<typeof selectHirs>>[number];

const toHir = (row: HirRow): Hir => ({
  id: row.id,
  title: row.title,
  description: row.description,
  hssIds: row.hssIds,
  archived: row.archived,
  byteSize: row.byteSize,
  fileId: row.byteSize === null ? null : row.fileId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function getHir(id: number, db?: Db): Promise<Hir | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return undefined;
  db ??= await getDb();
  const [row] = await selectHirs(db).where(eq(hirs.id, id));
  return row ? toHir(row) : undefined;
}

const staffOrder = [desc(hirs.updatedAt), desc(hirs.id)];
const countRows = () => sql<number>`count(*)`.mapWith(Number);

/** Every report for the staff page, archived ones included, newest update first. */
export async function listHirsForStaff(db?: Db) {
  db ??= await getDb();
  const rows = await selectHirs(db).orderBy(...staffOrder);
  return rows.map(toHir);
}

/**
 * A page of the staff list, in its order, with the total: every report, or only the archived
 * (`archived` true) or unarchived (false) ones.
 */
export async function pageOfHirsForStaff(
  options: { archived?: boolean; skip: number; take: number },
  db?: Db,
) {
  db ??= await getDb();
  const where = options.archived === undefined ? undefined : eq(hirs.archived, options.archived);
  const [rows, [count]] = await Promise.all([
    selectHirs(db)
      .where(where)
      .orderBy(...staffOrder)
      .limit(options.take)
      .offset(options.skip),
    db.select({ total: countRows() }).from(hirs).where(where),
  ]);
  return { hirs: rows.map(toHir), total: count.total };
}

/** How a list of reports is ordered and paged (the API's HIR search and preview send these). */
export interface HirListOptions {
  sortBy?: "title" | "updated_date";
  sortOrder?: "asc" | "desc";
  size?: number;
  from?: number;
}

/**
 * The members' list: without a search, the preview (newest update
 * first); with one, every word in the title or description, by title A–Z. Archived reports
 * are never listed. Hits with an empty title are dropped and the total is reduced to match.
 * `options` change the order and the page (at most HIR_LIST_SIZE).
 */
export async function hirList(q: string, options: HirListOptions = {}, db?: Db) {
  db ??= await getDb();
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20);
  const pattern = (word: string) => `%${word.replace(/[\\%_]/g, "\\$&")}%`;
  const where = and(
    not(hirs.archived),
    ...words.map((word) =>
      or(
        like(sql`lower(${hirs.title})`, pattern(word)),
        like(sql`lower(${hirs.description})`, pattern(word)),
      ),
    ),
  );
  const sortBy = options.sortBy ?? (words.length ? "title" : "updated_date");
  const descending = (options.sortOrder ?? (sortBy === "title" ? "asc" : "desc")) === "desc";
  const direction = descending ? desc : asc;
  const order =
    sortBy === "title"
      ? [direction(sql`lower(${hirs.title})`), direction(hirs.id)]
      : [direction(hirs.updatedAt), direction(hirs.id)];
  const size = Math.min(Math.max(options.size ?? HIR_LIST_SIZE, 0), HIR_LIST_SIZE);
  const from = Math.max(options.from ?? 0, 0);
  const rows = await db
    .select({ ...hirFields, total: sql<number>`count(*) OVER ()::int` })
    .from(hirs)
    .leftJoin(hirFiles, finishedFile)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset(from);
  // A page past the end has no row to carry the total: count it on its own.
  if (!rows.length && from > 0) {
    const [count] = await db
      .select({ total: countRows() })
      .from(hirs)
      .leftJoin(hirFiles, finishedFile)
      .where(where);
    return { hirs: [] as Hir[], total: count.total };
  }
  return withoutUntitled(rows.map((row) => ({ ...toHir(row), total: row.total })));
}

/** Hits with an empty title are dropped, and the total reduced by as many. */
export function withoutUntitled<T extends { title: string; total: number }>(hits: T[]) {
  const kept = hits.filter((hit) => hit.title.trim() !== "");
  const total = (hits[0]?.total ?? 0) - (hits.length - kept.length);
  return { hirs: kept.map(({ total: _, ...hir }) => hir), total };
}

/** A report a user may download: any unarchived one, or for staff an archived one too. */
export async function downloadableHir(id: number, staff: boolean, db?: Db) {
  const hir = await getHir(id, db);
  if (!hir || (hir.archived && !staff)) return undefined;
  return hir;
}

/**
 * Takes a stored file for a report, inside the report's transaction: the file row is locked
 * first, so of two forms sending the same kept file only one gets it. Files of other reports,
 * unfinished files and ones older than the orphan window are refused.
 */
async function claimHirFile(tx: Db, fileId: number) {
  const [file] = await tx
    .select({ id: hirFiles.id })
    .from(hirFiles)
    .where(
      and(
        eq(hirFiles.id, fileId),
        isNotNull(hirFiles.completedAt),
        gt(hirFiles.createdAt, orphanCutoff),
      ),
    )
    .for("update");
  if (!file) return false;
  const taken = await tx.select({ id: hirs.id }).from(hirs).where(eq(hirs.fileId, fileId));
  return taken.length === 0;
}

/** The size of a file a failed form kept, if it can still be used. */
export async function keptHirFile(fileId: number, db?: Db) {
  if (!Number.isSafeInteger(fileId) || fileId <= 0 || fileId > 2 ** 31 - 1) return null;
  db ??= await getDb();
  const [file] = await db
    .select({ byteSize: hirFiles.byteSize })
    .from(hirFiles)
    .where(
      and(
        eq(hirFiles.id, fileId),
        isNotNull(hirFiles.completedAt),
        gt(hirFiles.createdAt, orphanCutoff),
        notExists(reportOfFile(db)),
      ),
    );
  return file ? { fileId, byteSize: file.byteSize } : null;
}

/** A new report; null when its file was taken meanwhile. */
export async function createHir(
  input: HirText & { fileId: number },
  userId: number | null,
  db?: Db,
) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    if (!(await claimHirFile(tx, input.fileId))) return null;
    const [row] = await tx
      .insert(hirs)
      .values({
        title: input.title,
        description: input.description,
        hssIds: input.hssIds,
        fileId: input.fileId,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning({ id: hirs.id });
    return row.id;
  });
}

/** Saves the text, and the file when a new one was uploaded (the old file is deleted). */
export async function updateHir(
  id: number,
  input: HirText & { fileId?: number },
  userId: number | null,
  db?: Db,
) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fileId: hirs.fileId })
      .from(hirs)
      .where(eq(hirs.id, id))
      .for("update");
    if (!before) return "missing" as const;
    if (input.fileId && input.fileId !== before.fileId && !(await claimHirFile(tx, input.fileId)))
      return "file-taken" as const;
    await tx
      .update(hirs)
      .set({
        title: input.title,
        description: input.description,
        hssIds: input.hssIds,
        updatedBy: userId,
        updatedAt: sql`now()`,
        ...(input.fileId ? { fileId: input.fileId } : {}),
      })
      .where(eq(hirs.id, id));
    if (input.fileId && before.fileId && before.fileId !== input.fileId)
      await tx.delete(hirFiles).where(eq(hirFiles.id, before.fileId));
    return "saved" as const;
  });
}

export async function setHirArchived(
  id: number,
  archived: boolean,
  userId: number | null,
  db?: Db,
) {
  db ??= await getDb();
  const rows = await db
    .update(hirs)
    .set({ archived, updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(hirs.id, id))
    .returning({ id: hirs.id });
  return rows.length > 0;
}

export async function deleteHir(id: number, db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(hirs)
      .where(eq(hirs.id, id))
      .returning({ fileId: hirs.fileId });
    if (!deleted) return false;
    if (deleted.fileId) await tx.delete(hirFiles).where(eq(hirFiles.id, deleted.fileId));
    return true;
  });
}

// ---------------------------------------------------------------------------------------
// Upcoming HIR topics

export const TOPIC_LIST_SIZE = 1000;

export const topicFormSchema = z.object({
  titleOfTopic: z
    .string({ error: "Enter the title of the topic" })
    .overwrite(oneLine)
    .trim()
    .min(1, "Enter the title of the topic")
    .max(HIR_TITLE_MAX, `The title of the topic must be at most ${HIR_TITLE_MAX} characters`),
  ihsiCategories: z
    .array(z.enum(IHSI_CATEGORIES, { error: "Choose IHSI categories from the list" }), {
      error: "Choose at least one IHSI category",
    })
    .min(1, "Choose at least one IHSI category"),
  publicationDate: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => !value || (/^\d{4}-\d{2}-\d{2}$/.test(value) && realDate(value)),
      "The publication date must be a real date, like 2027-03-31",
    )
    .transform((value) => value || null),
  hssId: z
    .string({ error: "Enter the HSS ID of the record the topic is about" })
    .trim()
    .min(1, "Enter the HSS ID of the record the topic is about")
    .regex(HSS_ID_PATTERN, "The HSS ID must be 1 to 40 letters, digits, hyphens or underscores"),
  archived: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
export type TopicInput = z.infer<typeof topicFormSchema>;

function realDate(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export interface HirTopic {
  id: number;
  titleOfTopic: string;
  ihsiCategories: string[];
  publicationDate: string | null;
  hssId: string;
  archived: boolean;
  deleted: boolean;
  /** The record's name, when it is published. */
  recordName: string | null;
}

const topicFields = {
  id: hirTopics.id,
  titleOfTopic: hirTopics.titleOfTopic,
  ihsiCategories: hirTopics.ihsiCategories,
  publicationDate: hirTopics.publicationDate,
  hssId: hirTopics.hssId,
  archived: hirTopics.archived,
  deleted: hirTopics.deleted,
  recordName: sql<string | null>`${recordVersions.document}->>'title'`,
};

/** Topics with the name of their record's published version, if any. */
const selectTopics = (db: Db) =>
  db
    .select(topicFields)
    .from(hirTopics)
    .leftJoin(records, eq(records.hssId, hirTopics.hssId))
    .leftJoin(recordVersions, eq(recordVersions.id, records.publishedVersionId))
    .$dynamic();

/** The upcoming HIRs, neither archived nor deleted, by title A–Z. */
export async function upcomingTopics(db?: Db) {
  const { topics } = await searchTopics({ deleted: false, archived: false }, db);
  return topics;
}

/** The staff list: current topics, or the deleted ones (which can be restored). */
export async function listTopicsForStaff(show: "current" | "deleted", db?: Db) {
  const { topics } = await searchTopics({ deleted: show === "deleted" }, db);
  return topics;
}

export interface TopicSearch {
  /** Every word in the title of the topic or its HSS ID; all topics when empty. */
  q?: string;
  deleted: boolean;
  /** Only archived (true) or unarchived (false) topics; both when absent. */
  archived?: boolean;
  orderBy?: "title_of_topic" | "publication_date";
  sortOrder?: "asc" | "desc";
  size?: number;
  from?: number;
}

/**
 * Topics, current or deleted (and archived or not, or both), by title A–Z unless asked
 * otherwise, a page at a time (at most TOPIC_LIST_SIZE), with the total.
 */
export async function searchTopics(search: TopicSearch, db?: Db) {
  db ??= await getDb();
  const words = (search.q ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20);
  const pattern = (word: string) => `%${word.replace(/[\\%_]/g, "\\$&")}%`;
  const where = and(
    eq(hirTopics.deleted, search.deleted),
    search.archived === undefined ? undefined : eq(hirTopics.archived, search.archived),
    ...words.map((word) =>
      or(
        like(sql`lower(${hirTopics.titleOfTopic})`, pattern(word)),
        like(sql`lower(${hirTopics.hssId})`, pattern(word)),
      ),
    ),
  );
  const direction = search.sortOrder === "desc" ? desc : asc;
  const byTitle = sql`lower(${hirTopics.titleOfTopic})`;
  const order =
    search.orderBy === "publication_date"
      ? [sql`${direction(hirTopics.publicationDate)} NULLS LAST`, byTitle, hirTopics.id]
      : [direction(byTitle), direction(hirTopics.id)];
  const size = Math.min(Math.max(search.size ?? TOPIC_LIST_SIZE, 0), TOPIC_LIST_SIZE);
  const [rows, [count]] = await Promise.all([
    selectTopics(db)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset(Math.max(search.from ?? 0, 0)),
    db.select({ total: countRows() }).from(hirTopics).where(where),
  ]);
  const topics: HirTopic[] = rows;
  return { topics, total: count.total };
}

export async function getTopic(id: number, db?: Db) {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31 - 1) return undefined;
  db ??= await getDb();
  const [row]: HirTopic[] = await selectTopics(db).where(eq(hirTopics.id, id));
  return row;
}

export async function createTopic(input: TopicInput, userId: number | null, db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .insert(hirTopics)
    .values({ ...input, createdBy: userId, updatedBy: userId })
    .returning({ id: hirTopics.id });
  return row.id;
}

export async function updateTopic(id: number, input: TopicInput, userId: number | null, db?: Db) {
  db ??= await getDb();
  const rows = await db
    .update(hirTopics)
    .set({
      titleOfTopic: input.titleOfTopic,
      ihsiCategories: input.ihsiCategories,
      publicationDate: input.publicationDate,
      hssId: input.hssId,
      archived: input.archived,
      updatedBy: userId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(hirTopics.id, id), not(hirTopics.deleted)))
    .returning({ id: hirTopics.id });
  return rows.length > 0;
}

export type TopicSaved =
  | { status: "saved"; id: number }
  | { status: "unknown-record"; message: string }
  | { status: "missing" };

/**
 * Adds a topic (no `id`) or changes one, as the staff form and the API do: the topic links
 * to its record, so the HSS ID must be a published record's. "missing": no current topic has
 * the id (a deleted one is restored before it is edited).
 */
export async function saveTopic(
  input: TopicInput,
  userId: number | null,
  id?: number,
  db?: Db,
): Promise<TopicSaved> {
  db ??= await getDb();
  const unknown = await unknownHssIds([input.hssId], db);
  if (unknown.length) return { status: "unknown-record", message: unknownHssIdMessage(unknown) };
  if (id === undefined) return { status: "saved", id: await createTopic(input, userId, db) };
  return (await updateTopic(id, input, userId, db))
    ? { status: "saved", id }
    : { status: "missing" };
}

/** Delete puts a topic aside (`deleted`); restore brings it back. */
export async function setTopicDeleted(
  id: number,
  deleted: boolean,
  userId: number | null,
  db?: Db,
) {
  db ??= await getDb();
  const rows = await db
    .update(hirTopics)
    .set({ deleted, updatedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(hirTopics.id, id), eq(hirTopics.deleted, !deleted)))
    .returning({ id: hirTopics.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------
// The record page's High Impact Reports section

/** The reports covering a record and its upcoming topics, in one statement. */
export async function hirsOfRecord(hssId: string, db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{
    kind: "report" | "topic";
    id: number;
    title: string;
    at: string | null;
    byte_size: number | string | null;
  }>(
    db,
    sql`(SELECT 'report' AS kind, ${hirs.id}, ${hirs.title}, ${utcText(hirs.updatedAt)} AS at, ${hirFiles.byteSize}
           FROM ${hirs} LEFT JOIN ${hirFiles} ON ${finishedFile}
          WHERE ${hssId} = ANY(${hirs.hssIds}) AND NOT ${hirs.archived} ORDER BY ${hirs.updatedAt} DESC LIMIT 50)
        UNION ALL
        (SELECT 'topic', ${hirTopics.id}, ${hirTopics.titleOfTopic}, ${hirTopics.publicationDate}::text, NULL
           FROM ${hirTopics} WHERE ${hirTopics.hssId} = ${hssId} AND NOT ${hirTopics.archived} AND NOT ${hirTopics.deleted}
          ORDER BY lower(${hirTopics.titleOfTopic}) LIMIT 50)`,
  );
  return {
    reports: rows
      .filter((row) => row.kind === "report")
      .map((row) => ({
        id: row.id,
        title: row.title,
        updatedAt: row.at ?? "",
        byteSize: row.byte_size === null ? null : Number(row.byte_size),
      })),
    topics: rows
      .filter((row) => row.kind === "topic")
      .map((row) => ({ id: row.id, titleOfTopic: row.title, publicationDate: row.at })),
  };
}
export type RecordHirs = Awaited<ReturnType<typeof hirsOfRecord>>;

export { HIR_MAX_BYTES };
