import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { requireUser } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { redirectWithFlash } from "~/lib/flash.server";
import { ENROLMENT_FAILED } from "~/models/notifications.server";
import { readForm } from "~/lib/body.server";
import {
  changeNotifications,
  NO_FREQUENCY,
  notificationsPage,
  parseNotificationsForm,
} from "~/pages/notifications.server";

export const handle: RouteHandle = { title: "Notifications" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return await notificationsPage(user.id);
}

const HERE = "/dashboard/notifications";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = parseNotificationsForm(await readForm(request));
  if (parsed.kind === "no-frequency")
    return data({ status: "error" as const, error: NO_FREQUENCY }, { status: 400 });
  if (parsed.kind === "unknown") return redirect(HERE, { status: 303 });
  const done = await changeNotifications(user.id, parsed.value);
  if (done.kind === "enrol-failed")
    return data({ status: "error" as const, error: ENROLMENT_FAILED }, { status: 500 });
  if (done.kind === "dismissed")
    return done.js ? { ok: true } : redirect(done.redirectTo, { status: 303 });
  if (done.kind === "cleared") return redirect(HERE, { status: 303 });
  return redirectWithFlash(request, HERE, { severity: "success", message: done.message });
}

const FREQUENCIES = ["daily", "weekly"] as const;

export default function Notifications() {
  const { days, newCount, reach, email } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as { error?: string } | undefined;
  const error = failed?.error;
  return (
    <>
      <DashboardBreadcrumb items={[{ label: "Notifications" }]} />
      <ErrorSummary items={error ? [{ fieldId: "frequency-daily", message: error }] : []} />
      <h1>Notifications</h1>
      {/* Says what the page holds, so the H1 is not followed at once by its first H2. */}
      <p>Emails about updated records, and the records updated in the last {reach} days.</p>
      <section className="email-notifications" aria-labelledby="email-title">
        <h2 id="email-title">Email notifications</h2>
        {email.enrolled ? (
          <p>
            You are enrolled: you get a {email.frequency} email listing the records that changed.
            Change how often, or stop the emails.
          </p>
        ) : (
          <p>
            Email Notifications are currently off. Enrol to get an email listing the records that
            changed.
          </p>
        )}
        <Form method="post">
          <fieldset aria-describedby={error ? "frequency-error" : undefined}>
            <legend>How often</legend>
            {error ? (
              <small id="frequency-error" className="field-error">
                <span className="visually-hidden">Error: </span>
                {error}
              </small>
            ) : null}
            {FREQUENCIES.map((value) => (
              <label key={value} htmlFor={`frequency-${value}`}>
                <input
                  type="radio"
                  id={`frequency-${value}`}
                  name="frequency"
                  value={value}
                  defaultChecked={email.frequency === value}
                />
                {value === "daily" ? "Daily" : "Weekly"}
              </label>
            ))}
          </fieldset>
          <div className="inline-actions">
            <button type="submit" name="intent" value="enrol">
              {email.enrolled ? "Save" : "Enrol in email notifications"}
            </button>
            {email.enrolled ? (
              <button type="submit" name="intent" value="leave" className="secondary">
                Stop the emails
              </button>
            ) : null}
          </div>
        </Form>
      </section>
      <h2>Updated records</h2>
      <p>
        Records updated in the last {reach} days, newest first, with what changed.{" "}
        {/* True of the list below it: the records stay listed when cleared; only the New
            marks go. */}
        {newCount > 0
          ? `${newCount} ${newCount === 1 ? "is" : "are"} new since you last cleared the new ones, marked New.`
          : days.length > 0
            ? "You have seen them all: none is new since you last cleared the new ones."
            : null}
      </p>
      {newCount > 0 ? (
        <Form method="post" replace>
          <button type="submit" name="intent" value="clear" className="secondary">
            Clear
          </button>
        </Form>
      ) : null}
      {days.length === 0 ? <p>No record has been updated in the last {reach} days.</p> : null}
      {days.map((day) => (
        <section key={day.day} className="notification-day" aria-labelledby={`day-${day.day}`}>
          <h3 id={`day-${day.day}`}>
            <time dateTime={day.day}>{formatDate(day.day)}</time>
          </h3>
          <ul>
            {day.records.map((record) => (
              <li key={record.hssId}>
                <Link to={`/record/${record.hssId}`}>{record.title}</Link>
                {record.isNew ? <span className="new-tag">New</span> : null}
                <br />
                <small className="changed-fields">
                  Changed: <ChangedFields fields={record.fields} />
                </small>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/**
 * The changed fields, "; " between them: each step of a path ("EMA", "CHMP opinion", a trial's
 * "2026-510512-17-00") is kept whole, and a line may break only after a "›" or a ";", so no
 * line starts with the separator and no code is split.
 */
function ChangedFields({ fields }: { fields: string[] }) {
  return (
    <>
      {fields.map((field, index) => (
        <span key={field}>
          {index > 0 ? "; " : null}
          {field.split(" › ").map((step, at, steps) => (
            <span key={steps.slice(0, at + 1).join(" › ")}>
              {at > 0 ? "\u00a0› " : null}
              <span className="nowrap">{step}</span>
            </span>
          ))}
        </span>
      ))}
    </>
  );
}
