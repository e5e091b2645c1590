import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { clearNotifications, listNotifications, NOTIFICATION_DAYS } from "~/models/notifications.server";

export const handle: RouteHandle = { title: "Notifications" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const days = await listNotifications(user.id);
  return json({ days, newCount: days.reduce((sum, day) => sum + day.records.filter((record) => record.isNew).length, 0), reach: NOTIFICATION_DAYS });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  if (form.get("intent") === "clear") await clearNotifications(user.id);
  return redirect("/dashboard/notifications", { status: 303 });
}

export default function Notifications() {
  const { days, newCount, reach } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Dashboard", to: "/dashboard" }, { label: "Notifications" }]} />
      <h1>Notifications</h1>
      <p>
        Records updated in the last {reach} days, newest first, with what changed.{" "}
        {newCount > 0 ? `${newCount} ${newCount === 1 ? "is" : "are"} new since you last cleared them.` : "Nothing is new since you last cleared them."}
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
          <h2 id={`day-${day.day}`}>
            <time dateTime={day.day}>{formatDate(day.day)}</time>
          </h2>
          <ul>
            {day.records.map((record) => (
              <li key={record.hssId}>
                <Link to={`/record/${record.hssId}`}>{record.title}</Link>
                {record.isNew ? <span className="new-tag">New</span> : null}
                <br />
                <small>Changed: {record.fields.join("; ")}</small>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
