import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { SecurityHistory } from "~/components/users/SecurityHistory";
import { requirePermission } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { listSecurityEvents } from "~/models/security-events.server";
import { getUserRow } from "~/models/user-admin.server";

type LoaderData = { user: { name: string } };

export const handle: RouteHandle<LoaderData> = {
  title: (data) => (data?.user ? `Security history: ${data.user.name}` : "Security history"),
};

function userIdOf(params: { userId?: string }) {
  const id = Number(params.userId);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageUsers");
  const user = await getUserRow(userIdOf(params));
  if (!user) throw new Response("Not found", { status: 404 });
  return {
    user: { id: user.id, name: user.name, email: user.email },
    events: await listSecurityEvents(user.id),
  };
}

export default function UserSecurityHistory() {
  const { user, events } = useLoaderData<typeof loader>();
  return (
    <>
      <DashboardBreadcrumb
        items={[
          { label: "Users", to: "/dashboard/users" },
          { label: user.name, to: `/dashboard/users/${user.id}` },
          { label: "Security history" },
        ]}
      />
      <h1>Security history of {user.name}</h1>
      <p>
        The changes {user.email} made to how the account signs in, newest first: password, email
        address, two-step sign-in, and signing out everywhere else, each with the client address and
        browser it came from. What administrators changed is in the change history on the{" "}
        <Link to={`/dashboard/users/${user.id}`}>user's page</Link>.
      </p>
      <SecurityHistory events={events} owner={false} />
    </>
  );
}
