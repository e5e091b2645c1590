import { barChart } from "~/charts/charts.server";
import {
  recentlyUpdatedRecords,
  recentlyViewedRecords,
  recentSearches,
} from "~/models/activity.server";
import { NOTIFICATION_DAYS } from "~/models/notifications.server";
import { savedSearchChanges } from "~/models/saved-searches.server";
import { getSiteSettings } from "~/models/settings.server";
import { availableFilters } from "~/search/filters";
import { describePhrase, parsePhrase } from "~/search/phrase";
import { describeSearch, searchHref } from "~/search/request";
import { parseSearchParams } from "~/search/request.server";

/**
 * Everything the dashboard's overview shows a user: the records changed lately per saved
 * search (as a chart), the records they viewed, their searches (each a link back to it, in
 * the advanced search bar's readable syntax) and the records updated most recently.
 */
export async function overview(userId: number) {
  const [viewed, searches, updated, settings] = await Promise.all([
    recentlyViewedRecords(userId),
    recentSearches(userId),
    recentlyUpdatedRecords(),
    getSiteSettings(),
  ]);
  const saved = await savedSearchChanges(userId, settings);
  const changedTotal = saved.reduce((sum, search) => sum + search.changed, 0);
  const busiest = [...saved].sort((a, b) => b.changed - a.changed)[0];
  const savedChart = saved.length
    ? barChart({
        id: "chart-saved-searches",
        title: `Records changed in the last ${NOTIFICATION_DAYS} days, per saved search`,
        description:
          changedTotal === 0
            ? `No record found by your ${saved.length === 1 ? "saved search" : `${saved.length} saved searches`} changed in the last ${NOTIFICATION_DAYS} days.`
            : `${saved.length === 1 ? "1 saved search" : `${saved.length} saved searches`}, newest first; the most changes, ${busiest.changed.toLocaleString("en-GB")}, in “${busiest.title}”. A record found by two searches counts in both.`,
        unit: "records changed",
        unitOne: "record changed",
        category: "Saved search",
        action: "Run this search",
        layout: "stacked",
        bars: saved.map((search) => ({
          key: String(search.id),
          label: search.title,
          count: search.changed,
          href: searchHref(search.request),
        })),
      })
    : null;
  const labels = Object.fromEntries(
    availableFilters(settings).map((filter) => [filter.id, filter.label]),
  );
  return {
    days: NOTIFICATION_DAYS,
    savedChart,
    viewed,
    updated,
    // Each search as a link back to it, in the advanced search bar's readable syntax.
    searches: searches.map((search) => {
      const params = new URLSearchParams(search.query);
      const parsed = parseSearchParams(params, settings, {
        advanced: params.get("adv") === "1",
      }).request;
      return {
        href: searchHref(parsed),
        text: (describeSearch(parsed, labels, quotedPhrase) || "All records").replace(
          /"([^"]*)"/g,
          "“$1”",
        ),
        at: search.at,
      };
    }),
  };
}

/**
 * A searched phrase for the recent searches, which quote every value one way: a lone word is
 * quoted as a filter's value is (Any field matches “cancer”, Company contains “Nor”); a
 * phrase with its own syntax ("lung cancer" AND NOT placebo) is shown as it reads. The
 * straight quotes become typographic ones after.
 */
function quotedPhrase(phrase: string) {
  const described = describePhrase(parsePhrase(phrase));
  return /^[^\s"()]+$/.test(described) ? `"${described}"` : described;
}
