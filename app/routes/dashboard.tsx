import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { requireUser } from "~/auth/auth.server";
import { dashboardPages } from "~/pages/dashboard.server";

/**
 * The dashboard's frame: a navigation listing exactly the pages this user may open (each
 * page checks again on the server), beside the page itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { pages: dashboardPages(user) };
}

export default function DashboardLayout() {
  const { pages } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // The page whose section this is: the longest menu address the path starts with (a FAQ's
  // edit page is under Manage FAQs), as NavLink marks it.
  const current = pages
    .filter((page) => pathname === page.to || pathname.startsWith(`${page.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return (
    <div className="dashboard-layout">
      <nav aria-label="Dashboard" className="dashboard-nav">
        {/* On a phone the menu is a closed disclosure naming the current page, so the page
            starts in the first screen; wider, its content always shows and the summary is not
            drawn (app/styles/components/dashboard.css). Keyed by the path, so following a link closes it again. */}
        <details className="dashboard-menu" key={pathname}>
          <summary>
            <span className="dashboard-menu-label">
              Dashboard menu
              {current ? <span className="dashboard-menu-current">: {current.label}</span> : null}
            </span>
          </summary>
          <ul>
            {pages.map((page) => (
              <li key={page.to}>
                <NavLink to={page.to} prefetch="none">
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </details>
      </nav>
      <div className="dashboard-page">
        <Outlet />
      </div>
    </div>
  );
}
