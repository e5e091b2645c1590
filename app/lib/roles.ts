/** The staff roles, stored lower-cased. A member is a user with none of them. */
export const ROLES = ["admin", "editor", "reportadmin", "websitealerts"] as const;
export type Role = (typeof ROLES)[number];

/** What each role allows, in a line: the user page's roles table and the API's role list. */
export const ROLE_PURPOSE: Record<Role, string> = {
  admin: "Manages users, invitations, site settings and user reports.",
  editor: "Manages records, FAQs, the glossary, HIRs and imaging entries.",
  reportadmin: "Reads user reports.",
  websitealerts: "Manages website alerts.",
};

/** Each role's name for people (lists, the user page); the stored code is for machines. */
export const ROLE_LABEL: Record<Role, string> = {
  admin: "Admin",
  editor: "Editor",
  reportadmin: "Report admin",
  websitealerts: "Website alerts",
};

/** A stored role's name for people: a role this version does not know keeps its code. */
export const roleLabel = (role: string) => ROLE_LABEL[role as Role] ?? role;

export function normaliseRole(role: string) {
  return role.trim().toLowerCase();
}

/** Access is granted if the user holds any of the allowed roles. */
export function hasAnyRole(userRoles: readonly string[], allowed: string | readonly string[]) {
  const wanted = (typeof allowed === "string" ? [allowed] : allowed).map(normaliseRole);
  return userRoles.some((role) => wanted.includes(normaliseRole(role)));
}

/** The avatar menu's ADMIN label shows for any role containing 'admin' (docs/product.md). */
export function showsAdminLabel(userRoles: readonly string[]) {
  return userRoles.some((role) => role.includes("admin"));
}

/**
 * Who may do what. Every access check reads this table: the pages' loaders and actions
 * (`requirePermission`), the menus and the dashboard's list of pages, the API's calls and its
 * documentation (`can`). A capability's roles are written here and nowhere else.
 */
export const PERMISSIONS = {
  /** Users, invitations, site settings, two-step resets; exports without the size cap. */
  manageUsers: ["admin"],
  /** The user reports and their CSV. */
  readUserReports: ["admin", "reportadmin"],
  /** Records and their imports, FAQs, the glossary, HIRs and topics, imaging entries. */
  manageContent: ["admin", "editor"],
  /** Website alerts. */
  manageAlerts: ["websitealerts"],
  /** Any staff role: two-step sign-in is required, and sessions are shorter. */
  staff: ROLES,
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

/** Whether a user holding `userRoles` has the capability. */
export const can = (userRoles: readonly string[], permission: Permission) =>
  hasAnyRole(userRoles, PERMISSIONS[permission]);

/** The role whose holder may not take it from themselves: someone must keep managing users. */
export const USER_ADMIN_ROLE: Role = "admin";
