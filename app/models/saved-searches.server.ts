import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, getDb, schema } from "~/db/client.server";
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

const { catalogueVersion, savedSearches } = schema;

const iso = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS"Z"'`);

export async function saveSearch(userId: number, title: string, request: SearchRequest, db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .insert(savedSearches)
    .values({ userId, title, request: { ...request, from: 0 } })
    .returning({ id: savedSearches.id });
  return row.id;
}

export async function listSavedSearches(userId: number, db?: Db): Promise<SavedSearch[]> {
  db ??= await getDb();
  const rows = await db
    .select({
      id: savedSearches.id,
      title: savedSearches.title,
      request: savedSearches.request,
      alertFrequency: savedSearches.alertFrequency,
      createdAt: sql<string>`to_char(${savedSearches.createdAt} AT TIME ZONE 'UTC', ${iso})`,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  // The request is what saveSearch stored; the frequency one of ALERT_FREQUENCIES (a check).
  return rows.map((row) => ({
    ...row,
    request: row.request as SearchRequest,
    alertFrequency: row.alertFrequency as AlertFrequency,
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

/** The user's saved search of this id: every change is scoped to its owner. */
const ownSearch = (userId: number, id: number) =>
  and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

/** Each change answers whether the user's saved search existed. */
const changed = (rows: unknown[]) => rows.length > 0;

export async function renameSavedSearch(userId: number, id: number, title: string, db?: Db) {
  db ??= await getDb();
  return changed(
    await db
      .update(savedSearches)
      .set({ title, updatedAt: sql`now()` })
      .where(ownSearch(userId, id))
      .returning({ id: savedSearches.id }),
  );
}

export async function deleteSavedSearch(userId: number, id: number, db?: Db) {
  db ??= await getDb();
  return changed(
    await db.delete(savedSearches).where(ownSearch(userId, id)).returning({ id: savedSearches.id }),
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
  // Every SET reads the row as it was: alert_frequency here is the one before this change.
  const starting = sql`${savedSearches.alertFrequency} = 'none' AND ${frequency} <> 'none'`;
  return changed(
    await db
      .update(savedSearches)
      .set({
        alertCheckedAt: sql`CASE WHEN ${starting} THEN now() ELSE ${savedSearches.alertCheckedAt} END`,
        alertCheckedVersion: sql`CASE WHEN ${starting}
          THEN (SELECT ${catalogueVersion.version} FROM ${catalogueVersion} WHERE ${catalogueVersion.id} = 1)
          ELSE ${savedSearches.alertCheckedVersion} END`,
        alertFrequency: frequency,
        updatedAt: sql`now()`,
      })
      .where(ownSearch(userId, id))
      .returning({ id: savedSearches.id }),
  );
}

/**
 * A saved search's title and whether its alert is on, found by id alone: for the signed stop
 * link in its alert email, whose token is the permission (no owner to scope to).
 */
export async function savedSearchAlert(id: number, db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .select({ title: savedSearches.title, frequency: savedSearches.alertFrequency })
    .from(savedSearches)
    .where(eq(savedSearches.id, id));
  return row ? { title: row.title, active: row.frequency !== "none" } : null;
}

/** Turns off a saved search's alert, found by id alone (the stop link of its email). */
export async function stopSavedSearchAlert(id: number, db?: Db) {
  db ??= await getDb();
  await db
    .update(savedSearches)
    .set({ alertFrequency: "none", updatedAt: sql`now()` })
    .where(eq(savedSearches.id, id));
}
