import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AlertForm, type AlertPreview } from "~/components/alerts/AlertForm";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { alertFormAction, alertFormValues } from "~/pages/alert-form.server";
import { requirePermission } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { ROLES } from "~/lib/roles";
import { listAlertTypes } from "~/models/alerts.server";

export const handle: RouteHandle = { title: "New alert" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageAlerts");
  return { types: await listAlertTypes(), values: alertFormValues(null) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageAlerts");
  return alertFormAction(request, user, null);
}

export default function NewAlert() {
  const { types, values } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const preview = (result as { preview?: AlertPreview } | undefined)?.preview ?? null;
  return (
    <div className="form-medium">
      <DashboardBreadcrumb
        items={[{ label: "Manage alerts", to: "/dashboard/alerts" }, { label: "New alert" }]}
      />
      <AlertForm
        heading={<h1>New alert</h1>}
        id="alert"
        defaultValue={values}
        lastResult={result}
        types={types}
        roles={ROLES}
        preview={preview}
        submitLabel="Create alert"
      />
    </div>
  );
}
