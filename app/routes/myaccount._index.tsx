import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireUser } from "~/lib/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { displayName } from "~/models/users.server";

export const handle: RouteHandle = { title: "My account" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ name: displayName(user), email: user.email, roles: user.roles });
}

export default function MyAccount() {
  const { name, email, roles } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "My account" }]} />
      <h1>My account</h1>
      <dl className="summary-list">
        <dt>Name</dt>
        <dd>{name}</dd>
        <dt>Email</dt>
        <dd>{email}</dd>
        <dt>Roles</dt>
        <dd>{roles.length ? roles.join(", ") : "Member (no staff role)"}</dd>
      </dl>
      <h2>Manage your account</h2>
      <ul>
        <li>
          <Link to="/myaccount/profile">Change your name or email</Link>
        </li>
        <li>
          <Link to="/myaccount/password">Change your password</Link>
        </li>
        <li>
          <Link to="/myaccount/two-step">Two-step sign-in</Link>
        </li>
        <li>
          <Link to="/dashboard/notifications">Email notifications</Link>
        </li>
        <li>
          <Link to="/dashboard/savedsearches">Saved searches</Link>
        </li>
      </ul>
    </>
  );
}
