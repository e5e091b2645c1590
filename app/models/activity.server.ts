import { and, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Db, getDb, schema } from "~/db/client.server";

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

const { records, userActivity } = schema;

const iso = (column: SQL | SQL.Aliased | PgColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

// A published record always has its title (markPublished sets it with the version).
const recentRecord = (row: { hssId: string; title: string | null; at: string }): RecentRecord => ({
  hssId: row.hssId,
  title: row.title ?? "",
  at: row.at,
});

export async function recentlyViewedRecords(userId: number, db?: Db): Promise<RecentRecord[]> {
  db ??= await getDb();
  const viewed = db
    .select({
      hssId: userActivity.activityValue,
      at: sql`max(${userActivity.createdAt})`.as("at"),
    })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), eq(userActivity.activityType, "view")))
    .groupBy(userActivity.activityValue)
    .as("a");
  const rows = await db
    .select({ hssId: records.hssId, title: records.title, at: iso(viewed.at) })
    .from(viewed)
    .innerJoin(records, and(eq(records.hssId, viewed.hssId), isNotNull(records.publishedVersionId)))
    .orderBy(desc(viewed.at))
    .limit(RECENT_LIMIT);
  return rows.map(recentRecord);
}

export async function recentSearches(userId: number, db?: Db): Promise<RecentSearch[]> {
  db ??= await getDb();
  const lastAt = sql`max(${userActivity.createdAt})`;
  return db
    .select({ query: userActivity.activityValue, at: iso(lastAt) })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), eq(userActivity.activityType, "search")))
    .groupBy(userActivity.activityValue)
    .orderBy(desc(lastAt))
    .limit(RECENT_LIMIT);
}

/** The value of the user's latest recorded search (its query string), if any. */
export async function latestSearch(userId: number, db?: Db): Promise<string | null> {
  db ??= await getDb();
  const [row] = await db
    .select({ query: userActivity.activityValue })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), eq(userActivity.activityType, "search")))
    .orderBy(desc(userActivity.createdAt), desc(userActivity.id))
    .limit(1);
  return row?.query ?? null;
}

export async function recentlyUpdatedRecords(db?: Db): Promise<RecentRecord[]> {
  db ??= await getDb();
  const rows = await db
    .select({ hssId: records.hssId, title: records.title, at: iso(records.updatedAt) })
    .from(records)
    .where(isNotNull(records.publishedVersionId))
    .orderBy(desc(records.updatedAt), desc(records.id))
    .limit(RECENT_LIMIT);
  return rows.map(recentRecord);
}
