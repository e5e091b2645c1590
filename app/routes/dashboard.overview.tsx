import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { BarChart } from "~/components/charts/BarChart";
import { TableScroll } from "~/components/TableScroll";
import { requireUser } from "~/auth/auth.server";
import { overview } from "~/pages/overview.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { title: "Overview" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return await overview(user.id);
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
