import { and, isNotNull } from "drizzle-orm";
import { type Db, getDb, schema, sql } from "~/db/client.server";
import { RECORD_STATUSES } from "~/records/vocabulary";
import { todayUtc } from "~/search/days";
import type { EnabledSettings } from "~/search/filters";
import { DEFAULT_SEARCH, type SearchRequest } from "~/search/request";
import { searchPageColumns } from "~/models/page-columns.server";
import { alertColumns, type PublishedAlert, releasesFor } from "./alerts.server";
import { NOTIFICATION_DAYS, recentlyChangedRecords } from "./notifications.server";
import { searchIndex } from "./search-index.server";

/**
 * The signed-in home page's figures: what the catalogue holds, what changed this
 * week, the latest releases and the next regulatory events on the records' timelines. The
 * counts come from the search index, so that each figure is what its search link finds.
 */

/**
 * What the home page reads with the session (the root's statement has them all): versions
 * that let the search index, the settings and the alerts answer from memory while unchanged.
 */
export const homeColumns = { ...searchPageColumns, alertsVersion: alertColumns.alertsVersion };

/** "Changed this week": a published change in the last 7 days, as the notifications count changes. */
export const CHANGED_DAYS = 7;
/** How many upcoming regulatory events the page lists. */
export const UPCOMING_LIMIT = 8;
/** How many releases the page lists. */
export const LATEST_RELEASES = 3;

export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** The search for every published record of a status (the record-status filter). */
export function statusSearch(status: RecordStatus): SearchRequest {
  return {
    ...DEFAULT_SEARCH,
    basicSearchFilter: [{ filterId: "recordStatus", values: [status] }],
  };
}

export interface CatalogueFigures {
  /** Published records. */
  total: number;
  /** Published records of each status, in the vocabulary's order. */
  statuses: Array<{ status: RecordStatus; count: number }>;
  /** Published records with a published change in the last CHANGED_DAYS days. */
  changed: number;
}

export interface RecentChanges {
  /** Records with a published change in the last NOTIFICATION_DAYS days (the saved searches' period). */
  month: number[];
  /** Those of them changed in the last CHANGED_DAYS days. */
  week: number[];
}

/** The changed records of both periods the page counts, in one read. */
export async function recentChanges(db?: Db): Promise<RecentChanges> {
  const rows = await recentlyChangedRecords(Math.max(NOTIFICATION_DAYS, CHANGED_DAYS), db);
  const weekStart = Date.now() - CHANGED_DAYS * 24 * 60 * 60 * 1000;
  return {
    month: rows.map((row) => row.id),
    week: rows.filter((row) => row.changedAt > weekStart).map((row) => row.id),
  };
}

/** The catalogue in figures: counts in the search index, and the week's changes (read unless given). */
export async function catalogueFigures(
  settings: EnabledSettings,
  options: { catalogueVersion?: number | null; changedThisWeek?: number[] } = {},
  db?: Db,
): Promise<CatalogueFigures> {
  const [index, changedIds] = await Promise.all([
    searchIndex(options.catalogueVersion),
    options.changedThisWeek ??
      recentlyChangedRecords(CHANGED_DAYS, db).then((rows) => rows.map((row) => row.id)),
  ]);
  return {
    total: index.count(DEFAULT_SEARCH, settings),
    statuses: RECORD_STATUSES.map((status) => ({
      status,
      count: index.count(statusSearch(status), settings),
    })),
    // Records no longer published are not in the index, so not counted.
    changed: changedIds.length ? index.countAmong(DEFAULT_SEARCH, settings, changedIds) : 0,
  };
}

export const AGENCIES = {
  euEventDates: "EMA",
  fdaEventDates: "FDA",
} as const;

export interface UpcomingEvent {
  /** YYYY-MM-DD */
  date: string;
  agency: (typeof AGENCIES)[keyof typeof AGENCIES];
  event: string;
  hssId: string;
  title: string;
}

/**
 * The soonest regulatory events (EMA and FDA timelines) dated today (UTC) or later, over the
 * published records: from the search index's sorted dates, then one read of their titles.
 */
export async function upcomingEvents(
  options: { today?: string; limit?: number; catalogueVersion?: number | null } = {},
  db?: Db,
): Promise<UpcomingEvent[]> {
  const index = await searchIndex(options.catalogueVersion);
  const dates = index.upcomingDates(
    Object.keys(AGENCIES),
    options.today ?? todayUtc(),
    options.limit ?? UPCOMING_LIMIT,
  );
  if (!dates.length) return [];
  db ??= await getDb();
  const ids = [...new Set(dates.map((date) => date.recordId))];
  const { records } = schema;
  const rows = await db
    .select({ id: records.id, hssId: records.hssId, title: records.title })
    .from(records)
    .where(
      and(
        sql`${records.id} = ANY(${`{${ids.join(",")}}`}::int[])`,
        isNotNull(records.publishedVersionId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return dates.flatMap((date) => {
    const record = byId.get(date.recordId);
    if (!record) return [];
    return [
      {
        date: date.date,
        agency: AGENCIES[date.filterId as keyof typeof AGENCIES],
        event: date.eventName,
        hssId: record.hssId,
        // A published record always has its title (markPublished sets it with the version).
        title: record.title ?? "",
      },
    ];
  });
}

/** The newest releases this user may read (as /allreleases lists them), at most `limit`. */
export async function latestReleases(
  roles: readonly string[],
  options: { limit?: number; alertsVersion?: number | null } = {},
): Promise<Array<Pick<PublishedAlert, "alertId" | "title" | "summary" | "updatedAt">>> {
  const limit = options.limit ?? LATEST_RELEASES;
  return (await releasesFor(roles, options.alertsVersion))
    .slice(0, limit)
    .map(({ alertId, title, summary, updatedAt }) => ({ alertId, title, summary, updatedAt }));
}
