import { Link } from "@remix-run/react";

export interface Crumb {
  label: string;
  to?: string;
}

export const HOME_CRUMB: Crumb = { label: "Home", to: "/" };
export const DASHBOARD_CRUMB: Crumb = { label: "Dashboard", to: "/dashboard" };

/**
 * The whole trail of a page: Home first, then Dashboard for a dashboard page, then the
 * items given. Callers pass only what follows, so no page can start its trail elsewhere.
 */
export function trail(items: Crumb[], { dashboard = false }: { dashboard?: boolean } = {}) {
  return [HOME_CRUMB, ...(dashboard ? [DASHBOARD_CRUMB] : []), ...items];
}

/**
 * A step this long (a record's title) may wrap within itself on a phone; a shorter one is kept
 * whole ("Reset two-step sign-in", "Event names"), so the trail breaks only between steps.
 */
const WRAPPING_CRUMB = 32;

/** The step's words, kept whole when short (the divider before it stays a break). */
function Step({ label }: { label: string }) {
  return label.length > WRAPPING_CRUMB ? label : <span className="nowrap">{label}</span>;
}

/** A trail of links whose last item, the current page, is plain text. */
function Trail({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="breadcrumb">
      <ul>
        {items.map((item, index) =>
          index === items.length - 1 || !item.to ? (
            <li key={item.label} aria-current={index === items.length - 1 ? "page" : undefined}>
              <Step label={item.label} />
            </li>
          ) : (
            <li key={item.label}>
              <Link to={item.to}>
                <Step label={item.label} />
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/**
 * A member page's trail: Home › section › item. Pass the items after Home, the last being
 * this page.
 */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return <Trail items={trail(items)} />;
}

/**
 * A staff or dashboard page's trail: Home › Dashboard › section › item. Pass the items after
 * Dashboard, the last being this page.
 */
export function DashboardBreadcrumb({ items }: { items: Crumb[] }) {
  return <Trail items={trail(items, { dashboard: true })} />;
}
