/** The staff roles of spec section 6, stored lower-cased. */
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

/** Access is granted if the user holds any of the allowed roles (spec section 5). */
export function hasAnyRole(userRoles: readonly string[], allowed: string | readonly string[]) {
  const wanted = (typeof allowed === "string" ? [allowed] : allowed).map(normaliseRole);
  return userRoles.some((role) => wanted.includes(normaliseRole(role)));
}

/** The avatar menu's ADMIN label shows for any role containing 'admin' (spec section 2). */
export function showsAdminLabel(userRoles: readonly string[]) {
  return userRoles.some((role) => role.includes("admin"));
}

/** Who writes the FAQ, the glossary, the HIRs and their topics (spec section 6: admin or editor). */
export const CONTENT_STAFF = ["admin", "editor"] as const;
