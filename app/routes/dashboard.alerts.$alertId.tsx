import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AlertForm, type AlertPreview } from "~/components/alerts/AlertForm";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { alertFormAction, alertFormValues, alertIdOf } from "~/pages/alert-form.server";
import { requirePermission } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { ROLES } from "~/lib/roles";
import { getAlert, listAlertTypes } from "~/models/alerts.server";

export const handle: RouteHandle<{ title: string }> = {
  title: (data) => (data?.title ? `Edit alert: ${data.title}` : "Edit alert"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageAlerts");
  const alert = await getAlert(alertIdOf(params));
  if (!alert) throw new Response("Not Found", { status: 404 });
  return {
    alertId: alert.alertId,
    title: alert.title,
    types: await listAlertTypes(),
    values: alertFormValues(alert),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageAlerts");
  return alertFormAction(request, user, alertIdOf(params));
}

export default function EditAlert() {
  const { alertId, title, types, values } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const preview = (result as { preview?: AlertPreview } | undefined)?.preview ?? null;
  return (
    <div className="form-medium">
      <DashboardBreadcrumb
        items={[{ label: "Manage alerts", to: "/dashboard/alerts" }, { label: `Edit: ${title}` }]}
      />
      <AlertForm
        heading={<h1>Edit alert</h1>}
        id="alert"
        defaultValue={values}
        lastResult={result}
        types={types}
        roles={ROLES}
        preview={preview}
        submitLabel="Save alert"
      />
      <p className="delete-link">
        <Link to={`/dashboard/alerts/${alertId}/delete`}>Delete this alert</Link>
      </p>
    </div>
  );
}
