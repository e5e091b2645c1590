/**
 * Bearer tokens of the JSON API: 32 random bytes, given to the client once, stored only as
 * a SHA-256 hash (a copy of the table signs no one in). An access token lasts
 * API_TOKEN_HOURS (a staff member's STAFF_SESSION_MAX_HOURS at most); a two-step token, for
 * the one code call after a right password, lasts PENDING_MINUTES. Suspending, deleting or
 * resetting a user's password deletes their tokens in the same transaction as it ends their
 * sessions; so do a password change and "Sign out everywhere else"
 * (app/models/sign-ins.server.ts).
 */
import { createHash, randomBytes } from "node:crypto";
import { env } from "~/lib/env.server";
import { noteRequestUser } from "~/lib/request-context.server";
import { PENDING_MINUTES } from "~/auth/two-step.server";
import { deleteToken, findToken, storeToken, touchToken } from "~/models/api-tokens.server";
import { getActiveUser, type User } from "~/models/users.server";
import { can } from "~/lib/roles";
import { STAFF_SESSION_MAX_HOURS } from "~/auth/session.server";

export type TokenPurpose = "access" | "two-step";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

// Write last_used_at at most once a minute, not on every call.
const TOUCH_AFTER_MS = 60 * 1000;

/** An access token lasts API_TOKEN_HOURS, a staff member's at most as long as a staff session. */
function lifetimeMs(purpose: TokenPurpose, roles: readonly string[]) {
  if (purpose !== "access") return PENDING_MINUTES * 60_000;
  const hours = env().API_TOKEN_HOURS * 60 * 60 * 1000;
  return can(roles, "staff") ? Math.min(hours, STAFF_SESSION_MAX_HOURS * 60 * 60 * 1000) : hours;
}

/** A new token for the user; an access token counts as a sign-in, as a session does. */
export async function issueToken(userId: number, purpose: TokenPurpose = "access") {
  const token = randomBytes(32).toString("base64url");
  const roles = (await getActiveUser(userId))?.roles ?? [];
  const expiresAt = new Date(Date.now() + lifetimeMs(purpose, roles));
  await storeToken({ tokenHash: hashToken(token), userId, purpose, expiresAt });
  return { token, expiresAt };
}

export type TokenState = { status: "active"; user: User } | { status: "expired" };

/**
 * The token's user while the token lasts and the user is active. Expired, signed-out and
 * unknown tokens answer alike ("expired"): the client's remedy is the same, to sign in.
 */
export async function readToken(
  token: string,
  purpose: TokenPurpose = "access",
): Promise<TokenState> {
  const tokenHash = hashToken(token);
  const row = await findToken(tokenHash, purpose);
  if (!row || row.expiresAt.getTime() <= Date.now()) return { status: "expired" };
  // The roles are read afresh with every call: a member made staff is held to the staff limit.
  if (row.createdAt.getTime() + lifetimeMs(purpose, row.user.roles) <= Date.now())
    return { status: "expired" };
  if (row.lastUsedAt.getTime() < Date.now() - TOUCH_AFTER_MS) await touchToken(tokenHash);
  noteRequestUser(row.user.id);
  return { status: "active", user: row.user };
}

/** Ends one token (sign-out, or a two-step token once used). */
export async function revokeToken(token: string) {
  await deleteToken(hashToken(token));
}
