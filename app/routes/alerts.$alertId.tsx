import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AlertArticle } from "~/components/AlertArticle";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireUser } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { markAlertsViewed, RELEASE, visibleAlert } from "~/models/alerts.server";

export const handle: RouteHandle<{ alert: { title: string } }> = {
  title: (data) => data?.alert.title ?? "Alert",
};

/**
 * An alert's page, where 'Close and View Details' leads: reading it closes it in the bar, for
 * this user on every device. An alert not meant for this user is not found, whatever its id.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const alertId = Number(params.alertId);
  const alert = Number.isSafeInteger(alertId) ? await visibleAlert(alertId, user.roles) : null;
  if (!alert) throw new Response("Not Found", { status: 404 });
  await markAlertsViewed(user.id, user.roles, [alert.alertId]);
  return { alert, release: alert.alertType === RELEASE };
}

export default function AlertPage() {
  const { alert, release } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: "Alerts", to: "/alerts" }, { label: alert.title }]} />
      <AlertArticle alert={alert} release={release} />
      <p>
        <Link to="/alerts">All current alerts</Link>
      </p>
    </>
  );
}
