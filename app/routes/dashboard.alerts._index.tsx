import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { StatusTag } from "~/components/StatusTag";
import { TableScroll } from "~/components/TableScroll";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { formatDate } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  ALERT_GONE,
  alertToggleForm,
  manageAlertsPage,
  toggleAlert,
} from "~/pages/manage-alerts.server";
import { SEVERITY_WORDS } from "~/components/AlertBar";

export const handle: RouteHandle = { title: "Manage alerts" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageAlerts");
  return await manageAlertsPage();
}

/** Enable or disable an alert (API: enablealert), then back to the list. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageAlerts");
  const parsed = alertToggleForm.safeParse(Object.fromEntries(await readForm(request)));
  const flash = parsed.success ? await toggleAlert(parsed.data, user.id) : ALERT_GONE;
  return redirectWithFlash(request, "/dashboard/alerts", flash);
}

const AUDIENCE: Record<string, string> = {
  admin: "admins",
  editor: "editors",
  reportadmin: "report admins",
  websitealerts: "website-alerts staff",
};

/** A date on its line and the time (UTC) under it: the table stays narrow. */
function DateCell({ value }: { value: Date }) {
  const iso = value.toISOString();
  return (
    <time dateTime={iso} className="date-cell">
      {formatDate(value)} <small>{iso.slice(11, 16)} UTC</small>
    </time>
  );
}

export default function ManageAlerts() {
  const { alerts, limit } = useLoaderData<typeof loader>();
  return (
    <>
      <DashboardBreadcrumb items={[{ label: "Manage alerts" }]} />
      <h1>Manage alerts</h1>
      <p>
        Alerts show in the bar below the header, to everyone signed in or to the roles you choose,
        between their notify and expire dates. Release alerts are announced by a popup and listed on{" "}
        <Link to="/allreleases">Releases</Link>.
      </p>
      <p>
        <Link to="/dashboard/alerts/new" className="button-link">
          Create alert
        </Link>
      </p>
      {alerts.length === 0 ? (
        <p>No alerts yet.</p>
      ) : (
        <>
          <p>
            {alerts.length >= limit
              ? `The first ${limit} alerts, by title`
              : `${alerts.length === 1 ? "1 alert" : `${alerts.length} alerts`}, by title`}
          </p>
          <TableScroll
            caption={`Alerts by title${alerts.length >= limit ? `: the first ${limit}` : ""}`}
            captionHidden
            className="alerts-table"
            stacked="tablet"
          >
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Type</th>
                <th scope="col">Severity</th>
                <th scope="col">Audience</th>
                <th scope="col">Notify and expire dates</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((alert) => (
                <tr key={alert.alertId}>
                  <th scope="row" className="title-cell">
                    <Link to={`/dashboard/alerts/${alert.alertId}`}>{alert.title}</Link>
                  </th>
                  <td data-label="Type">{alert.type}</td>
                  <td data-label="Severity">
                    {/* The stored word, capitalised as StatusTag's words are ("Information"
                        here as on the Alerts page). */}
                    <StatusTag
                      kind="severity"
                      value={alert.shownAs}
                      word={
                        alert.shownAs === "info"
                          ? SEVERITY_WORDS.info
                          : alert.severity.charAt(0).toUpperCase() + alert.severity.slice(1)
                      }
                    />
                    {alert.severity !== alert.shownAs && alert.shownAs !== "info" ? (
                      <span className="muted"> (shown as {SEVERITY_WORDS[alert.shownAs]})</span>
                    ) : null}
                  </td>
                  <td data-label="Audience">
                    {alert.audience.length === 0
                      ? "Everyone"
                      : alert.audience.map((role) => AUDIENCE[role] ?? role).join(", ")}
                  </td>
                  {/* One column for both dates (the notify date, then "to" the expire date):
                      with a column each the table could not fit beside the dashboard's menu. */}
                  <td data-label="Notify and expire dates" className="alert-dates">
                    <DateCell value={alert.notifyDate} />
                    <span className="alert-dates-to">
                      to <DateCell value={alert.expireDate} />
                    </span>
                  </td>
                  <td data-label="State" className="nowrap">
                    <StatusTag kind="alert" value={alert.state} />
                  </td>
                  <td>
                    <Form method="post" className="inline-actions">
                      <input type="hidden" name="alertId" value={alert.alertId} />
                      <button
                        type="submit"
                        name="intent"
                        value={alert.isEnabled ? "disable" : "enable"}
                        className="secondary outline"
                      >
                        {alert.isEnabled ? "Disable" : "Enable"}
                        <span className="visually-hidden"> “{alert.title}”</span>
                      </button>
                      <Link to={`/dashboard/alerts/${alert.alertId}/delete`}>
                        Delete<span className="visually-hidden"> “{alert.title}”</span>
                      </Link>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableScroll>
        </>
      )}
    </>
  );
}
