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

const { users } = schema;

// A user with no mark yet has seen everything before their account existed.
const seenAt = (userId: number) => sql`coalesce(
  (SELECT notifications_seen_at FROM user_preferences WHERE user_id = ${userId}),
  (SELECT created_at FROM users WHERE id = ${userId}))`;

const publishedChange = sql`v.state IN ('published', 'superseded')`;

// How many records changed after `seen`: the badge. (count over a DISTINCT subquery: half
// the time of count(DISTINCT ...), which sorts, on every page a member opens.)
const newRecordCount = (seen: SQL) => sql<number>`(SELECT count(*)::int FROM (
    SELECT DISTINCT c.record_id FROM record_changes c JOIN record_versions v ON v.id = c.version_id
     WHERE c.changed_at > ${seen} AND ${publishedChange}) AS changed)`;

/** How many records changed since the user last cleared their notifications (the badge). */
export async function countNewNotifications(userId: number, db?: Db): Promise<number> {
  db ??= await getDb();
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`SELECT ${newRecordCount(seenAt(userId))} AS count`,
  );
  return row.count;
}

/**
 * What the header shows each signed-in user, as columns of a statement over `users`: the
 * session lookup folds them in, so that a page costs no statement more for them.
 */
export const headerColumns = {
  notificationCount: newRecordCount(
    sql`coalesce((SELECT notifications_seen_at FROM user_preferences WHERE user_id = ${users.id}), ${users.createdAt})`,
  ),
  // Not enrolled in the email notifications and not dismissed their popup (no preferences yet: neither).
  notificationPopupPending: sql<boolean>`NOT EXISTS (SELECT 1 FROM user_preferences
    WHERE user_id = ${users.id} AND (email_notifications OR popup_dismissed_at IS NOT NULL))`,
};

// The notifications: one row per record and day (UTC) it changed in the last 30 days.
const notifiedFrom = sql`FROM record_changes c
          JOIN record_versions v ON v.id = c.version_id
          JOIN records r ON r.id = c.record_id
         WHERE c.changed_at > now() - make_interval(days => ${NOTIFICATION_DAYS}) AND ${publishedChange}
           AND r.published_version_id IS NOT NULL
         GROUP BY r.id, r.hss_id, r.title, (c.changed_at AT TIME ZONE 'UTC')::date`;

/** Records changed in the last 30 days, one per record and day, newest first: `limit` from `offset`. */
async function notifiedRecords(
  userId: number,
  limit: number,
  offset: number,
  db: Db,
): Promise<NotifiedRecord[]> {
  const rows = await queryRows<{
    hss_id: string;
    title: string;
    changed_at: string;
    fields: string[];
    is_new: boolean;
  }>(
    db,
    sql`WITH seen AS (SELECT ${seenAt(userId)} AS at)
        SELECT r.hss_id, r.title, to_char(max(c.changed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS changed_at,
               (array_agg(DISTINCT CASE WHEN c.section = 'keyFacts' THEN c.field ELSE c.section || ' › ' || c.field END))[1:8] AS fields,
               bool_or(c.changed_at > (SELECT at FROM seen)) AS is_new
          ${notifiedFrom}
         ORDER BY max(c.changed_at) DESC, r.hss_id
         LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((row) => ({
    hssId: row.hss_id,
    title: row.title,
    changedAt: row.changed_at,
    // "ema › Status" → "EMA › Status": sections by their headings.
    fields: row.fields.map((field) =>
      field.replace(/^([A-Za-z]+) › /, (_, section: string) => `${sectionLabel(section)} › `),
    ),
    isNew: row.is_new,
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
  const rows = await queryRows<{ id: number; changed_at: number }>(
    db,
    sql`SELECT c.record_id AS id, (extract(epoch FROM max(c.at)) * 1000)::float8 AS changed_at
          FROM (SELECT version_id, record_id, max(changed_at) AS at FROM record_changes
                 WHERE changed_at > now() - make_interval(days => ${days})
                 GROUP BY version_id, record_id) c
         WHERE (SELECT v.state FROM record_versions v WHERE v.id = c.version_id) IN ('published', 'superseded')
         GROUP BY c.record_id`,
  );
  return rows.map((row) => ({ id: Number(row.id), changedAt: Number(row.changed_at) }));
}

/** The ids of the records with a published change in the last `days` days: the overview counts them per saved search. */
export async function recentlyChangedRecordIds(days = NOTIFICATION_DAYS, db?: Db) {
  return (await recentlyChangedRecords(days, db)).map((row) => row.id);
}

/** "Clear": everything changed until now has been seen. */
export async function clearNotifications(userId: number, db?: Db) {
  db ??= await getDb();
  await db.execute(
    sql`INSERT INTO user_preferences (user_id, notifications_seen_at) VALUES (${userId}, now())
        ON CONFLICT (user_id) DO UPDATE SET notifications_seen_at = now(), updated_at = now()`,
  );
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
    .select({ on: schema.userPreferences.emailNotifications })
    .from(schema.userPreferences)
    .where(eq(schema.userPreferences.userId, userId));
  return row ? row.on : null;
}

export async function getEmailNotifications(userId: number, db?: Db): Promise<EmailNotifications> {
  db ??= await getDb();
  const [row] = await queryRows<{
    email_notifications: boolean;
    notification_frequency: NotificationFrequency;
    popup_dismissed: boolean;
  }>(
    db,
    sql`SELECT email_notifications, notification_frequency, popup_dismissed_at IS NOT NULL AS popup_dismissed
          FROM user_preferences WHERE user_id = ${userId}`,
  );
  return {
    enrolled: row?.email_notifications ?? false,
    frequency: row?.notification_frequency ?? "daily",
    popupDismissed: row?.popup_dismissed ?? false,
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
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`INSERT INTO user_preferences (user_id, email_notifications, notification_frequency, digest_checked_at, digest_checked_version)
        SELECT id, true, ${frequency}, now(), (SELECT version FROM catalogue_version WHERE id = 1)
          FROM users WHERE id = ${userId} AND deleted_at IS NULL AND suspended_at IS NULL
        ON CONFLICT (user_id) DO UPDATE
          SET email_notifications = true, notification_frequency = ${frequency}, updated_at = now(),
              digest_checked_at = CASE WHEN user_preferences.email_notifications THEN user_preferences.digest_checked_at ELSE now() END,
              digest_checked_version = CASE WHEN user_preferences.email_notifications THEN user_preferences.digest_checked_version
                                            ELSE excluded.digest_checked_version END
        RETURNING user_id`,
  );
  return rows.length === 1 ? ENROLL_NOTIFICATION_SUCCESS : "ENROLL_NOTIFICATION_FAILED";
}

export async function leaveNotifications(userId: number, db?: Db) {
  db ??= await getDb();
  await db.execute(
    sql`UPDATE user_preferences SET email_notifications = false, updated_at = now() WHERE user_id = ${userId}`,
  );
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
  await db.execute(
    sql`INSERT INTO user_preferences (user_id, popup_dismissed_at) VALUES (${userId}, now())
        ON CONFLICT (user_id) DO UPDATE SET popup_dismissed_at = now(), updated_at = now()`,
  );
}
