import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
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
  const labels = Object.fromEntries(
    availableFilters(settings).map((filter) => [filter.id, filter.label]),
  );
  return json({
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
        text:
          describeSearch(parsed, labels, (phrase) => describePhrase(parsePhrase(phrase))) ||
          "All records",
        at: search.at,
      };
    }),
  });
}

export default function Overview() {
  const { viewed, searches, updated } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: "Dashboard", to: "/dashboard" },
          { label: "Overview" },
        ]}
      />
      <h1>Overview</h1>
      <div className="overview-lists">
        <section aria-labelledby="viewed-title">
          <h2 id="viewed-title">Recently viewed records</h2>
          {viewed.length ? (
            <ol>
              {viewed.map((record) => (
                <li key={record.hssId}>
                  <Link to={`/record/${record.hssId}`}>{record.title}</Link>
                  <br />
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
            <ol>
              {searches.map((search) => (
                <li key={search.href}>
                  <Link to={search.href}>{search.text}</Link>
                  <br />
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
        <section aria-labelledby="updated-title">
          <h2 id="updated-title">Recently updated records</h2>
          {updated.length ? (
            <ol>
              {updated.map((record) => (
                <li key={record.hssId}>
                  <Link to={`/record/${record.hssId}`}>{record.title}</Link>
                  <br />
                  <small>Updated {formatDate(record.at)}</small>
                </li>
              ))}
            </ol>
          ) : (
            <p>No records yet.</p>
          )}
        </section>
      </div>
    </>
  );
}
