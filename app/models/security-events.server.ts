/**
 * The account's security trail: each change to how the account signs in, with when, the
 * client address and the browser of the request that made it. The owner reads it at
 * /myaccount/security, an admin at /dashboard/users/:userId/security. It is written in the
 * same transaction as the change it describes, so the trail never claims a change that did
 * not happen, nor misses one that did.
 */
import { desc, eq } from "drizzle-orm";
import { type Db, getDb, schema } from "~/db/client.server";
import { clientAddress } from "~/models/rate-limit.server";
import { currentRequest } from "~/lib/request-context.server";
import { describeBrowser } from "~/lib/user-agent";

const { securityEvents } = schema;

/** What each kind of entry says on the page. */
export const SECURITY_EVENTS = {
  password_changed: "Password changed",
  password_reset: "Password reset with an emailed link",
  email_change_requested: "Change of email address asked for",
  email_changed: "Email address changed",
  recovery_codes_made: "New recovery codes made",
  two_step_on: "Two-step sign-in turned on",
  two_step_off: "Two-step sign-in turned off",
  signed_out_everywhere: "Signed out everywhere else",
  trusted_browsers_ended: "Trusted browsers forgotten",
} as const;
export type SecurityEventKind = keyof typeof SECURITY_EVENTS;

/** Where a request came from, as the trail records it. */
export interface RequestOrigin {
  address: string | null;
  userAgent: string | null;
}

/**
 * The request's client address (what the HTTP server saw; see clientAddress) and its
 * User-Agent. Only an action called without the server (the tests) reads X-Forwarded-For.
 */
export function originOf(request: Request): RequestOrigin {
  const context = currentRequest();
  return {
    address: context ? (context.clientAddress ?? null) : clientAddress(request),
    userAgent: request.headers.get("user-agent")?.slice(0, 400) ?? null,
  };
}

/** Adds an entry to the user's trail, inside the caller's transaction. */
export async function recordSecurityEvent(
  db: Db,
  userId: number,
  kind: SecurityEventKind,
  origin: RequestOrigin,
  detail = "",
) {
  await db.insert(securityEvents).values({
    userId,
    kind,
    detail,
    address: origin.address,
    userAgent: origin.userAgent,
  });
}

export interface SecurityEvent {
  id: number;
  what: string;
  detail: string;
  at: string;
  address: string | null;
  browser: string;
}

/** The user's trail, newest first (the latest 200). */
export async function listSecurityEvents(userId: number, db?: Db): Promise<SecurityEvent[]> {
  db ??= await getDb();
  const rows = await db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    what: SECURITY_EVENTS[row.kind as SecurityEventKind] ?? row.kind,
    detail: row.detail,
    at: row.createdAt.toISOString(),
    address: row.address,
    browser: describeBrowser(row.userAgent),
  }));
}
