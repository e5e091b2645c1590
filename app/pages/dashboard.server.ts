import { can } from "~/lib/roles";
import type { User } from "~/models/users.server";

/**
 * The dashboard's navigation: exactly the pages this user may open (each page checks again
 * on the server).
 */
export function dashboardPages(user: User) {
  const pages = [
    { to: "/dashboard/notifications", label: "Notifications" },
    { to: "/dashboard/overview", label: "Overview" },
    { to: "/dashboard/savedsearches", label: "Saved searches" },
  ];
  if (can(user.roles, "manageContent"))
    pages.push(
      { to: "/dashboard/records", label: "Manage records" },
      { to: "/dashboard/managefaqs", label: "Manage FAQs" },
      { to: "/dashboard/manageglossary", label: "Manage glossary" },
      { to: "/dashboard/managehirs", label: "Manage HIRs" },
      { to: "/dashboard/managehirtopics", label: "Manage HIR topics" },
      { to: "/dashboard/imagingdiagnostics", label: "Manage imaging and diagnostics" },
    );
  if (can(user.roles, "manageUsers")) pages.push({ to: "/dashboard/users", label: "Users" });
  // User reports are for admin or reportadmin (the avatar menu shows them to admin only).
  if (can(user.roles, "readUserReports"))
    pages.push({ to: "/dashboard/userreports", label: "User reports" });
  if (can(user.roles, "manageUsers"))
    pages.push({ to: "/dashboard/settings", label: "Site settings" });
  if (can(user.roles, "manageAlerts"))
    pages.push({ to: "/dashboard/alerts", label: "Manage alerts" });
  return pages;
}
