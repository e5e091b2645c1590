import { Link } from "@remix-run/react";

export interface Crumb {
  label: string;
  to?: string;
}

/** A trail of links whose last item, the current page, is plain text. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="breadcrumb">
      <ul>
        {items.map((item, index) =>
          index === items.length - 1 || !item.to ? (
            <li key={item.label} aria-current={index === items.length - 1 ? "page" : undefined}>
              {item.label}
            </li>
          ) : (
            <li key={item.label}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
