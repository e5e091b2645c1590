import { and, desc, eq, inArray, isNull, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, getDb, schema, sql } from "~/db/client.server";
import type { ChangeLogEntry, HssRecord, RecordView } from "~/records/types";
import { PRINT_SECTION_VALUES } from "~/records/sections";

export type { ChangeLogEntry, RecordView };
import { markPublished, nextCatalogueVersion } from "./search-index.server";

const { records, recordVersions, recordChanges, recordImports } = schema;

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** Ids as one jsonb parameter, for `inArray`: `(SELECT … ::int)`. */
const jsonbIds = (ids: number[]) => sql`(SELECT jsonb_array_elements_text(${jsonb(ids)})::int)`;
/** Only the records of these HSS IDs (one jsonb parameter), or all. */
const ofRecords = (hssIds: string[] | "all") =>
  hssIds === "all"
    ? undefined
    : sql`${records.hssId} IN (SELECT jsonb_array_elements_text(${jsonb(hssIds)}))`;

/**
 * A record as its page shows it. Published only, unless `preview`: then the staged
 * version if there is one (with its pending change-log entries), otherwise the published.
 */
export async function getRecord(
  hssId: string,
  options: { preview?: boolean } = {},
  db?: Db,
): Promise<RecordView | null> {
  db ??= await getDb();
  const v = alias(recordVersions, "v");
  const s = alias(recordVersions, "s");
  const f = alias(recordVersions, "f");
  const c = alias(recordChanges, "c");
  const cv = alias(recordVersions, "cv");
  const p = alias(records, "p");
  const versionJoin = options.preview
    ? sql`${v.id} = coalesce((SELECT ${s.id} FROM ${recordVersions} AS ${s} WHERE ${s.recordId} = ${records.id} AND ${s.state} = 'staged'), ${records.publishedVersionId})`
    : eq(v.id, records.publishedVersionId);
  const states = options.preview
    ? ["published", "superseded", "staged"]
    : ["published", "superseded"];
  const firstPublishedAt = sql<string | null>`(SELECT min(${f.publishedAt})
      FROM ${recordVersions} AS ${f} WHERE ${f.recordId} = ${records.id})`;
  const changeLog = sql<ChangeLogEntry[]>`coalesce(
    (SELECT json_agg(json_build_object('id', ${c.id}, 'changedAt', ${c.changedAt}, 'version', ${cv.version},
                                       'state', ${cv.state}, 'section', ${c.section}, 'field', ${c.field},
                                       'before', ${c.before}, 'after', ${c.after})
                     ORDER BY ${c.changedAt} DESC, ${c.id})
       FROM ${recordChanges} AS ${c} JOIN ${recordVersions} AS ${cv} ON ${cv.id} = ${c.versionId}
      WHERE ${c.recordId} = ${records.id}
        AND ${cv.state} IN (SELECT jsonb_array_elements_text(${jsonb(states)}))),
    '[]'::json)`;
  const publishedRelated = sql<string[]>`ARRAY(
    SELECT ${p.hssId} FROM ${records} AS ${p}
     WHERE ${p.publishedVersionId} IS NOT NULL
       AND ${p.hssId} IN (SELECT link->>'hssId'
                            FROM jsonb_each(${v.document}->'relatedRecords') AS kinds(kind, links),
                                 jsonb_array_elements(CASE jsonb_typeof(links) WHEN 'array' THEN links ELSE '[]'::jsonb END) AS link))`;
  // One statement: the version, its change log, and which related records are published.
  // Timestamps computed in SQL come back as the driver's text.
  const [row] = await db
    .select({
      hssId: records.hssId,
      document: v.document,
      version: v.version,
      state: v.state,
      versionAt: sql<string>`coalesce(${v.publishedAt}, ${v.createdAt})`,
      firstPublishedAt,
      changeLog,
      publishedRelated,
    })
    .from(records)
    .innerJoin(v, versionJoin)
    .where(eq(records.hssId, hssId));
  if (!row) return null;
  return {
    hssId: row.hssId,
    // A stored version's document is a valid record (checked when it was imported).
    document: row.document as HssRecord,
    version: row.version,
    // The join takes the published version or, in preview, the staged one.
    state: row.state as RecordView["state"],
    versionAt: new Date(row.versionAt).toISOString(),
    firstPublishedAt: row.firstPublishedAt ? new Date(row.firstPublishedAt).toISOString() : null,
    changeLog: row.changeLog.map((entry) => ({
      ...entry,
      changedAt: new Date(entry.changedAt).toISOString(),
    })),
    publishedRelated: row.publishedRelated,
  };
}

/** User activity: `view` with the hssId, `search` with the request. */
export async function recordActivity(
  userId: number,
  activityType: "view" | "search" | "export" | "signin" | "download",
  activityValue: string,
  db?: Db,
) {
  db ??= await getDb();
  await db.insert(schema.userActivity).values({ userId, activityType, activityValue });
}

/** The print sections the user chose last time; all of them at first. */
export async function getPrintSelection(userId: number, db?: Db): Promise<string[]> {
  db ??= await getDb();
  const [row] = await db
    .select({ printSections: schema.userPreferences.printSections })
    .from(schema.userPreferences)
    .where(eq(schema.userPreferences.userId, userId));
  return row?.printSections ?? [...PRINT_SECTION_VALUES];
}

export async function savePrintSelection(userId: number, sections: string[], db?: Db) {
  db ??= await getDb();
  const printSections = sections.filter((value) => PRINT_SECTION_VALUES.includes(value));
  await db
    .insert(schema.userPreferences)
    .values({ userId, printSections })
    .onConflictDoUpdate({
      target: schema.userPreferences.userId,
      set: { printSections, updatedAt: new Date() },
    });
}

export interface StagedVersion {
  hssId: string;
  title: string;
  version: number;
  stagedAt: string;
  isNew: boolean;
  changes: number;
}

/** Versions waiting in preview, newest first. */
export async function listStaged(options: { limit: number; offset: number }, db?: Db) {
  db ??= await getDb();
  const rows = await db
    .select({
      hssId: records.hssId,
      title: sql<string>`${recordVersions.document}->>'title'`,
      version: recordVersions.version,
      stagedAt: recordVersions.createdAt,
      isNew: sql<boolean>`${records.publishedVersionId} IS NULL`,
      changes: sql<number>`(SELECT count(*)::int FROM ${recordChanges} WHERE ${recordChanges.versionId} = ${recordVersions.id})`,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(recordVersions)
    .innerJoin(records, eq(records.id, recordVersions.recordId))
    .where(eq(recordVersions.state, "staged"))
    .orderBy(desc(recordVersions.createdAt), records.hssId)
    .limit(options.limit)
    .offset(options.offset);
  return {
    total: rows[0]?.total ?? (await countStaged(db)),
    versions: rows.map(
      ({ total: _total, ...row }): StagedVersion => ({
        ...row,
        stagedAt: row.stagedAt.toISOString(),
      }),
    ),
  };
}

async function countStaged(db: Db) {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(recordVersions)
    .where(eq(recordVersions.state, "staged"));
  return row.count;
}

/**
 * Publishes staged versions (of the given records, or all): each becomes the published
 * version, the one before is superseded, and its change log is dated now.
 */
export async function publishStaged(hssIds: string[] | "all", db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const staged = await tx
      .select({
        id: recordVersions.id,
        recordId: recordVersions.recordId,
        publishedVersionId: records.publishedVersionId,
        document: recordVersions.document,
      })
      .from(recordVersions)
      .innerJoin(records, eq(records.id, recordVersions.recordId))
      .where(and(eq(recordVersions.state, "staged"), ofRecords(hssIds)))
      .for("update", { of: recordVersions });
    if (!staged.length) return 0;
    const at = new Date();
    const previous = staged.flatMap((row) =>
      row.publishedVersionId ? [row.publishedVersionId] : [],
    );
    if (previous.length) {
      await tx
        .update(recordVersions)
        .set({ state: "superseded" })
        .where(inArray(recordVersions.id, jsonbIds(previous)));
    }
    const ids = jsonbIds(staged.map((row) => row.id));
    await tx
      .update(recordVersions)
      .set({ state: "published", publishedAt: at })
      .where(inArray(recordVersions.id, ids));
    await tx
      .update(recordChanges)
      .set({ changedAt: at })
      .where(inArray(recordChanges.versionId, ids));
    await markPublished(
      tx,
      staged.map((row) => ({
        recordId: row.recordId,
        versionId: row.id,
        // A staged document is a valid record (checked when it was imported).
        doc: row.document as HssRecord,
        at,
      })),
      await nextCatalogueVersion(tx),
    );
    return staged.length;
  });
}

/** Discards staged versions; a record that was never published disappears with its only version. */
export async function discardStaged(hssIds: string[] | "all", db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const discarded = await tx
      .update(recordVersions)
      .set({ state: "discarded" })
      .from(records)
      .where(
        and(
          eq(records.id, recordVersions.recordId),
          eq(recordVersions.state, "staged"),
          ofRecords(hssIds),
        ),
      )
      .returning({ recordId: recordVersions.recordId });
    if (discarded.length) {
      // Nothing searchable changes, but the version moves with every discard all the same.
      await nextCatalogueVersion(tx);
      await tx
        .delete(records)
        .where(
          and(
            isNull(records.publishedVersionId),
            inArray(records.id, jsonbIds(discarded.map((row) => row.recordId))),
          ),
        );
    }
    return discarded.length;
  });
}

export interface ImportSummary {
  id: number;
  source: string;
  filename: string;
  mode: string;
  state: string;
  itemCount: number;
  createdAt: string;
  appliedAt: string | null;
  uploadedBy: string | null;
}

export async function listImports(limit: number, db?: Db): Promise<ImportSummary[]> {
  db ??= await getDb();
  const rows = await db
    .select({
      id: recordImports.id,
      source: recordImports.source,
      filename: recordImports.filename,
      mode: recordImports.mode,
      state: recordImports.state,
      itemCount: recordImports.itemCount,
      createdAt: recordImports.createdAt,
      appliedAt: recordImports.appliedAt,
      uploadedBy: schema.users.email,
    })
    .from(recordImports)
    .leftJoin(schema.users, eq(schema.users.id, recordImports.uploadedBy))
    .orderBy(desc(recordImports.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt ? row.appliedAt.toISOString() : null,
  }));
}

export async function getImport(id: number, db?: Db) {
  db ??= await getDb();
  const [row] = await db.select().from(recordImports).where(eq(recordImports.id, id));
  return row ?? null;
}

/** Drops an upload that was never applied. */
export async function cancelImport(id: number, db?: Db) {
  db ??= await getDb();
  await db
    .update(recordImports)
    .set({ state: "cancelled", content: null })
    .where(
      and(
        eq(recordImports.id, id),
        inArray(recordImports.state, ["checking", "validated", "invalid"]),
      ),
    );
}

export async function countPublishedRecords(db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(records)
    .where(isNotNull(records.publishedVersionId));
  return row.count;
}
