import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DateTimeCell } from "~/components/DateTimeCell";
import { StatusTag } from "~/components/StatusTag";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { Pagination } from "~/components/search/SearchResults";
import {
  listHref,
  SortHeader,
  statusText,
  UserFilters,
  userOrderText,
} from "~/components/users/ListControls";
import { requirePermission } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import { pagedTitle, type RouteHandle } from "~/lib/route-handle";
import { roleLabel } from "~/lib/roles";
import { listUsers, readUserListQuery } from "~/models/user-admin.server";
import { TableScroll } from "~/components/TableScroll";

export const handle: RouteHandle<{ query: { page: number; size: number }; total: number }> = {
  title: (data) =>
    data ? pagedTitle("Users", data.query.page, Math.ceil(data.total / data.query.size)) : "Users",
};

const PATH = "/dashboard/users";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageUsers");
  const query = readUserListQuery(new URL(request.url).searchParams);
  const { users, total } = await listUsers(query);
  return { query, users, total };
}

export default function Users() {
  const { query, users, total } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(total / query.size));
  return (
    <>
      <DashboardBreadcrumb items={[{ label: "Users" }]} />
      <h1>Users</h1>
      <p className="page-actions">
        <Link to="/invite" className="button-link">
          Invite a user
        </Link>
        <Link to="/dashboard/userreports">User reports</Link>
      </p>
      <UserFilters query={query} secondary />
      <p role="status">
        {total === 1 ? "1 user" : `${total.toLocaleString("en-GB")} users`}, {userOrderText(query)}
        {pages > 1 ? `; page ${query.page} of ${pages}` : ""}
      </p>
      {users.length === 0 ? (
        <p>No users match these filters.</p>
      ) : (
        <TableScroll caption="Users, with their roles and status" captionHidden stacked="tablet">
          <thead>
            <tr>
              <SortHeader pathname={PATH} query={query} column="name">
                Name
              </SortHeader>
              <SortHeader pathname={PATH} query={query} column="email">
                Email
              </SortHeader>
              <th scope="col">Roles</th>
              <th scope="col">Status</th>
              <SortHeader pathname={PATH} query={query} column="created">
                Created
              </SortHeader>
              <SortHeader pathname={PATH} query={query} column="lastSignIn">
                Last sign-in
              </SortHeader>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <th scope="row" className="nowrap">
                  <Link to={`${PATH}/${user.id}`}>{user.name}</Link>
                </th>
                <td data-label="Email">{user.email}</td>
                <td data-label="Roles">
                  {/* Each role whole on its line ("Website alerts", not "Website / alerts"). */}
                  {user.roles.length
                    ? user.roles.map((role, i) => (
                        <span key={role}>
                          {i > 0 ? ", " : null}
                          <span className="nowrap">{roleLabel(role)}</span>
                        </span>
                      ))
                    : "Member"}
                </td>
                <td data-label="Status" className="nowrap">
                  <StatusTag kind="account" value={statusText(user)} />
                </td>
                <td data-label="Created">
                  <time dateTime={new Date(user.createdAt).toISOString()}>
                    {formatDate(user.createdAt)}
                  </time>
                </td>
                <td data-label="Last sign-in">
                  {user.lastSignInAt ? <DateTimeCell value={user.lastSignInAt} /> : "Never"}
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
      <Pagination
        page={query.page}
        pages={pages}
        href={(page) => listHref(PATH, query, { page })}
        label="User list pages"
      />
    </>
  );
}
