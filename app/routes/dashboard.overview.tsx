import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { BarChart } from "~/components/charts/BarChart";
import { TableScroll } from "~/components/TableScroll";
import { barChart } from "~/lib/charts.server";
import { NOTIFICATION_DAYS } from "~/models/notifications.server";
import { savedSearchChanges } from "~/models/saved-searches.server";
import { requireUser } from "~/lib/auth.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import {
  recentlyUpdatedRecords,
  recentlyViewedRecords,
  recentSearches,
} from "~/models/activity.server";
import { getSiteSettings } from "~/models/settings.server";
import { availableFilters } from "~/search/filters";
import { describePhrase, parsePhrase } from "~/search/phrase";
import { describeSearch, searchHref } from "~/search/request";
import { parseSearchParams } from "~/search/request.server";

export const handle: RouteHandle = { title: "Overview" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [viewed, searches, updated, settings] = await Promise.all([
    recentlyViewedRecords(user.id),
    recentSearches(user.id),
    recentlyUpdatedRecords(),
    getSiteSettings(),
  ]);
  const saved = await savedSearchChanges(user.id, settings);
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
  return json({
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
  });
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

export default function Overview() {
  const { days, savedChart, viewed, searches, updated } = useLoaderData<typeof loader>();
  return (
    <>
      <DashboardBreadcrumb items={[{ label: "Overview" }]} />
      <h1>Overview</h1>
      <p>
        What changed in your saved searches, what you viewed and searched for lately, and the
        records updated most recently.
      </p>
      <section aria-labelledby="saved-changes-title" className="overview-saved">
        <h2 id="saved-changes-title">Changes in your saved searches</h2>
        {savedChart ? (
          <>
            <p>
              How many of the records each saved search finds changed in the last {days} days. Each
              bar is a link: choose one to run that search;{" "}
              <Link to="/dashboard/notifications">Notifications</Link> lists what changed.
            </p>
            <BarChart chart={savedChart} />
          </>
        ) : (
          <p>
            No saved searches yet. Use “Save this search” on a{" "}
            <Link to="/search">results page</Link> and its changes are counted here.
          </p>
        )}
      </section>
      <div className="overview-columns">
        <div className="overview-side">
          <section aria-labelledby="viewed-title">
            <h2 id="viewed-title">Recently viewed records</h2>
            {viewed.length ? (
              <ol className="dated-list">
                {viewed.map((record) => (
                  <li key={record.hssId}>
                    <Link to={`/record/${record.hssId}`}>{record.title}</Link>
                    <small>Viewed {formatDateTime(record.at)}</small>
                  </li>
                ))}
              </ol>
            ) : (
              <p>No records viewed yet.</p>
            )}
          </section>
          <section aria-labelledby="searches-title">
            <h2 id="searches-title">Recent searches</h2>
            {searches.length ? (
              <ol className="dated-list">
                {searches.map((search) => (
                  <li key={search.href}>
                    <Link to={search.href}>{search.text}</Link>
                    <small>Searched {formatDateTime(search.at)}</small>
                  </li>
                ))}
              </ol>
            ) : (
              <p>
                No searches yet. <Link to="/search">Search the catalogue</Link>.
              </p>
            )}
          </section>
        </div>
        {/* Not a named region itself: the table's scroll box is the region of that name. */}
        <section className="overview-wide">
          <h2 id="updated-title">Recently updated records</h2>
          {updated.length ? (
            <TableScroll caption="Recently updated records" captionHidden stacked="phone">
              <thead>
                <tr>
                  <th scope="col">Record</th>
                  <th scope="col">HSS ID</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {updated.map((record) => (
                  <tr key={record.hssId}>
                    <th scope="row">
                      <Link to={`/record/${record.hssId}`}>{record.title}</Link>
                    </th>
                    <td data-label="HSS ID" className="nowrap">
                      {record.hssId}
                    </td>
                    <td data-label="Updated" className="nowrap">
                      <time dateTime={record.at}>{formatDate(record.at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableScroll>
          ) : (
            <p>No records yet.</p>
          )}
        </section>
      </div>
    </>
  );
}
