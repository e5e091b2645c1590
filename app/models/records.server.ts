import { and, desc, eq, sql as dsql } from "drizzle-orm";
import { type Db, getDb, queryRows, schema, sql } from "~/db/client.server";
import type { ChangeLogEntry, HssRecord, RecordView } from "~/records/types";
import { PRINT_SECTION_VALUES } from "~/records/sections";

export type { ChangeLogEntry, RecordView };
import { markPublished, nextCatalogueVersion } from "./search-index.server";

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

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
  const versionJoin = options.preview
    ? sql`v.id = coalesce((SELECT s.id FROM record_versions s WHERE s.record_id = r.id AND s.state = 'staged'), r.published_version_id)`
    : sql`v.id = r.published_version_id`;
  const states = options.preview
    ? ["published", "superseded", "staged"]
    : ["published", "superseded"];
  // One statement: the version, its change log, and which related records are published.
  const [row] = await queryRows<{
    id: number;
    hss_id: string;
    document: HssRecord;
    version: number;
    state: "published" | "staged";
    version_at: string;
    first_published_at: string | null;
    change_log: ChangeLogEntry[];
    published_related: string[];
  }>(
    db,
    sql`SELECT r.id, r.hss_id, v.document, v.version, v.state, coalesce(v.published_at, v.created_at) AS version_at,
               (SELECT min(f.published_at) FROM record_versions f WHERE f.record_id = r.id) AS first_published_at,
               coalesce((SELECT json_agg(json_build_object('id', c.id, 'changedAt', c.changed_at, 'version', cv.version,
                                                          'state', cv.state, 'section', c.section, 'field', c.field,
                                                          'before', c.before, 'after', c.after)
                                         ORDER BY c.changed_at DESC, c.id)
                           FROM record_changes c JOIN record_versions cv ON cv.id = c.version_id
                          WHERE c.record_id = r.id AND cv.state IN (SELECT jsonb_array_elements_text(${jsonb(states)}))),
                        '[]'::json) AS change_log,
               ARRAY(SELECT p.hss_id FROM records p
                      WHERE p.published_version_id IS NOT NULL
                        AND p.hss_id IN (SELECT link->>'hssId'
                                           FROM jsonb_each(v.document->'relatedRecords') AS kinds(kind, links),
                                                jsonb_array_elements(CASE jsonb_typeof(links) WHEN 'array' THEN links ELSE '[]'::jsonb END) AS link)) AS published_related
          FROM records r JOIN record_versions v ON ${versionJoin}
         WHERE r.hss_id = ${hssId}`,
  );
  if (!row) return null;
  const changeLog = row.change_log;
  const related = row.published_related.map((hss_id) => ({ hss_id }));
  return {
    hssId: row.hss_id,
    document: row.document,
    version: row.version,
    state: row.state,
    versionAt: new Date(row.version_at).toISOString(),
    firstPublishedAt: row.first_published_at
      ? new Date(row.first_published_at).toISOString()
      : null,
    changeLog: changeLog.map((entry) => ({
      ...entry,
      changedAt: new Date(entry.changedAt).toISOString(),
    })),
    publishedRelated: related.map((r) => r.hss_id),
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
  const rows = await queryRows<StagedVersion & { total: number }>(
    db,
    sql`SELECT r.hss_id AS "hssId", v.document->>'title' AS title, v.version, v.created_at AS "stagedAt",
               r.published_version_id IS NULL AS "isNew",
               (SELECT count(*)::int FROM record_changes c WHERE c.version_id = v.id) AS changes,
               count(*) OVER ()::int AS total
          FROM record_versions v JOIN records r ON r.id = v.record_id
         WHERE v.state = 'staged'
         ORDER BY v.created_at DESC, r.hss_id
         LIMIT ${options.limit} OFFSET ${options.offset}`,
  );
  return {
    total: rows[0]?.total ?? (await countStaged(db)),
    versions: rows.map(({ total: _total, ...row }) => ({
      ...row,
      stagedAt: new Date(row.stagedAt).toISOString(),
    })),
  };
}

async function countStaged(db: Db) {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM record_versions WHERE state = 'staged'`,
  );
  return row.count;
}

/**
 * Publishes staged versions (of the given records, or all): each becomes the published
 * version, the one before is superseded, and its change log is dated now.
 */
export async function publishStaged(hssIds: string[] | "all", db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const filter =
      hssIds === "all"
        ? sql`TRUE`
        : sql`r.hss_id IN (SELECT jsonb_array_elements_text(${jsonb(hssIds)}))`;
    const staged = await queryRows<{
      id: number;
      record_id: number;
      published_version_id: number | null;
      document: HssRecord;
    }>(
      txDb,
      sql`SELECT v.id, v.record_id, r.published_version_id, v.document
            FROM record_versions v JOIN records r ON r.id = v.record_id
           WHERE v.state = 'staged' AND ${filter}
           FOR UPDATE OF v`,
    );
    if (!staged.length) return 0;
    const at = new Date();
    const previous = staged.flatMap((row) =>
      row.published_version_id ? [row.published_version_id] : [],
    );
    if (previous.length) {
      await txDb.execute(
        sql`UPDATE record_versions SET state = 'superseded' WHERE id IN (SELECT jsonb_array_elements_text(${jsonb(previous)})::int)`,
      );
    }
    const ids = jsonb(staged.map((row) => row.id));
    await txDb.execute(
      sql`UPDATE record_versions SET state = 'published', published_at = ${at.toISOString()}::timestamptz
           WHERE id IN (SELECT jsonb_array_elements_text(${ids})::int)`,
    );
    await txDb.execute(
      sql`UPDATE record_changes SET changed_at = ${at.toISOString()}::timestamptz
           WHERE version_id IN (SELECT jsonb_array_elements_text(${ids})::int)`,
    );
    await markPublished(
      txDb,
      staged.map((row) => ({ recordId: row.record_id, versionId: row.id, doc: row.document, at })),
      await nextCatalogueVersion(txDb),
    );
    return staged.length;
  });
}

/** Discards staged versions; a record that was never published disappears with its only version. */
export async function discardStaged(hssIds: string[] | "all", db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const filter =
      hssIds === "all"
        ? sql`TRUE`
        : sql`r.hss_id IN (SELECT jsonb_array_elements_text(${jsonb(hssIds)}))`;
    const discarded = await queryRows<{ record_id: number }>(
      txDb,
      sql`UPDATE record_versions v SET state = 'discarded' FROM records r
           WHERE r.id = v.record_id AND v.state = 'staged' AND ${filter}
          RETURNING v.record_id`,
    );
    if (discarded.length) {
      // Nothing searchable changes, but the version moves with every discard all the same.
      await nextCatalogueVersion(txDb);
      await txDb.execute(
        sql`DELETE FROM records WHERE published_version_id IS NULL
              AND id IN (SELECT jsonb_array_elements_text(${jsonb(discarded.map((row) => row.record_id))})::int)`,
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
      id: schema.recordImports.id,
      source: schema.recordImports.source,
      filename: schema.recordImports.filename,
      mode: schema.recordImports.mode,
      state: schema.recordImports.state,
      itemCount: schema.recordImports.itemCount,
      createdAt: schema.recordImports.createdAt,
      appliedAt: schema.recordImports.appliedAt,
      uploadedBy: schema.users.email,
    })
    .from(schema.recordImports)
    .leftJoin(schema.users, eq(schema.users.id, schema.recordImports.uploadedBy))
    .orderBy(desc(schema.recordImports.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt ? row.appliedAt.toISOString() : null,
  }));
}

export async function getImport(id: number, db?: Db) {
  db ??= await getDb();
  const [row] = await db.select().from(schema.recordImports).where(eq(schema.recordImports.id, id));
  return row ?? null;
}

/** Drops an upload that was never applied. */
export async function cancelImport(id: number, db?: Db) {
  db ??= await getDb();
  await db
    .update(schema.recordImports)
    .set({ state: "cancelled", content: null })
    .where(
      and(
        eq(schema.recordImports.id, id),
        dsql`${schema.recordImports.state} IN ('checking', 'validated', 'invalid')`,
      ),
    );
}

export async function countPublishedRecords(db?: Db) {
  db ??= await getDb();
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM records WHERE published_version_id IS NOT NULL`,
  );
  return row.count;
}
