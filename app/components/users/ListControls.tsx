import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { SortableHeader } from "~/components/SortableHeader";

/** The user list's and the user report's query, as the loader read it. */
export interface ListQuery {
  q: string;
  page: number;
  size: number;
  orderBy: string;
  sortOrder: "asc" | "desc";
  deleted: "exclude" | "only" | "include";
  suspended: "include" | "only" | "exclude";
  from?: string;
  to?: string;
}

const DEFAULTS: Partial<Record<keyof ListQuery, string>> = {
  q: "",
  page: "1",
  size: "25",
  orderBy: "name",
  sortOrder: "asc",
  deleted: "exclude",
  suspended: "include",
};

/** The page's address with some of the query changed; defaults are left out of the URL. */
export function listHref(pathname: string, query: ListQuery, changes: Partial<ListQuery> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...changes })) {
    if (value === undefined || value === "" || DEFAULTS[key as keyof ListQuery] === String(value))
      continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * The user list's order in words, for its count line ("6 users, by name"), as the sibling
 * lists say theirs ("4 reports, newest update first").
 */
export function userOrderText(query: Pick<ListQuery, "orderBy" | "sortOrder">) {
  const asc = query.sortOrder === "asc";
  switch (query.orderBy) {
    case "email":
      return asc ? "by email" : "by email, Z–A";
    case "created":
      return asc ? "oldest first" : "newest first";
    case "lastSignIn":
      return asc ? "earliest sign-in first" : "latest sign-in first";
    default:
      return asc ? "by name" : "by name, Z–A";
  }
}

/** A column header of the user lists that sorts by its link (see SortableHeader). */
export function SortHeader({
  pathname,
  query,
  column,
  className,
  children,
}: {
  pathname: string;
  query: ListQuery;
  column: string;
  className?: string;
  children: ReactNode;
}) {
  const current = query.orderBy === column;
  const next = current && query.sortOrder === "asc" ? "desc" : "asc";
  return (
    <SortableHeader
      className={className}
      sorted={current ? query.sortOrder : null}
      href={listHref(pathname, query, { orderBy: column, sortOrder: next, page: 1 })}
    >
      {children}
    </SortableHeader>
  );
}

/** The filters: a plain GET form, so it works without scripts and its result can be bookmarked. */
export function UserFilters({
  query,
  children,
  submitLabel = "Apply filters",
  secondary = false,
}: {
  query: ListQuery;
  children?: ReactNode;
  submitLabel?: string;
  /** An outline button, where the page's one primary action is another (Invite a user). */
  secondary?: boolean;
}) {
  return (
    <Form method="get" className="user-filters" aria-label="Filter users">
      <input type="hidden" name="orderBy" value={query.orderBy} />
      <input type="hidden" name="sortOrder" value={query.sortOrder} />
      {children}
      <div className="filter-row">
        <label htmlFor="filter-q">
          Name or email contains
          <input id="filter-q" name="q" type="search" defaultValue={query.q} autoComplete="off" />
        </label>
        <label htmlFor="filter-deleted">
          Deleted users
          <select id="filter-deleted" name="deleted" defaultValue={query.deleted}>
            <option value="exclude">Hide deleted</option>
            <option value="only">Only deleted</option>
            <option value="include">Show all</option>
          </select>
        </label>
        <label htmlFor="filter-suspended">
          Suspended users
          <select id="filter-suspended" name="suspended" defaultValue={query.suspended}>
            <option value="include">Show all</option>
            <option value="only">Only suspended</option>
            <option value="exclude">Hide suspended</option>
          </select>
        </label>
        <label htmlFor="filter-size">
          Per page
          <select id="filter-size" name="size" defaultValue={String(query.size)}>
            {[10, 25, 50, 100].map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="submit" className={secondary ? "secondary" : undefined}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** A user's state in words (never colour alone). */
export function statusText(user: { suspended: boolean; deleted: boolean }) {
  if (user.deleted && user.suspended) return "Deleted, suspended";
  if (user.deleted) return "Deleted";
  if (user.suspended) return "Suspended";
  return "Active";
}
