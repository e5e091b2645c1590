import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { DateTimeCell } from "~/components/DateTimeCell";
import { StatusTag } from "~/components/StatusTag";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { statusText } from "~/components/users/ListControls";
import { requirePermission } from "~/auth/auth.server";
import { formatDateTime } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import { ROLE_LABEL, ROLE_PURPOSE, ROLES, USER_ADMIN_ROLE } from "~/lib/roles";
import { userActionSchema } from "~/models/user-admin.server";
import { runUserAction, userIdOf, userPage } from "~/pages/dashboard-user.server";
import { TableScroll } from "~/components/TableScroll";
import { readForm } from "~/lib/body.server";

type LoaderData = { user: { name: string } };

export const handle: RouteHandle<LoaderData> = {
  title: (data) => (data?.user ? `User: ${data.user.name}` : "User"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requirePermission(request, "manageUsers");
  return await userPage(admin, userIdOf(params));
}

const NOT_POSSIBLE = {
  severity: "error",
  message: "That action is not possible. Choose one of the buttons on this page.",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, "manageUsers");
  const userId = userIdOf(params);
  const parsed = userActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  const back = `/dashboard/users/${userId}`;
  if (!parsed.success) return redirectWithFlash(request, back, NOT_POSSIBLE);
  return redirectWithFlash(request, back, await runUserAction(admin, userId, parsed.data));
}

function ActionButton({
  intent,
  role,
  children,
  danger,
}: {
  intent: string;
  role?: string;
  children: ReactNode;
  /** Deleting: red, unlike the page's other (secondary) actions. */
  danger?: boolean;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (navigation.formData?.get("role") ?? undefined) === role;
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      {role ? <input type="hidden" name="role" value={role} /> : null}
      <button
        type="submit"
        className={danger ? "danger outline" : "secondary"}
        aria-busy={busy ? true : undefined}
      >
        {children}
      </button>
    </Form>
  );
}

export default function UserDetail() {
  const { user, history, twoStep, isSelf } = useLoaderData<typeof loader>();
  return (
    <>
      <DashboardBreadcrumb
        items={[{ label: "Users", to: "/dashboard/users" }, { label: user.name }]}
      />
      <h1>{user.name}</h1>
      <dl className="summary-list">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Status</dt>
        <dd>
          <StatusTag kind="account" value={statusText(user)} />
        </dd>
        <dt>Roles</dt>
        <dd>{user.roles.length ? user.roles.join(", ") : "Member (no staff role)"}</dd>
        <dt>Email notifications</dt>
        <dd>{user.emailNotifications ? "On" : "Off"}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(user.createdAt)}</dd>
        <dt>Last sign-in</dt>
        <dd>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : "Never"}</dd>
      </dl>

      <section aria-labelledby="access-title">
        <h2 id="access-title">Access</h2>
        {isSelf ? (
          <p>This is your own account: you cannot suspend or delete it.</p>
        ) : (
          <>
            <p>
              Suspending or deleting signs the user out at once and stops them signing in. Deleting
              keeps their history; both can be undone.
            </p>
            <div className="button-row">
              {user.suspended ? (
                <ActionButton intent="activate">Activate user</ActionButton>
              ) : (
                <ActionButton intent="suspend">Suspend user</ActionButton>
              )}
              {user.deleted ? (
                <ActionButton intent="undelete">Undelete user</ActionButton>
              ) : (
                <ActionButton intent="delete" danger>
                  Delete user
                </ActionButton>
              )}
            </div>
          </>
        )}
      </section>

      {/* Not a named region itself: the table's scroll box is the region called "Roles". */}
      <section>
        <h2 id="roles-title">Roles</h2>
        <TableScroll caption="Roles" captionHidden stacked="phone" className="roles-table">
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">What it allows</th>
              <th scope="col">Held</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {ROLES.map((role) => {
              const held = user.roles.includes(role);
              return (
                <tr key={role}>
                  <th scope="row" className="nowrap">
                    {ROLE_LABEL[role]}
                  </th>
                  <td data-label="What it allows">{ROLE_PURPOSE[role]}</td>
                  <td data-label="Held">{held ? "Yes" : "No"}</td>
                  <td>
                    {held && isSelf && role === USER_ADMIN_ROLE ? (
                      <span>You cannot remove your own admin role.</span>
                    ) : held ? (
                      <ActionButton intent="revokeRole" role={role}>
                        Revoke {ROLE_LABEL[role].toLowerCase()}
                      </ActionButton>
                    ) : (
                      <ActionButton intent="assignRole" role={role}>
                        Assign {ROLE_LABEL[role].toLowerCase()}
                      </ActionButton>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </TableScroll>
      </section>

      <section aria-labelledby="notifications-title">
        <h2 id="notifications-title">Email notifications</h2>
        <p>
          The daily email of updated records is{" "}
          <strong>{user.emailNotifications ? "on" : "off"}</strong> for this user.
        </p>
        {user.emailNotifications ? (
          <ActionButton intent="notificationsOff">Turn email notifications off</ActionButton>
        ) : (
          <ActionButton intent="notificationsOn">Turn email notifications on</ActionButton>
        )}
      </section>

      <section aria-labelledby="two-step-title">
        <h2 id="two-step-title">Two-step sign-in</h2>
        {twoStep ? (
          <>
            <p>
              Two-step sign-in is <strong>on</strong> for this user. A user who has lost the phone
              with their authenticator app, and their recovery codes, can have it reset.
            </p>
            <p>
              <Link to={`/dashboard/users/${user.id}/two-step`} className="button-link secondary">
                Reset two-step sign-in
              </Link>
            </p>
          </>
        ) : (
          <p>
            Two-step sign-in is <strong>not set up</strong> for this user: there is nothing to
            reset.
          </p>
        )}
      </section>

      <section aria-labelledby="security-title">
        <h2 id="security-title">Security history</h2>
        <p>
          The user's own changes to how they sign in (password, email address, two-step sign-in,
          signing out everywhere else), each with its client address and browser:{" "}
          <Link to={`/dashboard/users/${user.id}/security`}>security history of {user.name}</Link>.
        </p>
      </section>

      {/* The table's scroll box is the region called "Change history". */}
      <section>
        <h2 id="history-title">Change history</h2>
        {history.length === 0 ? (
          <p>No changes have been recorded for this account.</p>
        ) : (
          <TableScroll caption="Change history" captionHidden>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <DateTimeCell value={entry.at} />
                  </td>
                  <td>
                    {entry.action}
                    {entry.detail ? `: ${entry.detail}` : ""}
                  </td>
                  <td>{entry.actor ?? "Unknown (account removed)"}</td>
                </tr>
              ))}
            </tbody>
          </TableScroll>
        )}
      </section>
      <p>
        <Link to="/dashboard/users">Back to users</Link>
      </p>
    </>
  );
}
