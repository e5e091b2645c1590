import { setImmediate as turn } from "node:timers/promises";
import { UPLOAD_MAX_BYTES } from "~/lib/upload-limits";
import { and, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { columnList, type Db, getDb, queryRows, schema, sql } from "~/db/client.server";
import { canonicalJson, diffRecords, type FieldChange } from "~/records/diff";
import {
  type ImportFormat,
  ImportFileError,
  readItems,
  textChunks,
} from "~/records/read-items.server";
import { importProblem } from "~/records/import-problems.server";
import { type HssRecord, recordSchema } from "~/records/schema.server";
import { insertPublishedRecords, markPublished, nextCatalogueVersion } from "./search-index.server";
import { required } from "~/lib/required";
import { createJob, JobCancelled, JobFailure, JobLost, type JobRun } from "./jobs.server";

/**
 * Import of records: a whole file is validated first, and only a file without a single
 * error is applied, in one transaction. A changed record gets a new version (published
 * at once, or staged for preview); the field-level difference from the version before
 * becomes its change log. Docs: docs/import-format.md.
 */
export type ImportMode = "publish" | "preview";

export interface ImportError {
  item: number;
  line: number;
  hssId?: string;
  field: string;
  problem: string;
}

export interface ImportCounts {
  new: number;
  changed: number;
  unchanged: number;
  /** Field-level change-log entries written (or that would be). */
  changes: number;
  /** Staged versions replaced by this import. */
  stagedReplaced: number;
}

export interface ImportReport {
  format?: ImportFormat;
  items: number;
  errorCount: number;
  /** The first MAX_REPORTED_ERRORS errors. */
  errors: ImportError[];
  counts?: ImportCounts;
}

/** The report of an import that was applied: it has its counts. */
export type AppliedImportReport = ImportReport & { counts: ImportCounts };

export const MAX_REPORTED_ERRORS = 1000;
const BATCH_SIZE = 1000;

type Chunks = () => AsyncIterable<string>;

interface ParsedItem {
  item: number;
  doc: HssRecord;
  /** When the change happened; defaults to the time of the import (the demo seeds history with it). */
  at?: Date;
}

/** A zod issue path as the field name of an error: `regulatoryInformation.ema.events[2].date`. */
function fieldName(path: ReadonlyArray<PropertyKey>) {
  return (
    path.reduce<string>(
      (name, part) =>
        typeof part === "number"
          ? `${name}[${part}]`
          : name
            ? `${name}.${String(part)}`
            : String(part),
      "",
    ) || "(record)"
  );
}

function hssIdOf(value: unknown) {
  const id = value && typeof value === "object" ? (value as { hssId?: unknown }).hssId : undefined;
  return typeof id === "string" ? id : undefined;
}

/**
 * Reads and validates every item of a file. Calls `onValid` with each batch of valid
 * items only while no error has been found (a dry run passes none).
 *
 * A batch is written while the next is read and checked: where the database has a thread of
 * its own (the import command's), the two run at once. One write at most is under way, so
 * the writes keep the file's order and memory stays bounded by two batches; every write has
 * ended, or failed, by the time this returns.
 */
async function scan(
  chunks: Chunks,
  onValid?: (batch: ParsedItem[]) => Promise<void>,
  onRead?: (items: number) => Promise<void>,
): Promise<ImportReport> {
  const report: ImportReport = { items: 0, errorCount: 0, errors: [] };
  const seen = new Map<string, number>();
  let batch: ParsedItem[] = [];
  // The write under way, awaited by the next one or at the end.
  let writing: Promise<void> | undefined;
  let inFlight = false;
  const write = async (items: ParsedItem[]) => {
    if (!onValid) return;
    await writing;
    inFlight = true;
    writing = onValid(items);
    // Also marks a failure as handled until it is awaited.
    writing.then(
      () => (inFlight = false),
      () => (inFlight = false),
    );
  };
  const fail = (error: ImportError) => {
    report.errorCount += 1;
    if (report.errors.length < MAX_REPORTED_ERRORS) report.errors.push(error);
  };
  try {
    for await (const raw of readItems(chunks(), (format) => (report.format = format))) {
      report.items = raw.item;
      // While a batch is written, every eighth item gives the event loop a turn: the write's
      // next statement is sent soon after the last one is answered, not after the next chunk
      // of the file (a turn for each item cost more than it saved).
      if (inFlight && raw.item % 8 === 0) await turn();
      if (onRead && raw.item % BATCH_SIZE === 0) await onRead(raw.item);
      let value: unknown;
      try {
        value = JSON.parse(raw.text);
      } catch (error) {
        fail({
          item: raw.item,
          line: raw.line,
          field: "(record)",
          problem: `is not valid JSON (${(error as Error).message})`,
        });
        continue;
      }
      const hssId = hssIdOf(value);
      const parsed = recordSchema.safeParse(value, { error: importProblem });
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          fail({
            item: raw.item,
            line: raw.line,
            hssId,
            field: fieldName(issue.path),
            problem: issue.message,
          });
        continue;
      }
      const first = seen.get(parsed.data.hssId);
      if (first !== undefined) {
        fail({
          item: raw.item,
          line: raw.line,
          hssId,
          field: "hssId",
          problem: `appears more than once (first as item ${first})`,
        });
        continue;
      }
      seen.set(parsed.data.hssId, raw.item);
      if (onValid && report.errorCount === 0) {
        batch.push({ item: raw.item, doc: parsed.data });
        if (batch.length >= BATCH_SIZE) {
          await write(batch);
          batch = [];
        }
      }
    }
  } catch (error) {
    if (!(error instanceof ImportFileError)) {
      await writing?.catch(() => {});
      throw error;
    }
    fail({
      item: report.items + 1,
      line: error.line,
      field: "(file)",
      problem: error.message,
    });
  }
  if (report.items === 0 && report.errorCount === 0) {
    fail({
      item: 0,
      line: 1,
      field: "(file)",
      problem: "The file holds no records.",
    });
  }
  if (report.errorCount === 0 && batch.length) await write(batch);
  await writing;
  return report;
}

const { records, recordVersions, recordChanges, recordImports } = schema;

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** Ids as one jsonb parameter, for `inArray`: `(SELECT … ::int)`. */
const jsonbIds = (ids: number[]) => sql`(SELECT jsonb_array_elements_text(${jsonb(ids)})::int)`;

/** The records of these HSS IDs with their published and staged versions (jsonb documents). */
function existingRows(db: Db, hssIds: string[]) {
  const pv = alias(recordVersions, "pv");
  const sv = alias(recordVersions, "sv");
  const mv = alias(recordVersions, "mv");
  return db
    .select({
      id: records.id,
      hssId: records.hssId,
      publishedId: records.publishedVersionId,
      published: pv.document,
      stagedId: sv.id,
      staged: sv.document,
      maxVersion: sql<
        number | null
      >`(SELECT max(${mv.version}) FROM ${recordVersions} AS ${mv} WHERE ${mv.recordId} = ${records.id})`,
    })
    .from(records)
    .leftJoin(pv, eq(pv.id, records.publishedVersionId))
    .leftJoin(sv, and(eq(sv.recordId, records.id), eq(sv.state, "staged")))
    .where(sql`${records.hssId} IN (SELECT jsonb_array_elements_text(${jsonb(hssIds)}))`);
}
type Existing = Awaited<ReturnType<typeof existingRows>>[number];

async function existingRecords(db: Db, hssIds: string[]) {
  const rows = await existingRows(db, hssIds);
  return new Map(rows.map((row) => [row.hssId, row]));
}

interface Plan {
  item: ParsedItem;
  existing?: Existing;
  changes: FieldChange[];
}

/** Sorts a batch into new, changed and unchanged against what the database holds. */
function planBatch(
  items: ParsedItem[],
  existing: Map<string, Existing>,
  mode: ImportMode,
  counts: ImportCounts,
) {
  const plans: Plan[] = [];
  for (const item of items) {
    const current = existing.get(item.doc.hssId);
    const published = current?.published ?? undefined;
    const base = mode === "preview" ? (current?.staged ?? published) : published;
    if (base && canonicalJson(base) === canonicalJson(item.doc)) {
      counts.unchanged += 1;
      continue;
    }
    if (published) counts.changed += 1;
    else counts.new += 1;
    if (current?.stagedId) counts.stagedReplaced += 1;
    // jsonb keeps keys in its own order; parsing restores the schema's, so the change log follows the page.
    const changes = diffRecords(published ? recordSchema.parse(published) : undefined, item.doc);
    counts.changes += changes.length;
    plans.push({ item, existing: current, changes });
  }
  return plans;
}

/** The catalogue version of an import's transaction, once it publishes anything. */
interface Catalogue {
  version: number | null;
}

/**
 * Writes one batch: new record rows, versions, change logs, and the published state. A new
 * record that is published at once is written whole, its row and its first version in one
 * statement; the others take a version beside the one they have.
 */
async function applyBatch(
  db: Db,
  items: ParsedItem[],
  options: {
    mode: ImportMode;
    importId: number | null;
    at: Date;
    counts: ImportCounts;
    catalogue: Catalogue;
  },
) {
  const existing = await existingRecords(
    db,
    items.map((item) => item.doc.hssId),
  );
  const plans = planBatch(items, existing, options.mode, options.counts);
  if (!plans.length) return;

  const publish = options.mode === "publish";
  const at = (plan: Plan) => plan.item.at ?? options.at;
  const recordIds = new Map<string, number>(
    [...existing.values()].map((row) => [row.hssId, row.id]),
  );
  // Record id → the id of the version this import gave it.
  const versionIds = new Map<number, number>();
  if (publish) {
    // The version is taken once, at the first published batch, and held until commit.
    options.catalogue.version ??= await nextCatalogueVersion(db);
  }

  const fresh = publish ? plans.filter((plan) => !plan.existing) : [];
  if (fresh.length) {
    const created = await insertPublishedRecords(
      db,
      fresh.map((plan) => ({
        hssId: plan.item.doc.hssId,
        doc: plan.item.doc,
        at: at(plan),
      })),
      {
        version: required(options.catalogue.version, "catalogue version"),
        importId: options.importId,
        createdAt: options.at,
      },
    );
    for (const row of created) {
      recordIds.set(row.hssId, row.recordId);
      versionIds.set(row.recordId, row.versionId);
    }
  }

  const others = publish ? plans.filter((plan) => plan.existing) : plans;
  if (others.length) {
    await addVersions(db, others, {
      mode: options.mode,
      importId: options.importId,
      createdAt: options.at,
      at,
      version: options.catalogue.version,
      recordIds,
      versionIds,
    });
  }

  const changeRows = plans.flatMap((plan) => {
    const recordId = required(
      recordIds.get(plan.item.doc.hssId),
      `record id of ${plan.item.doc.hssId}`,
    );
    return plan.changes.map((change) => ({
      record_id: recordId,
      version_id: required(versionIds.get(recordId), "inserted version"),
      changed_at: at(plan).toISOString(),
      ...change,
    }));
  });
  const c = recordChanges;
  for (let start = 0; start < changeRows.length; start += 5000) {
    await db.execute(sql`
      INSERT INTO ${c} ${columnList(
        c.recordId,
        c.versionId,
        c.changedAt,
        c.section,
        c.field,
        c.before,
        c.after,
      )}
      SELECT x.record_id, x.version_id, x.changed_at, x.section, x.field, x.before, x.after
        FROM jsonb_to_recordset(${jsonb(changeRows.slice(start, start + 5000))})
          AS x(record_id int, version_id int, changed_at timestamptz, section text, field text, before text, after text)`);
  }
}

/**
 * A new version for each plan: for a record already there (published at once, or staged), or
 * for a new record staged for preview, whose row is created first.
 */
async function addVersions(
  db: Db,
  plans: Plan[],
  options: {
    mode: ImportMode;
    importId: number | null;
    /** When the import runs: a new record's row is created then. */
    createdAt: Date;
    /** When a plan's change happened. */
    at: (plan: Plan) => Date;
    /** The catalogue version of the transaction, when it publishes. */
    version: number | null;
    recordIds: Map<string, number>;
    versionIds: Map<number, number>;
  },
) {
  const { recordIds, versionIds } = options;
  const now = options.createdAt;
  const missing = plans.filter((plan) => !plan.existing).map((plan) => plan.item.doc.hssId);
  if (missing.length) {
    const created = await queryRows<Pick<typeof records.$inferSelect, "id" | "hssId">>(
      db,
      sql`INSERT INTO ${records} ${columnList(records.hssId, records.createdAt, records.updatedAt)}
          SELECT h, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            FROM jsonb_array_elements_text(${jsonb(missing)}) h
          RETURNING ${records.id}, ${records.hssId} AS "hssId"`,
    );
    for (const row of created) recordIds.set(row.hssId, row.id);
  }

  // A new version replaces any version still waiting to be published.
  const replacedStaged = plans.flatMap((plan) =>
    plan.existing?.stagedId ? [plan.existing.stagedId] : [],
  );
  if (replacedStaged.length) {
    await db
      .update(recordVersions)
      .set({ state: "discarded" })
      .where(inArray(recordVersions.id, jsonbIds(replacedStaged)));
  }
  const publish = options.mode === "publish";
  if (publish) {
    const superseded = plans.flatMap((plan) =>
      plan.existing?.publishedId ? [plan.existing.publishedId] : [],
    );
    if (superseded.length) {
      await db
        .update(recordVersions)
        .set({ state: "superseded" })
        .where(inArray(recordVersions.id, jsonbIds(superseded)));
    }
  }

  const versionRows = plans.map((plan) => ({
    record_id: required(recordIds.get(plan.item.doc.hssId), `record id of ${plan.item.doc.hssId}`),
    version: (plan.existing?.maxVersion ?? 0) + 1,
    state: publish ? "published" : "staged",
    document: plan.item.doc,
    at: options.at(plan).toISOString(),
  }));
  const v = recordVersions;
  const inserted = await queryRows<Pick<typeof v.$inferSelect, "id" | "recordId">>(
    db,
    sql`INSERT INTO ${v} ${columnList(
      v.recordId,
      v.version,
      v.state,
      v.document,
      v.importId,
      v.createdAt,
      v.publishedAt,
    )}
        SELECT x.record_id, x.version, x.state, x.document, ${options.importId}::int, x.at,
               CASE WHEN x.state = 'published' THEN x.at END
          FROM jsonb_to_recordset(${jsonb(
            versionRows,
          )}) AS x(record_id int, version int, state text, document jsonb, at timestamptz)
        RETURNING ${v.id}, ${v.recordId} AS "recordId"`,
  );
  for (const row of inserted) versionIds.set(row.recordId, row.id);

  if (publish) {
    await markPublished(
      db,
      plans.map((plan, index) => ({
        recordId: versionRows[index].record_id,
        versionId: required(versionIds.get(versionRows[index].record_id), "inserted version"),
        doc: plan.item.doc,
        at: options.at(plan),
      })),
      required(options.version, "catalogue version"),
    );
  }
}

const emptyCounts = (): ImportCounts => ({
  new: 0,
  changed: 0,
  unchanged: 0,
  changes: 0,
  stagedReplaced: 0,
});

/**
 * Validates a whole file; with `compare`, also counts what applying it would do
 * (new, changed, unchanged records and change-log entries) without writing anything.
 */
export async function validateImport(
  chunks: Chunks,
  options: {
    mode: ImportMode;
    compare?: boolean;
    db?: Db;
    onRead?: (items: number) => Promise<void>;
  },
) {
  const db = options.db ?? (await getDb());
  const counts = emptyCounts();
  const report = await scan(
    chunks,
    options.compare
      ? async (batch) => {
          const existing = await existingRecords(
            db,
            batch.map((item) => item.doc.hssId),
          );
          planBatch(batch, existing, options.mode, counts);
        }
      : undefined,
    options.onRead,
  );
  if (options.compare && report.errorCount === 0) report.counts = counts;
  return report;
}

export class ImportNotPendingError extends Error {
  constructor() {
    super("This import has already been applied or cancelled.");
  }
}

export class InvalidImportError extends Error {
  constructor(readonly report: ImportReport) {
    super(`The file has ${report.errorCount} error(s); nothing was changed.`);
  }
}

/**
 * Applies a file in one transaction, reading it once: each batch is validated, then
 * written. At the first error the writing stops (the rest of the file is still read, so
 * that every error is reported) and the transaction is rolled back: a file with any error
 * changes nothing. Memory stays bounded by a batch, whatever the size of the file.
 */
export async function applyImport(
  chunks: Chunks,
  options: {
    mode: ImportMode;
    source: "cli" | "upload" | "demo";
    filename: string;
    userId?: number;
    importId?: number;
    at?: Date;
    db?: Db;
    /** Told the items read so far, every 1,000, inside the transaction. */
    onRead?: (items: number) => Promise<void>;
  },
): Promise<AppliedImportReport> {
  const db = options.db ?? (await getDb());
  const at = options.at ?? new Date();
  const applied = await db.transaction(async (tx) => {
    if (options.importId) {
      // Locks the upload's row: a second Apply (another tab, a double submit) finds it applied and stops.
      const claimed = await tx
        .update(recordImports)
        .set({ state: sql`${recordImports.state}` })
        .where(
          and(
            eq(recordImports.id, options.importId),
            inArray(recordImports.state, ["validated", "applying"]),
          ),
        )
        .returning({ id: recordImports.id });
      if (!claimed.length) throw new ImportNotPendingError();
    }
    const importId =
      options.importId ??
      (await createImportRow(tx, {
        ...options,
        state: "validated",
        report: { items: 0, errorCount: 0, errors: [] },
      }));
    const counts = emptyCounts();
    const catalogue: Catalogue = { version: null };
    const report = await scan(
      chunks,
      (batch) =>
        applyBatch(tx, batch, {
          mode: options.mode,
          importId,
          at,
          counts,
          catalogue,
        }),
      options.onRead,
    );
    // Throwing rolls back every batch written before the error.
    if (report.errorCount > 0) throw new InvalidImportError(report);
    const done: AppliedImportReport = { ...report, counts };
    await tx
      .update(recordImports)
      .set({
        state: "applied",
        content: null,
        report: done,
        itemCount: done.items,
        appliedAt: at,
      })
      .where(eq(recordImports.id, importId));
    return done;
  });
  await analyseAfter(db, applied.counts);
  return applied;
}

/**
 * The planner chooses between the GIN indexes and scans from table statistics, and the
 * embedded database has no autovacuum to refresh them: a large import refreshes them.
 */
async function analyseAfter(db: Db, counts: ImportCounts) {
  if (counts.new + counts.changed < 1000) return;
  await db.execute(sql`ANALYZE ${records}, ${recordVersions}, ${recordChanges}`);
}

/** Applies already-validated documents: the demo catalogue's history goes in through this. */
export async function applyRecords(
  items: Array<{ doc: HssRecord; at: Date }>,
  options: { mode: ImportMode; filename: string; db?: Db },
) {
  const db = options.db ?? (await getDb());
  const counts = emptyCounts();
  await db.transaction(async (tx) => {
    const importId = await createImportRow(tx, {
      source: "demo",
      filename: options.filename,
      mode: options.mode,
      state: "applied",
      report: { items: items.length, errorCount: 0, errors: [] },
    });
    const catalogue: Catalogue = { version: null };
    for (let start = 0; start < items.length; start += BATCH_SIZE) {
      const batch = items
        .slice(start, start + BATCH_SIZE)
        .map((entry, offset) => ({ item: start + offset + 1, ...entry }));
      await applyBatch(tx, batch, {
        mode: options.mode,
        importId,
        at: new Date(),
        counts,
        catalogue,
      });
    }
  });
  await analyseAfter(db, counts);
  return counts;
}

async function createImportRow(
  db: Db,
  row: {
    source: string;
    filename: string;
    mode: ImportMode;
    state: string;
    report: ImportReport;
    userId?: number;
    content?: string;
  },
) {
  const [created] = await db
    .insert(recordImports)
    .values({
      source: row.source,
      filename: row.filename,
      mode: row.mode,
      state: row.state,
      report: row.report,
      itemCount: row.report.items,
      uploadedBy: row.userId ?? null,
      content: row.content ?? null,
    })
    .returning({ id: recordImports.id });
  return created.id;
}

export { createImportRow };

/**
 * Keeps an uploaded file and asks for its check, as a background job: the page of the import
 * shows the check's progress, then its report. A valid file waits there until staff apply or
 * cancel it.
 */
export async function startUploadImport(upload: {
  filename: string;
  content: string;
  mode: ImportMode;
  userId: number;
}) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const importId = await createImportRow(tx, {
      source: "upload",
      filename: upload.filename,
      mode: upload.mode,
      state: "checking",
      report: { items: 0, errorCount: 0, errors: [] },
      userId: upload.userId,
      content: upload.content,
    });
    await createJob("import-check", upload.userId, { importId }, { db: tx });
    return importId;
  });
}

async function uploadedImport(db: Db, importId: number) {
  const [row] = await db
    .select({
      content: recordImports.content,
      mode: recordImports.mode,
      filename: recordImports.filename,
      state: recordImports.state,
    })
    .from(recordImports)
    .where(eq(recordImports.id, importId));
  return row;
}

/** Counts the items of a file without parsing them: the total its progress is measured in. */
async function countItems(chunks: Chunks) {
  let items = 0;
  try {
    for await (const raw of readItems(chunks(), () => {})) items = raw.item;
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
  }
  return items;
}

/** The check of an uploaded file (job "import-check"): its report, and whether it can be applied. */
export async function runImportCheckJob(run: JobRun) {
  const db = await getDb();
  const { importId } = run.input as { importId: number };
  const row = await uploadedImport(db, importId);
  if (row?.state !== "checking" || row.content === null)
    throw new JobFailure("This import is no longer waiting to be checked.");
  const content = row.content;
  await run.report({ phase: "Counting the records", done: 0 });
  const total = await countItems(() => textChunks(content));
  await run.report({ phase: "Checking the records", done: 0, total });
  let report: ImportReport;
  try {
    report = await validateImport(() => textChunks(content), {
      mode: row.mode as ImportMode,
      compare: true,
      db,
      onRead: (done) => run.report({ done }),
    });
  } catch (error) {
    if (error instanceof JobCancelled) await cancelUpload(db, importId);
    throw error;
  }
  const valid = report.errorCount === 0;
  await db
    .update(recordImports)
    .set({
      state: valid ? "validated" : "invalid",
      report,
      itemCount: report.items,
      // A valid file waits to be applied; an invalid one is dropped.
      ...(valid ? {} : { content: null }),
    })
    .where(and(eq(recordImports.id, importId), eq(recordImports.state, "checking")));
  return { valid, items: report.items, errorCount: report.errorCount };
}

async function cancelUpload(db: Db, importId: number) {
  await db
    .update(recordImports)
    .set({ state: "cancelled", content: null })
    .where(
      and(
        eq(recordImports.id, importId),
        inArray(recordImports.state, ["checking", "validated", "invalid"]),
      ),
    );
}

/**
 * Marks a checked upload as being applied. Only once: false when it is not waiting to be
 * (a second Apply from another tab or a double submit finds it already under way).
 */
export async function claimImportForApply(importId: number, db?: Db) {
  db ??= await getDb();
  const claimed = await db
    .update(recordImports)
    .set({ state: "applying" })
    .where(and(eq(recordImports.id, importId), eq(recordImports.state, "validated")))
    .returning({ id: recordImports.id });
  return claimed.length > 0;
}

/** Asks for a checked upload to be applied, as a background job; its page shows the progress. */
export async function requestApplyImport(importId: number, userId: number) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await claimImportForApply(importId, tx))) throw new ImportNotPendingError();
    return createJob("import-apply", userId, { importId }, { db: tx });
  });
}

/**
 * Applies a checked upload (job "import-apply"), publishing or staging as chosen when it was
 * uploaded, in one transaction: a worker that dies or is cancelled midway leaves nothing
 * applied, and the import waits to be applied again.
 */
export async function runImportApplyJob(run: JobRun) {
  const db = await getDb();
  const { importId } = run.input as { importId: number };
  const row = await uploadedImport(db, importId);
  if ((row?.state !== "applying" && row?.state !== "validated") || row.content === null)
    throw new JobFailure("This import has already been applied or cancelled.");
  const content = row.content;
  const [{ items }] = await db
    .select({ items: recordImports.itemCount })
    .from(recordImports)
    .where(eq(recordImports.id, importId));
  await run.report({ phase: "Applying the changes", done: 0, total: items });
  try {
    const report = await applyImport(() => textChunks(content), {
      mode: row.mode as ImportMode,
      source: "upload",
      filename: row.filename,
      importId,
      db,
      // On the embedded database the transaction holds the whole database: progress written
      // now would wait for it, so the page learns of the apply when it commits.
      onRead: run.reportsDuringTransactions ? (done) => run.report({ done }) : undefined,
    });
    return { counts: report.counts, items: report.items };
  } catch (error) {
    // Rolled back: the import waits to be applied again (Retry on its page).
    if (!(error instanceof JobLost))
      await db
        .update(recordImports)
        .set({ state: "validated" })
        .where(and(eq(recordImports.id, importId), eq(recordImports.state, "applying")));
    throw error;
  }
}

const ACCEPTED_EXTENSIONS = /\.(json|jsonl|ndjson)$/i;
const ACCEPTED_TYPES = new Set([
  "",
  "application/json",
  "application/x-ndjson",
  "application/jsonl",
  "application/jsonlines",
  "text/plain",
  "application/octet-stream",
]);
export const WRONG_TYPE = "The file must be a JSON or JSON Lines file (.json, .jsonl or .ndjson)";
export const TOO_BIG = `The file must be ${
  UPLOAD_MAX_BYTES / 1024 / 1024
} MB or smaller (use npm run import for larger files)`;
export const NO_FILE = "Select a JSON or JSON Lines file to import";
export const NO_MODE = "Choose whether to publish the changes at once or stage them for preview";

/** The upload form of /dashboard/records. */
export const uploadSchema = z.object({
  mode: z.enum(["publish", "preview"], { error: NO_MODE }),
  // Duck-typed: the multipart parser's File class is not always the global one.
  file: z
    .custom<File>(
      (value) =>
        typeof value === "object" &&
        value !== null &&
        typeof (value as File).arrayBuffer === "function" &&
        typeof (value as File).name === "string",
      { error: NO_FILE },
    )
    // Each check stops the next: no file is one message, not "empty" and "wrong type" too.
    .refine((file) => file.size > 0 || file.name !== "", {
      error: NO_FILE,
      abort: true,
    })
    .refine((file) => file.size > 0, {
      error: "The file is empty",
      abort: true,
    })
    .refine(
      (file) => ACCEPTED_EXTENSIONS.test(file.name) && ACCEPTED_TYPES.has(file.type.split(";")[0]),
      WRONG_TYPE,
    )
    .refine((file) => file.size <= UPLOAD_MAX_BYTES, TOO_BIG),
});

/** The text of an uploaded file, or null when it is not UTF-8. */
export async function uploadText(file: File) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return null;
  }
}

export { UPLOAD_MAX_BYTES };
