import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AlertArticle } from "~/components/AlertArticle";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireUser } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { markAlertsViewed, RELEASE, visibleAlert } from "~/models/alerts.server";

export const handle: RouteHandle<{ release: { title: string } }> = {
  title: (data) => data?.release.title ?? "Release",
};

/** A release's notes. An unknown id, another kind of alert, or one not for this user: not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const releaseId = Number(params.releaseId);
  const release = Number.isSafeInteger(releaseId)
    ? await visibleAlert(releaseId, user.roles)
    : null;
  if (!release || release.alertType !== RELEASE) throw new Response("Not Found", { status: 404 });
  await markAlertsViewed(user.id, user.roles, [release.alertId]);
  return { release };
}

export default function ReleasePage() {
  const { release } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: "Releases", to: "/allreleases" }, { label: release.title }]} />
      <AlertArticle alert={release} release />
      <p>
        <Link to="/allreleases">All releases</Link>
      </p>
    </>
  );
}
