import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import { type Db, getDb, queryRows, schema, textArray } from "~/db/client.server";
import { allFieldColumns, limitedColumns } from "~/export/columns.server";
import { z } from "zod";
import { EXPORT_FORMATS, type ExportFormat } from "~/export/formats";
import { openExportWriter } from "~/export/writers.server";
import { env } from "~/lib/env.server";
import { can } from "~/lib/roles";
import type { HssRecord } from "~/records/schema.server";
import type { EnabledSettings } from "~/search/filters";
import type { SearchRequest } from "~/search/request";
import { recordActivity } from "./records.server";
import { countSearch, matchingRecordIds } from "./search.server";
import { clearSelection, selectionForExport } from "./selection.server";
import { createJob, type JobRun } from "./jobs.server";
import { getSiteSettings } from "./settings.server";
import type { User } from "./users.server";

/** The export page's form (server only: zod stays out of the browser). */
export const exportFormSchema = z.object({
  exportFormat: z.enum(EXPORT_FORMATS, { error: "Choose a file format" }),
  exportAll: z.enum(["selection", "all"], { error: "Choose what to export" }),
});

/** A non-admin's export of all results falls back to the selection, at most this many. */
export const FALLBACK_EXPORT_SIZE = 10_000;
/** How long an export can be downloaded. */
export const EXPORT_KEPT_HOURS = 24;
const BATCH = 500;

/** An export request; the chosen records are the user's selection (kept on the server). */
export interface ExportRequest {
  exportFormat: ExportFormat;
  /** All results of `searchRequest` rather than the selection. */
  exportAll: boolean;
  /** Every field of the record model (true only for xlsx), or the limited set. */
  includeAllFields: boolean;
  searchRequest: SearchRequest;
}

export type ExportOutcome =
  | { ok: true; id: string; recordCount: number; fellBack: boolean }
  | { ok: false; reason: "nothing-selected" };

const exportsDir = () => path.join(env().dataDir, "exports");
const fileOf = (id: string, format: string) => path.join(exportsDir(), `${id}.${format}`);

const { exportFiles, records, recordVersions } = schema;

const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** Which records an export takes, in order (docs/product.md). */
async function recordsToExport(
  db: Db,
  user: User,
  request: ExportRequest,
  settings: EnabledSettings,
) {
  const admin = can(user.roles, "manageUsers");
  if (request.exportAll && admin) {
    return { ids: await matchingRecordIds(request.searchRequest, settings), fellBack: false };
  }
  // Anyone else's "all results" is their selection, capped.
  const limit = admin ? undefined : FALLBACK_EXPORT_SIZE;
  const selection = await selectionForExport(user.id, db);
  const fellBack = request.exportAll;
  if (selection.kind === "none") return { ids: [], fellBack };
  if (selection.kind === "all")
    return { ids: await matchingRecordIds(selection.request, settings, { limit }), fellBack };
  return { ids: limit ? selection.recordIds.slice(0, limit) : selection.recordIds, fellBack };
}

/** The published documents of `ids`, in that order, a batch at a time. */
async function* documents(db: Db, ids: number[]): AsyncGenerator<HssRecord> {
  for (let start = 0; start < ids.length; start += BATCH) {
    // The schema has a version's document as unknown JSON: it is a record the import checked.
    const rows = await queryRows<{ document: HssRecord }>(
      db,
      sql`SELECT ${recordVersions.document}
            FROM unnest(${intArray(ids.slice(start, start + BATCH))}) WITH ORDINALITY AS x(id, n)
            JOIN ${records} ON ${records.id} = x.id
            JOIN ${recordVersions} ON ${recordVersions.id} = ${records.publishedVersionId}
           ORDER BY x.n`,
    );
    for (const row of rows) yield row.document;
  }
}

/** Writes an export file of `ids`: every field, or the limited set. */
export async function writeExportFile(
  file: string,
  format: ExportFormat,
  ids: number[],
  settings: EnabledSettings,
  options: {
    includeAllFields?: boolean;
    db?: Db;
    /** Told the count written after each batch (it may throw to stop the export). */
    onProgress?: (done: number) => Promise<void>;
  } = {},
) {
  const db = options.db ?? (await getDb());
  const includeAllFields = options.includeAllFields ?? format === "xlsx";
  const columns = includeAllFields ? allFieldColumns() : limitedColumns(settings);
  const writer = openExportWriter(format, file, columns);
  let count = 0;
  try {
    for await (const document of documents(db, ids)) {
      await writer.add(document);
      count += 1;
      if (count % BATCH === 0) await options.onProgress?.(count);
    }
  } finally {
    // Stopped or not, the file is closed (a stopped one is then deleted by the caller).
    await writer.close();
  }
  return count;
}

/** An export written while the caller waits (the JSON API): the records named, or the search's. */
export interface ImmediateExportRequest extends ExportRequest {
  /** The records to export, in this order, when not exportAll. */
  hssIds: string[];
  /** At most this many of an exportAll (the request's `size`). */
  limit: number;
  /** More records than this are refused rather than written. */
  maxRecords: number;
}

export type ImmediateExportOutcome =
  | { ok: true; recordCount: number }
  | { ok: false; reason: "nothing-found"; count: 0 }
  | { ok: false; reason: "too-many"; count: number };

/**
 * Writes an export to `file` now. exportAll takes the search's results as the export page
 * does: all of them for an administrator, the first FALLBACK_EXPORT_SIZE for anyone else;
 * otherwise the published records among `hssIds`. Recorded as the user's export activity.
 */
export async function exportRecordsNow(
  user: User,
  request: ImmediateExportRequest,
  settings: EnabledSettings,
  file: string,
  signal?: AbortSignal,
  db?: Db,
): Promise<ImmediateExportOutcome> {
  db ??= await getDb();
  let ids: number[];
  if (request.exportAll) {
    const admin = can(user.roles, "manageUsers");
    const cap = Math.min(request.limit, admin ? Number.MAX_SAFE_INTEGER : FALLBACK_EXPORT_SIZE);
    ids = await matchingRecordIds(request.searchRequest, settings, {
      limit: Math.min(cap, request.maxRecords + 1),
    });
  } else {
    const rows = await queryRows<Pick<typeof records.$inferSelect, "id">>(
      db,
      sql`SELECT ${records.id} FROM unnest(${textArray(request.hssIds)}) WITH ORDINALITY AS x(hss_id, n)
            JOIN ${records} ON ${records.hssId} = x.hss_id AND ${records.publishedVersionId} IS NOT NULL
           ORDER BY x.n`,
    );
    ids = [...new Set(rows.map((row) => row.id))];
  }
  if (!ids.length) return { ok: false, reason: "nothing-found", count: 0 };
  if (ids.length > request.maxRecords) {
    const count = await countSearch(request.searchRequest, settings);
    return { ok: false, reason: "too-many", count };
  }
  const recordCount = await writeExportFile(file, request.exportFormat, ids, settings, {
    includeAllFields: request.includeAllFields,
    db,
    onProgress: async () => signal?.throwIfAborted(),
  });
  const activity = new URLSearchParams({
    format: request.exportFormat,
    records: String(recordCount),
    scope: request.exportAll ? "all" : "selection",
  });
  await recordActivity(user.id, "export", activity.toString(), db);
  return { ok: true, recordCount };
}

/** What an export job is given: the records are chosen when it is asked for. */
export interface ExportJobInput {
  format: ExportFormat;
  includeAllFields: boolean;
  /** "all" only for an administrator's export of every result. */
  scope: "all" | "selection";
  /** A non-administrator asked for all results and got their selection. */
  fellBack: boolean;
  ids: number[];
}

export interface ExportJobResult {
  recordCount: number;
  byteSize: number;
}

/**
 * Asks for an export of the user's selection (or, for an admin, all results of the search),
 * as a background job. The records are taken now, and the selection is cleared: the export
 * has them, and the user may start a new selection while it runs. The file is kept for 24
 * hours for its owner only, at /export/{id}.
 */
export async function startExport(
  user: User,
  request: ExportRequest,
  settings: EnabledSettings,
  db?: Db,
): Promise<ExportOutcome> {
  db ??= await getDb();
  await sweepNowAndThen(db);
  const { ids, fellBack } = await recordsToExport(db, user, request, settings);
  if (!ids.length) return { ok: false, reason: "nothing-selected" };
  const input: ExportJobInput = {
    format: request.exportFormat,
    includeAllFields: request.includeAllFields,
    scope: request.exportAll && !fellBack ? "all" : "selection",
    fellBack,
    ids,
  };
  const id = await db.transaction(async (tx) => {
    const jobId = await createJob("export", user.id, input, { db: tx });
    await clearSelection(user.id, tx);
    return jobId;
  });
  return { ok: true, id, recordCount: ids.length, fellBack };
}

/**
 * The export job: writes the file under a name of its own attempt's, renamed into place when
 * complete, so that a worker whose lease ran out (and that may still be writing) never
 * clashes with the one that took over. Reports progress every 500 records.
 */
export async function runExportJob(run: JobRun, db?: Db): Promise<ExportJobResult> {
  db ??= await getDb();
  const input = run.input as ExportJobInput;
  const settings = await getSiteSettings();
  const file = fileOf(run.id, input.format);
  const part = `${file}.${run.attempt}.part`;
  await mkdir(exportsDir(), { recursive: true });
  const total = input.ids.length;
  await run.report({ phase: "Writing the file", done: 0, total });
  let recordCount: number;
  try {
    recordCount = await writeExportFile(part, input.format, input.ids, settings, {
      includeAllFields: input.includeAllFields,
      db,
      onProgress: (done) => run.report({ done }),
    });
    await run.report({ phase: "Saving the file", done: recordCount });
    await rename(part, file);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
  const { size } = await stat(file);
  const excluded = (column: { name: string }) => sql`excluded.${sql.identifier(column.name)}`;
  await db
    .insert(exportFiles)
    .values({
      id: run.id,
      userId: run.userId,
      format: input.format,
      recordCount,
      byteSize: size,
      expiresAt: sql`now() + make_interval(hours => ${EXPORT_KEPT_HOURS})`,
    })
    .onConflictDoUpdate({
      target: exportFiles.id,
      set: {
        recordCount: excluded(exportFiles.recordCount),
        byteSize: excluded(exportFiles.byteSize),
        expiresAt: excluded(exportFiles.expiresAt),
      },
    });
  const activity = new URLSearchParams({
    format: input.format,
    records: String(recordCount),
    scope: input.scope,
  });
  await recordActivity(run.userId, "export", activity.toString(), db);
  return { recordCount, byteSize: size };
}

export interface ExportFile {
  id: string;
  format: ExportFormat;
  recordCount: number;
  byteSize: number;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  path: string;
}

/** An export, for its owner only: anyone else gets null, as if it did not exist. */
export async function getExportFile(
  id: string,
  userId: number,
  db?: Db,
): Promise<ExportFile | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  db ??= await getDb();
  const [row] = await db
    .select({
      id: exportFiles.id,
      format: exportFiles.format,
      recordCount: exportFiles.recordCount,
      byteSize: exportFiles.byteSize,
      createdAt: sql<string>`${exportFiles.createdAt}::text`,
      expiresAt: sql<string>`${exportFiles.expiresAt}::text`,
      expired: sql<boolean>`${exportFiles.expiresAt} <= now()`,
    })
    .from(exportFiles)
    .where(and(eq(exportFiles.id, id), eq(exportFiles.userId, userId)));
  if (!row) return null;
  return {
    ...row,
    format: row.format as ExportFormat,
    path: fileOf(row.id, row.format),
  };
}

/** How often asking for an export also sweeps: files are kept for a day, a few minutes late is nothing. */
const SWEEP_EVERY_MS = 5 * 60_000;
let lastSweep = Number.NEGATIVE_INFINITY;

/**
 * Sweeps when this process has not for a while. Sweeping lists every file in the exports
 * folder (a day of a busy site's exports), which is too much to do for every export asked for.
 */
async function sweepNowAndThen(db: Db) {
  const now = Date.now();
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  await sweepExpiredExports(db);
}

/** Deletes the files of exports past their 24 hours (their rows stay, so a late link says "expired"). */
export async function sweepExpiredExports(db?: Db) {
  db ??= await getDb();
  const rows = await db
    .update(exportFiles)
    .set({ byteSize: 0 })
    .where(and(lte(exportFiles.expiresAt, sql`now()`), gt(exportFiles.byteSize, 0)))
    .returning({ id: exportFiles.id, format: exportFiles.format });
  for (const row of rows) await rm(fileOf(row.id, row.format), { force: true });
  // Rows a week past expiry have told anyone following an old link long enough.
  await db.delete(exportFiles).where(lte(exportFiles.expiresAt, sql`now() - interval '7 days'`));
  // A worker that died mid-export left its part-written file behind.
  const names = await readdir(exportsDir()).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.endsWith(".part"))) {
    const file = path.join(exportsDir(), name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > EXPORT_KEPT_HOURS * 3600_000)
      await rm(file, { force: true });
  }
}
