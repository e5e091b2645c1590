import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, getDb, queryRows, schema } from "~/db/client.server";
import type { EnabledSettings } from "~/search/filters";
import type { SearchRequest } from "~/search/request";
import { NOTIFICATION_DAYS, recentlyChangedRecordIds } from "./notifications.server";
import { countSearchAmong } from "./search.server";

/**
 * Saved searches (title, savedSearchRequest, id): the search request
 * itself, from its first page, with an alert frequency. Every read and change is scoped
 * to the owner: another user's saved search is as if it did not exist.
 */
export const ALERT_FREQUENCIES = ["none", "daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const titleSchema = z
  .string({ error: "Enter a title" })
  .trim()
  .min(1, "Enter a title")
  .max(200, "The title must be at most 200 characters");

export const saveSearchSchema = z.object({ title: titleSchema });

const id = z.coerce.number().int().positive();
/** The forms of the saved-searches page, one per intent. */
export const savedSearchActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), id, title: titleSchema }),
  z.object({ intent: z.literal("alert"), id, alertFrequency: z.enum(ALERT_FREQUENCIES) }),
  z.object({ intent: z.literal("delete"), id }),
]);

export interface SavedSearch {
  id: number;
  title: string;
  request: SearchRequest;
  alertFrequency: AlertFrequency;
  createdAt: string;
}

const iso = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS"Z"'`);

export async function saveSearch(userId: number, title: string, request: SearchRequest, db?: Db) {
  db ??= await getDb();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO saved_searches (user_id, title, request) VALUES (${userId}, ${title}, ${JSON.stringify({ ...request, from: 0 })}::jsonb) RETURNING id`,
  );
  return row.id;
}

export async function listSavedSearches(userId: number, db?: Db): Promise<SavedSearch[]> {
  db ??= await getDb();
  const rows = await queryRows<{
    id: number;
    title: string;
    request: SearchRequest;
    alert_frequency: AlertFrequency;
    created_at: string;
  }>(
    db,
    sql`SELECT id, title, request, alert_frequency, to_char(created_at AT TIME ZONE 'UTC', ${iso}) AS created_at
          FROM saved_searches WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    request: row.request,
    alertFrequency: row.alert_frequency,
    createdAt: row.created_at,
  }));
}

/**
 * Each of the user's saved searches, newest first, with how many of the records it finds now
 * had a published change in the last 30 days (as the notifications page counts changes): the
 * changed records are read once, and each search counts them in the search index.
 */
export async function savedSearchChanges(
  userId: number,
  settings: EnabledSettings,
  options: {
    catalogueVersion?: number | null;
    /** The records changed in the last 30 days, when the caller has read them already. */
    changedIds?: number[];
  } = {},
  db?: Db,
): Promise<Array<SavedSearch & { changed: number }>> {
  db ??= await getDb();
  const searches = await listSavedSearches(userId, db);
  if (!searches.length) return [];
  const changed = options.changedIds ?? (await recentlyChangedRecordIds(NOTIFICATION_DAYS, db));
  const counted: Array<SavedSearch & { changed: number }> = [];
  for (const search of searches) {
    const count = changed.length
      ? await countSearchAmong(search.request, settings, changed, options.catalogueVersion)
      : 0;
    counted.push({ ...search, changed: count });
  }
  return counted;
}

/** Each change answers whether the user's saved search existed. */
async function changed(db: Db, query: ReturnType<typeof sql>) {
  return (await queryRows<{ id: number }>(db, query)).length > 0;
}

export async function renameSavedSearch(userId: number, id: number, title: string, db?: Db) {
  db ??= await getDb();
  return changed(
    db,
    sql`UPDATE saved_searches SET title = ${title}, updated_at = now() WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
}

export async function deleteSavedSearch(userId: number, id: number, db?: Db) {
  db ??= await getDb();
  return changed(
    db,
    sql`DELETE FROM saved_searches WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
}

/** Turning an alert on starts it from now: it tells of changes published after the current catalogue version. */
export async function setAlertFrequency(
  userId: number,
  id: number,
  frequency: AlertFrequency,
  db?: Db,
) {
  db ??= await getDb();
  return changed(
    db,
    sql`UPDATE saved_searches
           SET alert_checked_at = CASE WHEN alert_frequency = 'none' AND ${frequency} <> 'none' THEN now() ELSE alert_checked_at END,
               alert_checked_version = CASE WHEN alert_frequency = 'none' AND ${frequency} <> 'none'
                                            THEN (SELECT version FROM catalogue_version WHERE id = 1) ELSE alert_checked_version END,
               alert_frequency = ${frequency}, updated_at = now()
         WHERE id = ${id} AND user_id = ${userId} RETURNING id`,
  );
}

/**
 * A saved search's title and whether its alert is on, found by id alone: for the signed stop
 * link in its alert email, whose token is the permission (no owner to scope to).
 */
export async function savedSearchAlert(id: number, db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .select({ title: schema.savedSearches.title, frequency: schema.savedSearches.alertFrequency })
    .from(schema.savedSearches)
    .where(eq(schema.savedSearches.id, id));
  return row ? { title: row.title, active: row.frequency !== "none" } : null;
}

/** Turns off a saved search's alert, found by id alone (the stop link of its email). */
export async function stopSavedSearchAlert(id: number, db?: Db) {
  db ??= await getDb();
  await db
    .update(schema.savedSearches)
    .set({ alertFrequency: "none", updatedAt: sql`now()` })
    .where(eq(schema.savedSearches.id, id));
}
