import { StatusTag } from "~/components/StatusTag";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SEVERITY_WORDS } from "~/components/AlertBar";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireUser } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { activeAlertsFor, RELEASE } from "~/models/alerts.server";

export const handle: RouteHandle = { title: "Alerts" };

/** Every alert active for this user, closed or not: where the bar's "N more" leads. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const alerts = await activeAlertsFor(user.roles);
  return {
    alerts: alerts.map(({ alertId, alertType, severity, title, summary, notifyDate }) => ({
      alertId,
      isRelease: alertType === RELEASE,
      severity,
      title,
      summary,
      notifyDate,
    })),
  };
}

export default function Alerts() {
  const { alerts } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: "Alerts" }]} />
      <h1>Alerts</h1>
      {alerts.length === 0 ? (
        <p>There are no alerts for you at the moment.</p>
      ) : (
        <>
          <p>
            {alerts.length === 1
              ? "1 alert is current."
              : `${alerts.length} alerts are current, the most severe and newest first.`}
          </p>
          <ul className="alert-list">
            {alerts.map((alert) => (
              <li key={alert.alertId}>
                <article className={`alert alert--${alert.severity}`}>
                  <h2>
                    <Link
                      to={
                        alert.isRelease ? `/releases/${alert.alertId}` : `/alerts/${alert.alertId}`
                      }
                    >
                      {alert.title}
                    </Link>
                  </h2>
                  <p>
                    <StatusTag
                      kind="severity"
                      value={alert.severity}
                      word={SEVERITY_WORDS[alert.severity]}
                    />{" "}
                    · since {formatDate(alert.notifyDate)}
                  </p>
                  <p>{alert.summary}</p>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
