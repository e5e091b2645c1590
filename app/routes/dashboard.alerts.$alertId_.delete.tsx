import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { alertIdOf } from "~/lib/alert-form.server";
import { requireRole } from "~/lib/auth.server";
import { readForm } from "~/lib/body.server";
import { formatDate } from "~/lib/dates";
import { setFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import { deleteAlert, getAlert } from "~/models/alerts.server";

export const handle: RouteHandle<{ alert: { title: string } }> = {
  title: (data) => (data?.alert ? `Delete alert: ${data.alert.title}` : "Delete alert"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "websitealerts");
  const alert = await getAlert(alertIdOf(params));
  if (!alert) throw new Response("Not Found", { status: 404 });
  return json({
    alert: {
      alertId: alert.alertId,
      title: alert.title,
      alertType: alert.alertType,
      notifyDate: alert.notifyDate,
      expireDate: alert.expireDate,
    },
  });
}

/** The confirmation's POST: the alert goes, with every member's mark of having read it. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, "websitealerts");
  const alertId = alertIdOf(params);
  await readForm(request);
  const alert = await getAlert(alertId);
  const deleted = await deleteAlert(alertId);
  return redirect("/dashboard/alerts", {
    status: 303,
    headers: {
      "Set-Cookie": await setFlash(
        request,
        deleted && alert
          ? { severity: "success", message: `Alert "${alert.title}" deleted.` }
          : { severity: "warning", message: "That alert had already been deleted." },
      ),
    },
  });
}

export default function DeleteAlert() {
  const { alert } = useLoaderData<typeof loader>();
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[{ label: "Manage alerts", to: "/dashboard/alerts" }, { label: "Delete alert" }]}
      />
      <h1>Delete the alert “{alert.title}”?</h1>
      <p>
        It is shown from {formatDate(alert.notifyDate)} to {formatDate(alert.expireDate)}. Deleting
        it removes it for every member at once, and cannot be undone. To stop showing it but keep
        it, disable it instead.
      </p>
      <Form method="post" className="inline-actions">
        <button type="submit" className="danger">
          Delete alert
        </button>
        <Link to="/dashboard/alerts" className="button-link secondary">
          Cancel
        </Link>
      </Form>
    </div>
  );
}
