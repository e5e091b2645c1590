import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireUser } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { isActive, markAlertsViewed, releasesFor } from "~/models/alerts.server";

export const handle: RouteHandle = { title: "Releases" };

/**
 * Every release this user may read, newest update first. Opening the list
 * counts as having seen the new ones: their popup does not come back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const releases = await releasesFor(user.roles);
  const now = Date.now();
  await markAlertsViewed(
    user.id,
    user.roles,
    releases.filter((release) => isActive(release, user.roles, now)).map((r) => r.alertId),
  );
  return {
    releases: releases.map(({ alertId, title, summary, updatedAt }) => ({
      alertId,
      title,
      summary,
      updatedAt,
    })),
  };
}

export default function AllReleases() {
  const { releases } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: "Releases" }]} />
      <h1>Releases</h1>
      {releases.length === 0 ? (
        <p>No releases have been announced yet.</p>
      ) : (
        <>
          {/* A count and order line, as Alerts has: it also gives the list the same space
              under the H1. */}
          <p>
            {releases.length === 1 ? "1 release." : `${releases.length} releases, newest first.`}
          </p>
          <ol className="alert-list">
            {releases.map((release) => (
              <li key={release.alertId}>
                <article>
                  <h2>
                    <Link to={`/releases/${release.alertId}`}>{release.title}</Link>
                  </h2>
                  <p>
                    <time dateTime={release.updatedAt}>{formatDate(release.updatedAt)}</time>
                  </p>
                  <p>{release.summary}</p>
                </article>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
