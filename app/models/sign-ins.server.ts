/**
 * Ending the ways into an account other than its password: sessions, API tokens, browsers
 * trusted to skip two-step sign-in, sign-ins half done (between a right password and the
 * second step) and changes of email address waiting for their link. A password reset or
 * change, and "Sign out everywhere else", end them so that whoever held one is left with
 * nothing but the new password to try.
 */
import { and, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { type Db, getDb, schema } from "~/db/client.server";
import { type RequestOrigin, recordSecurityEvent } from "~/models/security-events.server";

const { apiTokens, emailChanges, sessions, twoStepPending, twoStepTrustedBrowsers } = schema;

/**
 * Forgets every browser the user trusted to skip the second step, and records it in the
 * trail when there were any. Answers how many there were.
 */
export async function forgetTrustedBrowsers(db: Db, userId: number, origin: RequestOrigin) {
  const ended = await db
    .delete(twoStepTrustedBrowsers)
    .where(eq(twoStepTrustedBrowsers.userId, userId))
    .returning({ tokenHash: twoStepTrustedBrowsers.tokenHash });
  if (ended.length > 0) {
    await recordSecurityEvent(
      db,
      userId,
      "trusted_browsers_ended",
      origin,
      `${ended.length} ${ended.length === 1 ? "browser" : "browsers"}`,
    );
  }
  return ended.length;
}

/** Ends every API token of the user; answers how many access tokens were still live. */
export async function endApiTokens(db: Db, userId: number) {
  const ended = await db
    .delete(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .returning({ purpose: apiTokens.purpose, expiresAt: apiTokens.expiresAt });
  const now = Date.now();
  return ended.filter((token) => token.purpose === "access" && token.expiresAt.getTime() > now)
    .length;
}

/** Withdraws the user's open requests to change address (a newer one, or a new password). */
export async function withdrawEmailChanges(db: Db, userId: number) {
  await db
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}

/**
 * Ends the user's sessions (all but the one whose id hash is kept, when given), API tokens,
 * half-done sign-ins, trusted browsers and waiting email changes, inside the caller's
 * transaction.
 */
export async function endSignIns(
  db: Db,
  userId: number,
  origin: RequestOrigin,
  keepSessionHash?: string | null,
) {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        keepSessionHash ? ne(sessions.idHash, keepSessionHash) : undefined,
      ),
    );
  const tokens = await endApiTokens(db, userId);
  await db.delete(twoStepPending).where(eq(twoStepPending.userId, userId));
  await withdrawEmailChanges(db, userId);
  const browsers = await forgetTrustedBrowsers(db, userId, origin);
  return { tokens, browsers };
}

/** How many API access tokens of the user are live (for the signed-in devices list). */
export async function countLiveApiTokens(userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ total: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        eq(apiTokens.purpose, "access"),
        gt(apiTokens.expiresAt, new Date()),
      ),
    );
  return row.total;
}

/**
 * "Sign out everywhere else": every other session, every API token, trusted browsers,
 * half-done sign-ins and waiting email changes end, in one transaction written to the trail.
 * Answers how many API tokens were live.
 */
export async function signOutEverywhereElse(
  userId: number,
  keepSessionHash: string | null,
  origin: RequestOrigin,
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const ended = await endSignIns(tx, userId, origin, keepSessionHash);
    await recordSecurityEvent(tx, userId, "signed_out_everywhere", origin);
    return ended.tokens;
  });
}
