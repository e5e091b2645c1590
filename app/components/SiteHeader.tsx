import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { can, showsAdminLabel } from "~/lib/roles";

export interface HeaderUser {
  firstName: string;
  lastName: string;
  roles: string[];
}

interface SiteHeaderProps {
  user: HeaderUser | null;
  environmentLabel: string;
  notificationCount: number;
  /** Active alerts not closed plus new record notifications. */
  badgeCount?: number;
  qcReportsUrl: string | null;
  /** The page could not tell who is signed in (its root data failed): offer no account links. */
  accountUnknown?: boolean;
}

// The dark header on the signed-out home and the account-entry pages (docs/product.md). The
// two-step page is the second half of logging in (decision 015), so it keeps the login's header.
const DARK_PATHS = [
  "/login",
  "/login/two-step",
  "/register",
  "/invite",
  "/resetpassword",
  "/checkemail",
  "/notallowed",
  "/changepassword",
  "/confirmemail",
];

export function headerVariant(pathname: string, signedIn: boolean): "dark" | "home" | "default" {
  if (pathname === "/") return signedIn ? "home" : "dark";
  return DARK_PATHS.includes(pathname) ? "dark" : "default";
}

function initials(user: HeaderUser) {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || "?";
}

export function SiteHeader({
  user,
  environmentLabel,
  notificationCount,
  badgeCount = 0,
  qcReportsUrl,
  accountUnknown = false,
}: SiteHeaderProps) {
  const location = useLocation();
  const variant = headerVariant(location.pathname, Boolean(user));
  const here = `${location.pathname}${location.search}`;
  // Without JS each menu link loads a new page; with JS the page stays, so close the menu.
  // Not on the first render: a menu opened while the page was still loading its scripts stays
  // open when they arrive.
  const menu = useRef<HTMLDetailsElement>(null);
  const shownFor = useRef(location.key);
  // After each navigation (the location's key) the menu closes.
  useEffect(() => {
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    if (menu.current) menu.current.open = false;
  }, [location.key]);
  return (
    <header className={`site-header site-header--${variant}`}>
      <nav aria-label="Site" className="container">
        <ul>
          <li>
            <Link to="/" className="logo">
              <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" width="28" height="28">
                <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
                <path d="M4 19h24" stroke="currentColor" strokeWidth="3" />
                <circle cx="16" cy="12" r="4" fill="currentColor" />
              </svg>
              <span>Horizon Scanning Database</span>
            </Link>
          </li>
          {environmentLabel ? (
            <li>
              <span className="environment-label">
                <span className="visually-hidden">Environment: </span>
                {environmentLabel}
              </span>
            </li>
          ) : null}
        </ul>
        <ul>
          {user ? (
            <>
              <li className="header-wide">
                <Link to="/search">Search</Link>
              </li>
              <li className="header-wide">
                <Link to="/dashboard" className="button-link secondary">
                  My Dashboard
                </Link>
              </li>
              <li>
                <details
                  className="dropdown avatar-menu"
                  ref={menu}
                  onKeyDown={closeOnEscape}
                  onBlur={closeWhenFocusLeaves}
                >
                  <summary title="Main Menu">
                    <span className="avatar" aria-hidden="true">
                      {initials(user)}
                    </span>
                    <span className="visually-hidden">Main Menu</span>
                    {badgeCount > 0 ? (
                      <span className="badge avatar-badge">
                        <span className="visually-hidden">, </span>
                        {badgeCount}
                        <span className="visually-hidden"> new</span>
                      </span>
                    ) : null}
                  </summary>
                  <ul dir="rtl">
                    {showsAdminLabel(user.roles) ? (
                      <li dir="ltr" className="menu-label">
                        ADMIN
                      </li>
                    ) : null}
                    {/* On a phone the header's own links move here, so the header stays one row. */}
                    <MenuLink to="/search" className="menu-narrow">
                      Search
                    </MenuLink>
                    <MenuLink to="/dashboard" className="menu-narrow">
                      My Dashboard
                    </MenuLink>
                    <MenuLink to="/myaccount/profile">Profile</MenuLink>
                    <MenuLink to="/dashboard/notifications">
                      Notifications
                      {notificationCount > 0 ? " " : null}
                      {notificationCount > 0 ? (
                        <span className="badge">
                          {notificationCount}
                          <span className="visually-hidden"> new</span>
                        </span>
                      ) : null}
                    </MenuLink>
                    <MenuLink to="/allreleases">Releases</MenuLink>
                    {can(user.roles, "manageAlerts") ? (
                      <MenuLink to="/dashboard/alerts">Alerts</MenuLink>
                    ) : null}
                    {can(user.roles, "manageUsers") ? (
                      <MenuLink to="/dashboard/userreports">User Reports</MenuLink>
                    ) : null}
                    {qcReportsUrl ? (
                      <li dir="ltr">
                        <a href={qcReportsUrl} rel="noopener noreferrer">
                          QC Reports
                        </a>
                      </li>
                    ) : null}
                    <MenuLink to="/dashboard/savedsearches">Saved Searches</MenuLink>
                    <MenuLink to="/faq">FAQs</MenuLink>
                    <MenuLink to="/glossary">Glossary</MenuLink>
                    <MenuLink to="/imagingdiagnostics">Imaging and diagnostics</MenuLink>
                    <li dir="ltr">
                      <Form method="post" action="/logout" className="logout-form">
                        <input type="hidden" name="redirectTo" value={here} />
                        <button type="submit" className="outline">
                          Log Out
                        </button>
                      </Form>
                    </li>
                  </ul>
                </details>
              </li>
            </>
          ) : accountUnknown ? null : (
            <>
              <li>
                <Link
                  to={
                    location.pathname === "/login"
                      ? "/login"
                      : `/login?${new URLSearchParams({ redirectTo: here })}`
                  }
                >
                  Login
                </Link>
              </li>
              <li>
                {/* An outline, as My Dashboard is: a filled header button competed with the
                    page's own primary (Log in, Create account). */}
                <Link to="/contact" className="button-link secondary">
                  Sign Up
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}

// With JS the avatar menu behaves as a menu button does: Escape closes it and returns focus to
// its button, and it closes when focus moves out of it (a details element alone does neither).
function closeOnEscape(event: React.KeyboardEvent<HTMLDetailsElement>) {
  const details = event.currentTarget;
  if (event.key !== "Escape" || !details.open) return;
  event.preventDefault();
  details.open = false;
  details.querySelector("summary")?.focus();
}

function closeWhenFocusLeaves(event: React.FocusEvent<HTMLDetailsElement>) {
  const next = event.relatedTarget;
  if (next instanceof Node && !event.currentTarget.contains(next)) event.currentTarget.open = false;
}

function MenuLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <li dir="ltr" className={className}>
      <Link to={to}>{children}</Link>
    </li>
  );
}
