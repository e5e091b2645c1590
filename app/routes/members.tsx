import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HeroSearch } from "~/components/HeroSearch";
import { requireUser } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { recentlyUpdatedRecords } from "~/models/activity.server";
import { countNewNotifications } from "~/models/notifications.server";
import { countPublishedRecords } from "~/models/records.server";

export const handle: RouteHandle = { title: "Members" };

/** The members' landing page: what is new since the last visit, the search box, and the ways in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [newCount, updated, total] = await Promise.all([
    countNewNotifications(user.id),
    recentlyUpdatedRecords(),
    countPublishedRecords(),
  ]);
  return { firstName: user.firstName, newCount, updated: updated.slice(0, 5), total };
}

export default function Members() {
  const { firstName, newCount, updated, total } = useLoaderData<typeof loader>();
  return (
    <>
      {/* The same opening as the signed-in home (its hero): the welcome, then one search box
          joined to its button, the label above it. */}
      <section className="hero" aria-labelledby="welcome">
        <h1 id="welcome">Welcome, {firstName}</h1>
        <HeroSearch id="members-q" total={total} />
      </section>
      <div className="auto-columns">
        <section aria-labelledby="new-title">
          <h2 id="new-title">New since your last visit</h2>
          <p>
            {newCount > 0 ? (
              <Link to="/dashboard/notifications">
                {newCount} {newCount === 1 ? "record has" : "records have"} changed since you last
                cleared your notifications
              </Link>
            ) : (
              <>
                No record has changed since you last cleared your notifications.{" "}
                <Link to="/dashboard/notifications">See recent changes</Link>.
              </>
            )}
          </p>
        </section>
        <section aria-labelledby="updated-title">
          <h2 id="updated-title">Recently updated</h2>
          <ul>
            {updated.map((record) => (
              <li key={record.hssId}>
                <Link to={`/record/${record.hssId}`}>{record.title}</Link>{" "}
                <small className="nowrap">({formatDate(record.at)})</small>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="ways-title">
          <h2 id="ways-title">Your dashboard</h2>
          <ul>
            <li>
              <Link to="/dashboard/savedsearches">Saved searches</Link> and their email alerts
            </li>
            <li>
              <Link to="/dashboard/overview">Overview</Link>: what you viewed and searched lately
            </li>
            <li>
              <Link to="/dashboard/notifications">Notifications</Link> of updated records
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
