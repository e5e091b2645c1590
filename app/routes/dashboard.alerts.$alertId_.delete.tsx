import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusTag } from "~/components/StatusTag";
import { DeleteConfirmation } from "~/components/staff/DeleteConfirmation";
import { alertIdOf } from "~/pages/alert-form.server";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { formatDate } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import { alertState, deleteAlert, getAlert, listAlertTypes } from "~/models/alerts.server";

export const handle: RouteHandle<{ alert: { title: string } }> = {
  title: (data) => (data?.alert ? `Delete alert: ${data.alert.title}` : "Delete alert"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageAlerts");
  const [alert, types] = await Promise.all([getAlert(alertIdOf(params)), listAlertTypes()]);
  if (!alert) throw new Response("Not Found", { status: 404 });
  const type = types.find((candidate) => candidate.name === alert.alertType);
  return {
    alert: {
      alertId: alert.alertId,
      title: alert.title,
      type: type?.label ?? alert.alertType,
      state: alertState(alert, Date.now()),
      notifyDate: alert.notifyDate,
      expireDate: alert.expireDate,
    },
  };
}

/** The confirmation's POST: the alert goes, with every member's mark of having read it. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "manageAlerts");
  const alertId = alertIdOf(params);
  await readForm(request);
  const alert = await getAlert(alertId);
  const deleted = await deleteAlert(alertId);
  return redirectWithFlash(
    request,
    "/dashboard/alerts",
    deleted && alert
      ? { severity: "success", message: `Alert "${alert.title}" deleted.` }
      : { severity: "warning", message: "That alert had already been deleted." },
  );
}

export default function DeleteAlert() {
  const { alert } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      list={{ label: "Manage alerts", to: "/dashboard/alerts" }}
      thing="alert"
      question="Delete this alert?"
      facts={[
        ["Title", alert.title],
        ["State", <StatusTag key="state" kind="alert" value={alert.state} />],
        ["Type", alert.type],
        ["Shown", `${formatDate(alert.notifyDate)} to ${formatDate(alert.expireDate)}`],
      ]}
      consequence={
        <>
          Deleting it removes it for every member at once, and cannot be undone. To stop showing it
          but keep it, disable it on <Link to="/dashboard/alerts">Manage alerts</Link> instead.
        </>
      }
      button="Delete alert"
    />
  );
}
