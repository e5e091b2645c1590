import { eq, type SQL, sql } from "drizzle-orm";
import { type Db, getDb, queryRows, schema } from "~/db/client.server";
import { sectionLabel } from "~/records/sections";

/**
 * Notifications of updated records (docs/product.md): the published changes of the
 * change log, newest first. What changed after the user last cleared them is new, and
 * counts in the avatar menu's badge; "Clear" moves that mark to now.
 */

/** How far back the notifications page reaches. */
export const NOTIFICATION_DAYS = 30;
/** The most records the page lists. */
export const NOTIFICATION_LIMIT = 200;

export interface NotifiedRecord {
  hssId: string;
  title: string;
  changedAt: string;
  /** The fields that changed, as the change log names them. */
  fields: string[];
  isNew: boolean;
}

export interface NotificationDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  records: NotifiedRecord[];
}

const { catalogueVersion, recordChanges, recordVersions, records, userPreferences, users } = schema;

/** A column as an INSERT's column list or an UPDATE's SET names it (unqualified). */
const name = (column: { name: string }) => sql.identifier(column.name);

// A user with no mark yet has seen everything before their account existed.
const seenAt = (userId: number) => sql`coalesce(
  (SELECT ${userPreferences.notificationsSeenAt} FROM ${userPreferences}
    WHERE ${userPreferences.userId} = ${userId}),
  (SELECT ${users.createdAt} FROM ${users} WHERE ${users.id} = ${userId}))`;

const publishedChange = sql`${recordVersions.state} IN ('published', 'superseded')`;

// How many records changed after `seen`: the badge. (count over a DISTINCT subquery: half
// the time of count(DISTINCT ...), which sorts, on every page a member opens.) The subquery
// is a fragment of its own: a select from one table writes the top-level columns of its
// fields unqualified, which would make record_versions.id = record_changes.version_id ambiguous.
const newRecordCount = (seen: SQL) => {
  const changed = sql`SELECT DISTINCT ${recordChanges.recordId} FROM ${recordChanges}
      JOIN ${recordVersions} ON ${recordVersions.id} = ${recordChanges.versionId}
     WHERE ${recordChanges.changedAt} > ${seen} AND ${publishedChange}`;
  return sql<number>`(SELECT count(*)::int FROM (${changed}) AS changed)`;
};

/** How many records changed since the user last cleared their notifications (the badge). */
export async function countNewNotifications(userId: number, db?: Db): Promise<number> {
  db ??= await getDb();
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT ${newRecordCount(seenAt(userId))} AS count`,
  );
  return row.count;
}

// The preferences of the outer statement's user (a fragment of its own, as in newRecordCount).
const preferencesOfUser = sql`${userPreferences.userId} = ${users.id}`;

/**
 * What the header shows each signed-in user, as columns of a statement over `users`: the
 * session lookup folds them in, so that a page costs no statement more for them.
 */
export const headerColumns = {
  notificationCount: newRecordCount(
    sql`coalesce((SELECT ${userPreferences.notificationsSeenAt} FROM ${userPreferences}
                   WHERE ${preferencesOfUser}), ${users.createdAt})`,
  ),
  // Not enrolled in the email notifications and not dismissed their popup (no preferences yet: neither).
  notificationPopupPending: sql<boolean>`NOT EXISTS (SELECT 1 FROM ${userPreferences}
    WHERE ${preferencesOfUser}
      AND (${userPreferences.emailNotifications} OR ${userPreferences.popupDismissedAt} IS NOT NULL))`,
};

// The notifications: one row per record and day (UTC) it changed in the last 30 days.
const notifiedFrom = sql`FROM ${recordChanges}
          JOIN ${recordVersions} ON ${recordVersions.id} = ${recordChanges.versionId}
          JOIN ${records} ON ${records.id} = ${recordChanges.recordId}
         WHERE ${recordChanges.changedAt} > now() - make_interval(days => ${NOTIFICATION_DAYS})
           AND ${publishedChange} AND ${records.publishedVersionId} IS NOT NULL
         GROUP BY ${records.id}, ${records.hssId}, ${records.title},
                  (${recordChanges.changedAt} AT TIME ZONE 'UTC')::date`;

/** Records changed in the last 30 days, one per record and day, newest first: `limit` from `offset`. */
async function notifiedRecords(
  userId: number,
  limit: number,
  offset: number,
  db: Db,
): Promise<NotifiedRecord[]> {
  const { changedAt, section, field } = recordChanges;
  // One row per record and day, in NotifiedRecord's shape (its fields named as below).
  const rows = await queryRows<NotifiedRecord>(
    db,
    sql`WITH seen AS (SELECT ${seenAt(userId)} AS at)
        SELECT ${records.hssId} AS "hssId", ${records.title} AS title,
               to_char(max(${changedAt}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "changedAt",
               (array_agg(DISTINCT CASE WHEN ${section} = 'keyFacts' THEN ${field}
                                        ELSE ${section} || ' › ' || ${field} END))[1:8] AS fields,
               bool_or(${changedAt} > (SELECT at FROM seen)) AS "isNew"
          ${notifiedFrom}
         ORDER BY max(${changedAt}) DESC, ${records.hssId}
         LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => ({
    ...row,
    // "ema › Status" → "EMA › Status": sections by their headings.
    fields: row.fields.map((field) =>
      field.replace(/^([A-Za-z]+) › /, (_, section: string) => `${sectionLabel(section)} › `),
    ),
  }));
}

/** The records changed in the last 30 days, grouped by day (UTC), newest first. */
export async function listNotifications(userId: number, db?: Db): Promise<NotificationDay[]> {
  db ??= await getDb();
  const days: NotificationDay[] = [];
  for (const record of await notifiedRecords(userId, NOTIFICATION_LIMIT, 0, db)) {
    const day = record.changedAt.slice(0, 10);
    const latest = days.at(-1);
    if (latest?.day === day) latest.records.push(record);
    else days.push({ day, records: [record] });
  }
  return days;
}

/**
 * The notifications page's list as one page of a flat list (the JSON API's
 * /recentlyupdatedrecords): `size` rows from `from`, with the number of rows in all.
 */
export async function listRecentlyUpdatedRecords(
  userId: number,
  paging: { size: number; from: number },
  db?: Db,
): Promise<{ total: number; records: NotifiedRecord[] }> {
  db ??= await getDb();
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM (SELECT 1 ${notifiedFrom}) AS notified`,
  );
  const records =
    total > paging.from ? await notifiedRecords(userId, paging.size, paging.from, db) : [];
  return { total, records };
}

/**
 * The records with a published change in the last `days` days (the notifications page's
 * changes), each with the time of its latest one (ms since the epoch). The changes are
 * grouped by version first, and each version's state read by its key: the cost follows the
 * versions changed in the period, not the size of the catalogue (a join scanned every version).
 */
export async function recentlyChangedRecords(
  days = NOTIFICATION_DAYS,
  db?: Db,
): Promise<Array<{ id: number; changedAt: number }>> {
  db ??= await getDb();
  const c = db
    .select({
      versionId: recordChanges.versionId,
      recordId: recordChanges.recordId,
      at: sql`max(${recordChanges.changedAt})`.as("at"),
    })
    .from(recordChanges)
    .where(sql`${recordChanges.changedAt} > now() - make_interval(days => ${days})`)
    .groupBy(recordChanges.versionId, recordChanges.recordId)
    .as("c");
  const rows = await db
    .select({
      id: c.recordId,
      changedAt: sql<number>`(extract(epoch FROM max(${c.at})) * 1000)::float8`,
    })
    .from(c)
    .where(
      sql`(SELECT ${recordVersions.state} FROM ${recordVersions} WHERE ${recordVersions.id} = ${c.versionId})
            IN ('published', 'superseded')`,
    )
    .groupBy(c.recordId);
  return rows.map((row) => ({ id: Number(row.id), changedAt: Number(row.changedAt) }));
}

/** The ids of the records with a published change in the last `days` days: the overview counts them per saved search. */
export async function recentlyChangedRecordIds(days = NOTIFICATION_DAYS, db?: Db) {
  return (await recentlyChangedRecords(days, db)).map((row) => row.id);
}

/** "Clear": everything changed until now has been seen. */
export async function clearNotifications(userId: number, db?: Db) {
  db ??= await getDb();
  await db
    .insert(userPreferences)
    .values({ userId, notificationsSeenAt: sql`now()` })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { notificationsSeenAt: sql`now()`, updatedAt: sql`now()` },
    });
}

/** Enrolment succeeds only with this code. */
export const ENROLL_NOTIFICATION_SUCCESS = "ENROLL_NOTIFICATION_SUCCESS";
/** What any other answer to an enrolment shows, word for word. */
export const ENROLMENT_FAILED = "Enrollment was not successful";
export const NOTIFICATION_FREQUENCIES = ["daily", "weekly"] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

export interface EmailNotifications {
  enrolled: boolean;
  frequency: NotificationFrequency;
  popupDismissed: boolean;
}

/** Whether the user gets the digest email; null when there is no such user's preferences. */
export async function emailNotificationsOn(userId: number, db?: Db): Promise<boolean | null> {
  db ??= await getDb();
  const [row] = await db
    .select({ on: userPreferences.emailNotifications })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row ? row.on : null;
}

export async function getEmailNotifications(userId: number, db?: Db): Promise<EmailNotifications> {
  db ??= await getDb();
  const [row] = await db
    .select({
      enrolled: userPreferences.emailNotifications,
      frequency: userPreferences.notificationFrequency,
      popupDismissed: sql<boolean>`${userPreferences.popupDismissedAt} IS NOT NULL`,
    })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return {
    enrolled: row?.enrolled ?? false,
    // Written only by enrolInNotifications, with one of NOTIFICATION_FREQUENCIES.
    frequency: (row?.frequency as NotificationFrequency | undefined) ?? "daily",
    popupDismissed: row?.popupDismissed ?? false,
  };
}

/**
 * Enrols the user in the digest of updated records: changes from now on. Answers the
 * success code; anything else (no such active account) is not a success.
 */
export async function enrolInNotifications(
  userId: number,
  frequency: NotificationFrequency,
  db?: Db,
) {
  db ??= await getDb();
  const p = userPreferences;
  // INSERT … SELECT from users, which the builder writes only with every column of the table.
  const rows = await queryRows<Pick<typeof p.$inferSelect, "userId">>(
    db,
    sql`INSERT INTO ${p} (${name(p.userId)}, ${name(p.emailNotifications)}, ${name(p.notificationFrequency)},
                          ${name(p.digestCheckedAt)}, ${name(p.digestCheckedVersion)})
        SELECT ${users.id}, true, ${frequency}, now(),
               (SELECT ${catalogueVersion.version} FROM ${catalogueVersion} WHERE ${catalogueVersion.id} = 1)
          FROM ${users}
         WHERE ${users.id} = ${userId} AND ${users.deletedAt} IS NULL AND ${users.suspendedAt} IS NULL
        ON CONFLICT (${name(p.userId)}) DO UPDATE
          SET ${name(p.emailNotifications)} = true, ${name(p.notificationFrequency)} = ${frequency},
              ${name(p.updatedAt)} = now(),
              ${name(p.digestCheckedAt)} = CASE WHEN ${p.emailNotifications} THEN ${p.digestCheckedAt} ELSE now() END,
              ${name(p.digestCheckedVersion)} = CASE WHEN ${p.emailNotifications} THEN ${p.digestCheckedVersion}
                                            ELSE excluded.${name(p.digestCheckedVersion)} END
        RETURNING ${p.userId} AS "userId"`,
  );
  return rows.length === 1 ? ENROLL_NOTIFICATION_SUCCESS : "ENROLL_NOTIFICATION_FAILED";
}

export async function leaveNotifications(userId: number, db?: Db) {
  db ??= await getDb();
  await db
    .update(userPreferences)
    .set({ emailNotifications: false, updatedAt: sql`now()` })
    .where(eq(userPreferences.userId, userId));
}

/** Whether the user is due the email-notification popup (when the site shows it): headerColumns' rule. */
export async function notificationPopupPending(userId: number, db?: Db): Promise<boolean> {
  db ??= await getDb();
  const [row] = await db
    .select({ pending: headerColumns.notificationPopupPending })
    .from(users)
    .where(eq(users.id, userId));
  return row?.pending ?? false;
}

/** The "Email Notifications are currently off" banner, dismissed for good (until the user enrols and leaves again). */
export async function dismissNotificationPopup(userId: number, db?: Db) {
  db ??= await getDb();
  await db
    .insert(userPreferences)
    .values({ userId, popupDismissedAt: sql`now()` })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { popupDismissedAt: sql`now()`, updatedAt: sql`now()` },
    });
}
