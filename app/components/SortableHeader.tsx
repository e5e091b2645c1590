import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A column header that sorts the table by its link: the first click sorts ascending, the
 * next descending (the caller's `href` says which). aria-sort tells screen readers the
 * current order; the arrow is only decoration, and the words "sorted ascending/descending"
 * say it for everyone else.
 */
export function SortableHeader({
  sorted,
  href,
  className,
  children,
}: {
  /** How the table is sorted by this column, or null when it is sorted by another. */
  sorted: "asc" | "desc" | null;
  href: string;
  /** "numeric" over a column of figures: the name then sits right, over them. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <th
      scope="col"
      className={className}
      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link to={href} prefetch="none">
        {children}
        {sorted ? (
          <span className="sort-state">
            <span aria-hidden="true">{sorted === "asc" ? "\u00a0▲" : "\u00a0▼"}</span>
            <span className="visually-hidden">
              {" "}
              (sorted {sorted === "asc" ? "ascending" : "descending"}; select to reverse)
            </span>
          </span>
        ) : (
          <span className="visually-hidden"> (select to sort)</span>
        )}
      </Link>
    </th>
  );
}
