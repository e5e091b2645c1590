/**
 * The demo's accounts, one for each role. Their password is published in the README, so a
 * production server refuses to start while any of them can sign in.
 */
export const DEMO_PASSWORD = "horizon-demo";

export const DEMO_ACCOUNTS = [
  { email: "member@example.org", firstName: "Morgan", lastName: "Member", roles: [] },
  { email: "admin@example.org", firstName: "Ada", lastName: "Admin", roles: ["admin"] },
  { email: "editor@example.org", firstName: "Eddie", lastName: "Editor", roles: ["editor"] },
  { email: "reports@example.org", firstName: "Rita", lastName: "Reports", roles: ["reportadmin"] },
  { email: "alerts@example.org", firstName: "Alex", lastName: "Alerts", roles: ["websitealerts"] },
] as const;
