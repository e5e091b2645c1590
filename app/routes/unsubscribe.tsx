import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/lib/route-handle";
import { type StopKind, verifyStopToken } from "~/lib/stop-links.server";
import { emailNotificationsOn, leaveNotifications } from "~/models/notifications.server";
import { savedSearchAlert, stopSavedSearchAlert } from "~/models/saved-searches.server";

export const handle: RouteHandle<{ valid: boolean } | undefined> = {
  title: (data) => (data?.valid === false ? "This link is not valid" : "Stop emails"),
};

/**
 * The stop link of an alert or digest email. No sign-in: the signed token is the
 * permission, for that one alert or digest. Opening the link changes nothing (mail
 * scanners follow links); its one button stops the emails.
 */
async function target(request: Request) {
  // Public by design: the HMAC token in the link is the access check.
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  const id = Number(params.get("id"));
  const token = params.get("token") ?? "";
  if (
    (kind !== "alert" && kind !== "digest") ||
    !Number.isInteger(id) ||
    id <= 0 ||
    !verifyStopToken(kind as StopKind, id, token)
  )
    return null;
  if (kind === "alert") {
    const alert = await savedSearchAlert(id);
    return alert
      ? {
          kind,
          id,
          what: `the email alert for your saved search “${alert.title}”`,
          active: alert.active,
        }
      : null;
  }
  const on = await emailNotificationsOn(id);
  return on === null
    ? null
    : { kind, id, what: "the email notifications of updated records", active: on };
}

/** A link that is cut short, forged, or whose saved search is gone: 404, with a way on. */
const notValid = () => data({ valid: false as const }, { status: 404 });

export async function loader({ request }: LoaderFunctionArgs) {
  const found = await target(request);
  if (!found) return notValid();
  return { valid: true as const, what: found.what, active: found.active };
}

export async function action({ request }: ActionFunctionArgs) {
  const found = await target(request);
  if (!found) return notValid();
  if (found.kind === "alert") {
    await stopSavedSearchAlert(found.id);
  } else {
    await leaveNotifications(found.id);
  }
  return { stopped: true };
}

export default function Unsubscribe() {
  const data = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  if (!data.valid) return <NotValid />;
  const { what, active } = data;
  return (
    <div className="form-narrow">
      <h1>Stop emails</h1>
      {(done && "stopped" in done) || !active ? (
        <p role="status">You will get no more emails for {what}.</p>
      ) : (
        <Form method="post">
          <p>Stop {what}?</p>
          <button type="submit">Stop these emails</button>
        </Form>
      )}
      <p>
        You can turn them on again from your <Link to="/dashboard">dashboard</Link>.
      </p>
    </div>
  );
}

/** The page for a link that does not name an alert or digest this site can stop. */
function NotValid() {
  return (
    <div className="form-narrow">
      <h1>This link is not valid</h1>
      <p>
        It may have been copied only in part, or the saved search whose alert it stops may have been
        deleted. No email setting has been changed.
      </p>
      <p>
        To stop or change your emails, sign in: the{" "}
        <Link to="/dashboard/notifications">notifications</Link> page holds the email about updated
        records, and <Link to="/dashboard/savedsearches">saved searches</Link> their alerts.
      </p>
    </div>
  );
}
