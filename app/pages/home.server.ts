import type { ColumnValues } from "~/auth/session.server";
import {
  CHANGED_DAYS,
  catalogueFigures,
  type homeColumns,
  latestReleases,
  recentChanges,
  statusSearch,
  upcomingEvents,
} from "~/models/home.server";
import { NOTIFICATION_DAYS } from "~/models/notifications.server";
import { savedSearchChanges } from "~/models/saved-searches.server";
import { getSiteSettings } from "~/models/settings.server";
import type { User } from "~/models/users.server";
import { todayUtc } from "~/search/days";
import { DEFAULT_SEARCH, searchHref } from "~/search/request";

/**
 * The home page of a signed-in member: the catalogue's figures (per status, changed this
 * week), their saved searches' changes, the latest releases and the upcoming EU events.
 * `known` are the session's columns read with the user (homeColumns).
 */
export async function memberHome(user: User, known: ColumnValues<typeof homeColumns> | null) {
  const settings = await getSiteSettings(known?.settingsVersion);
  const catalogueVersion = known?.catalogueVersion;
  const today = todayUtc();
  // One read of the changes serves the week's figure and the saved searches' 30 days.
  const changes = recentChanges();
  const [figures, saved, releases, upcoming] = await Promise.all([
    changes.then((changed) =>
      catalogueFigures(settings, { catalogueVersion, changedThisWeek: changed.week }),
    ),
    changes.then((changed) =>
      savedSearchChanges(user.id, settings, { catalogueVersion, changedIds: changed.month }),
    ),
    latestReleases(user.roles, { alertsVersion: known?.alertsVersion }),
    upcomingEvents({ today, catalogueVersion }),
  ]);
  return {
    firstName: user.firstName,
    catalogue: {
      total: figures.total,
      totalHref: searchHref(DEFAULT_SEARCH),
      statuses: figures.statuses.map((row) => ({
        ...row,
        href: searchHref(statusSearch(row.status)),
      })),
      changed: figures.changed,
      changedDays: CHANGED_DAYS,
    },
    saved: {
      days: NOTIFICATION_DAYS,
      searches: saved.map((search) => ({
        id: search.id,
        title: search.title,
        changed: search.changed,
        href: searchHref({ ...search.request, from: 0 }),
      })),
    },
    releases,
    upcoming: {
      today,
      events: upcoming,
      // Every record with an EU event from today on (the search's EU timeline filter).
      euHref: searchHref({ ...DEFAULT_SEARCH, emaTimelineFrom: today }),
    },
  };
}
