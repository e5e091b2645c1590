import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import type { RouteHandle } from "~/lib/route-handle";
import { type StopKind, verifyStopToken } from "~/lib/stop-links.server";
import { leaveNotifications } from "~/models/notifications.server";

export const handle: RouteHandle = { title: "Stop emails" };

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
  const db = await getDb();
  if (kind === "alert") {
    const [row] = await queryRows<{ title: string; alert_frequency: string }>(
      db,
      sql`SELECT title, alert_frequency FROM saved_searches WHERE id = ${id}`,
    );
    return row
      ? {
          kind,
          id,
          what: `the email alert for your saved search “${row.title}”`,
          active: row.alert_frequency !== "none",
        }
      : null;
  }
  const [row] = await queryRows<{ email_notifications: boolean }>(
    db,
    sql`SELECT email_notifications FROM user_preferences WHERE user_id = ${id}`,
  );
  return row
    ? {
        kind,
        id,
        what: "the email notifications of updated records",
        active: row.email_notifications,
      }
    : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const found = await target(request);
  if (!found) throw new Response("This link is not valid", { status: 404 });
  return json({ what: found.what, active: found.active });
}

export async function action({ request }: ActionFunctionArgs) {
  const found = await target(request);
  if (!found) throw new Response("This link is not valid", { status: 404 });
  if (found.kind === "alert") {
    const db = await getDb();
    await db.execute(
      sql`UPDATE saved_searches SET alert_frequency = 'none', updated_at = now() WHERE id = ${found.id}`,
    );
  } else {
    await leaveNotifications(found.id);
  }
  return json({ stopped: true });
}

export default function Unsubscribe() {
  const { what, active } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <div className="form-narrow">
      <h1>Stop emails</h1>
      {done?.stopped || !active ? (
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
