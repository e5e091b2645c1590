import {
  type Column,
  and,
  desc,
  eq,
  exists,
  getTableName,
  gt,
  isNotNull,
  isNull,
  lte,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import { type Db, getDb, schema } from "~/db/client.server";
import type { SearchRequest } from "~/search/request";
import { claim } from "~/models/work.server";

/**
 * The rows of the scheduled emails (`app/jobs/scheduled.server.ts`): the saved searches and
 * the preferences that are due an email, claimed a batch at a time, the records changed since
 * each one's mark, and the mark moved on. Marks are catalogue versions, not times.
 */
const { catalogueVersion, records, savedSearches, userPreferences, users } = schema;

const PERIOD = { daily: "1 day", weekly: "7 days" } as const;

// Due: never sent, or the last one is a period old.
const due = (sentAt: Column, frequency: Column) =>
  sql`(${sentAt} IS NULL OR ${sentAt} <= now() - CASE ${frequency} WHEN 'weekly' THEN interval '${sql.raw(PERIOD.weekly)}' ELSE interval '${sql.raw(PERIOD.daily)}' END)`;

const activeUser = and(isNull(users.deletedAt), isNull(users.suspendedAt));
const published = isNotNull(records.publishedVersionId);
const changedBetween = (since: number, upTo: number) =>
  and(gt(records.catalogueVersion, since), lte(records.catalogueVersion, upTo));

/** The catalogue's current version. */
export async function currentCatalogueVersion(db?: Db) {
  db ??= await getDb();
  const [{ version }] = await db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  return version;
}

export interface ChangedRecords {
  records: { hssId: string; title: string | null }[];
  /** How many changed, of which `records` lists the most recently updated. */
  total: number;
}

async function changed(db: Db, where: SQL | undefined, limit: number): Promise<ChangedRecords> {
  const rows = await db
    .select({
      hssId: records.hssId,
      title: records.title,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(records)
    .where(where)
    .orderBy(desc(records.updatedAt), records.id)
    .limit(limit);
  return {
    records: rows.map(({ hssId, title }) => ({ hssId, title })),
    total: rows[0]?.total ?? 0,
  };
}

// ---------------------------------------------------------------- saved-search alerts

export interface DueAlert {
  id: number;
  title: string;
  request: SearchRequest;
  alertFrequency: string;
  checkedVersion: number;
  email: string;
  firstName: string;
}

/**
 * Claims up to `limit` saved searches due an alert with a published change after their mark
 * (up to `upTo`), and hands them, locked, to `onClaimed` in the claim's transaction.
 */
export async function claimDueAlerts(
  db: Db | undefined,
  upTo: number,
  limit: number,
  onClaimed: (tx: Db, rows: DueAlert[]) => Promise<void>,
) {
  db ??= await getDb();
  const s = savedSearches;
  return claim<DueAlert>(
    db,
    {
      select: sql`SELECT ${s.id} AS "id", ${s.title} AS "title", ${s.request} AS "request",
                         ${s.alertFrequency} AS "alertFrequency",
                         ${s.alertCheckedVersion}::int AS "checkedVersion",
                         ${users.email} AS "email", ${users.firstName} AS "firstName"
                    FROM ${s} JOIN ${users} ON ${users.id} = ${s.userId}
                   WHERE ${and(
                     ne(s.alertFrequency, "none"),
                     activeUser,
                     due(s.alertSentAt, s.alertFrequency),
                     exists(
                       db
                         .select({ one: sql`1` })
                         .from(records)
                         .where(
                           and(
                             gt(records.catalogueVersion, s.alertCheckedVersion),
                             lte(records.catalogueVersion, upTo),
                             published,
                           ),
                         ),
                     ),
                   )}
                   ORDER BY ${s.id}`,
      limit,
      lockOf: getTableName(s),
    },
    onClaimed,
  );
}

/** Of the records with these ids, those changed after `since` up to `upTo`. */
export function changedAmong(db: Db, ids: number[], since: number, upTo: number, limit: number) {
  return changed(
    db,
    and(sql`${records.id} = ANY(${`{${ids.join(",")}}`}::int[])`, changedBetween(since, upTo)),
    limit,
  );
}

/** Moves a saved search's mark on to `upTo`, and notes the email if one was sent. */
export async function markAlertChecked(db: Db, id: number, upTo: number, sent: boolean) {
  await db
    .update(savedSearches)
    .set({
      alertCheckedAt: sql`now()`,
      alertCheckedVersion: sql`greatest(${savedSearches.alertCheckedVersion}, ${upTo})`,
      ...(sent ? { alertSentAt: sql`now()` } : {}),
    })
    .where(eq(savedSearches.id, id));
}

// ---------------------------------------------------------------- notification digests

export interface DueDigest {
  userId: number;
  frequency: string;
  checkedVersion: number;
  email: string;
  firstName: string;
}

/** Claims up to `limit` users due a digest and hands them, locked, to `onClaimed`. */
export async function claimDueDigests(
  db: Db | undefined,
  limit: number,
  onClaimed: (tx: Db, rows: DueDigest[]) => Promise<void>,
) {
  db ??= await getDb();
  const p = userPreferences;
  return claim<DueDigest>(
    db,
    {
      select: sql`SELECT ${p.userId} AS "userId", ${p.notificationFrequency} AS "frequency",
                         ${p.digestCheckedVersion}::int AS "checkedVersion",
                         ${users.email} AS "email", ${users.firstName} AS "firstName"
                    FROM ${p} JOIN ${users} ON ${users.id} = ${p.userId}
                   WHERE ${and(
                     eq(p.emailNotifications, true),
                     activeUser,
                     due(p.digestSentAt, p.notificationFrequency),
                   )}
                   ORDER BY ${p.userId}`,
      limit,
      lockOf: getTableName(p),
    },
    onClaimed,
  );
}

/** The published records changed after `since` up to `upTo`. */
export function changedSince(db: Db, since: number, upTo: number, limit: number) {
  return changed(db, and(published, changedBetween(since, upTo)), limit);
}

/** Moves a user's digest mark on to `upTo`, and notes the email if one was sent. */
export async function markDigestChecked(db: Db, userId: number, upTo: number, sent: boolean) {
  await db
    .update(userPreferences)
    .set({
      digestCheckedAt: sql`now()`,
      digestCheckedVersion: sql`greatest(${userPreferences.digestCheckedVersion}, ${upTo})`,
      ...(sent ? { digestSentAt: sql`now()` } : {}),
    })
    .where(eq(userPreferences.userId, userId));
}
