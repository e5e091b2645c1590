import { sql } from "drizzle-orm";
import { type Db, getDb, queryRows } from "~/db/client.server";

/**
 * The dashboard overview's three lists (recentlyViewedRecords, recentSearches,
 * recentlyUpdatedRecords), from user activity and the catalogue: capped at 10, a new item
 * at the front; an item seen again moves to the front rather than appearing twice.
 */
export const RECENT_LIMIT = 10;

export interface RecentRecord {
  hssId: string;
  title: string;
  /** When the user viewed it, or when it was last updated. */
  at: string;
}

export interface RecentSearch {
  /** The search's URL query (what the activity row holds). */
  query: string;
  at: string;
}

const iso = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export async function recentlyViewedRecords(userId: number, db?: Db): Promise<RecentRecord[]> {
  db ??= await getDb();
  const rows = await queryRows<{ hss_id: string; title: string; at: string }>(
    db,
    sql`SELECT r.hss_id, r.title, ${iso(sql`a.at`)} AS at
          FROM (SELECT activity_value, max(created_at) AS at FROM user_activity
                 WHERE user_id = ${userId} AND activity_type = 'view' GROUP BY activity_value) a
          JOIN records r ON r.hss_id = a.activity_value AND r.published_version_id IS NOT NULL
         ORDER BY a.at DESC LIMIT ${RECENT_LIMIT}`,
  );
  return rows.map((row) => ({ hssId: row.hss_id, title: row.title, at: row.at }));
}

export async function recentSearches(userId: number, db?: Db): Promise<RecentSearch[]> {
  db ??= await getDb();
  const rows = await queryRows<{ query: string; at: string }>(
    db,
    sql`SELECT activity_value AS query, ${iso(sql`max(created_at)`)} AS at FROM user_activity
         WHERE user_id = ${userId} AND activity_type = 'search'
         GROUP BY activity_value ORDER BY max(created_at) DESC LIMIT ${RECENT_LIMIT}`,
  );
  return rows;
}

/** The value of the user's latest recorded search (its query string), if any. */
export async function latestSearch(userId: number, db?: Db): Promise<string | null> {
  db ??= await getDb();
  const [row] = await queryRows<{ query: string }>(
    db,
    sql`SELECT activity_value AS query FROM user_activity WHERE user_id = ${userId} AND activity_type = 'search'
         ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row?.query ?? null;
}

export async function recentlyUpdatedRecords(db?: Db): Promise<RecentRecord[]> {
  db ??= await getDb();
  const rows = await queryRows<{ hss_id: string; title: string; at: string }>(
    db,
    sql`SELECT hss_id, title, ${iso(sql`updated_at`)} AS at FROM records
         WHERE published_version_id IS NOT NULL ORDER BY updated_at DESC, id DESC LIMIT ${RECENT_LIMIT}`,
  );
  return rows.map((row) => ({ hssId: row.hss_id, title: row.title, at: row.at }));
}
