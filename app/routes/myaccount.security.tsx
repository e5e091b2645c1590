import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { SecurityHistory } from "~/components/users/SecurityHistory";
import { requireUser } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { listSecurityEvents } from "~/models/security-events.server";

export const handle: RouteHandle = { title: "Security history" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { events: await listSecurityEvents(user.id) };
}

export default function MySecurityHistory() {
  const { events } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb
        items={[{ label: "My account", to: "/myaccount" }, { label: "Security history" }]}
      />
      <h1>Security history</h1>
      <p>
        Changes to how your account signs in, newest first: your password, your email address, your
        two-step sign-in, and signing out everywhere else. Each shows when it happened, the address
        it came from and the browser.
      </p>
      <p>
        If you do not recognise one, <Link to="/myaccount/password">change your password</Link>: it
        signs out every other device.
      </p>
      <SecurityHistory events={events} owner />
    </>
  );
}
