import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, schema } from "~/db/client.server";
import { formatDateTime } from "~/lib/dates";
import { enqueueEmail, kickOutbox } from "~/models/outbox.server";
import { absoluteUrl } from "~/lib/stop-links.server";

/**
 * A hard cap on the two-step codes checked for one account, whatever the client addresses.
 * The sign-in throttle (sign-in-throttle.server.ts) counts per account and address, and an
 * address that has not failed is never refused: someone who knows the password could
 * otherwise try a code from each of many addresses. Whoever reaches the second step has the
 * password, so the cap also ends the half-finished sign-ins (the page's and the API's) and
 * tells the owner.
 *
 * Each code to be checked first takes an attempt with one upsert that counts and answers in
 * the same statement, so requests arriving together cannot all read "9" and all go on: the
 * eleventh is refused without its code being looked at. A right code gives its attempt back.
 */

const { apiTokens, twoStepCodeAttempts, twoStepPending, users } = schema;

export const MAX_CODE_ATTEMPTS = 10;
export const CODE_WINDOW_MINUTES = 15;

export const CODE_GUESSES_USED = `Too many wrong codes for this account. Please wait ${CODE_WINDOW_MINUTES} minutes, then log in again.`;

export interface CodeAttempt {
  /** Whether this code may be checked. */
  allowed: boolean;
  /** Whether a wrong code now reaches the cap: the sign-in then ends. */
  last: boolean;
}

/** Takes one of the account's code attempts, counted in the database. */
export async function takeCodeAttempt(userId: number): Promise<CodeAttempt> {
  const db = await getDb();
  // A window older than CODE_WINDOW_MINUTES starts again at this attempt. In the SET, the
  // table's columns are the row already there.
  const stale = sql`${twoStepCodeAttempts.windowStartedAt} <= now() - make_interval(mins => ${CODE_WINDOW_MINUTES})`;
  const [row] = await db
    .insert(twoStepCodeAttempts)
    .values({ userId, windowStartedAt: sql`now()`, attempts: 1 })
    .onConflictDoUpdate({
      target: twoStepCodeAttempts.userId,
      set: {
        attempts: sql`CASE WHEN ${stale} THEN 1 ELSE ${twoStepCodeAttempts.attempts} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${stale} THEN now() ELSE ${twoStepCodeAttempts.windowStartedAt} END`,
      },
    })
    .returning({ attempts: twoStepCodeAttempts.attempts });
  return { allowed: row.attempts <= MAX_CODE_ATTEMPTS, last: row.attempts >= MAX_CODE_ATTEMPTS };
}

/** A right code: the attempt it took is given back. */
export async function returnCodeAttempt(userId: number) {
  const db = await getDb();
  await db
    .update(twoStepCodeAttempts)
    .set({ attempts: sql`${twoStepCodeAttempts.attempts} - 1` })
    .where(and(eq(twoStepCodeAttempts.userId, userId), gt(twoStepCodeAttempts.attempts, 0)));
}

/**
 * The cap is reached: every half-finished sign-in of the account ends (the page's pending
 * state and the API's two-step tokens), and the owner gets one email per window saying so.
 */
export async function endSignInsAfterGuesses(userId: number) {
  const db = await getDb();
  const emailed = await db.transaction(async (tx) => {
    await tx
      .delete(twoStepPending)
      .where(and(eq(twoStepPending.userId, userId), eq(twoStepPending.purpose, "verify")));
    await tx
      .delete(apiTokens)
      .where(and(eq(apiTokens.userId, userId), eq(apiTokens.purpose, "two-step")));
    // Only one of the requests that reach the cap together wins the email.
    const [won] = await tx
      .update(twoStepCodeAttempts)
      .set({ warnedAt: sql`now()` })
      .where(
        and(
          eq(twoStepCodeAttempts.userId, userId),
          or(
            isNull(twoStepCodeAttempts.warnedAt),
            lt(twoStepCodeAttempts.warnedAt, twoStepCodeAttempts.windowStartedAt),
          ),
        ),
      )
      .returning({ windowStartedAt: twoStepCodeAttempts.windowStartedAt });
    if (!won) return false;
    const [owner] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
    if (!owner) return false;
    await enqueueEmail(tx, {
      to: owner.email,
      subject: "Wrong two-step codes for your Horizon Scanning Database account",
      text: [
        `Hello ${owner.firstName},`,
        "",
        `Your password was entered correctly, then ${MAX_CODE_ATTEMPTS} wrong two-step codes were given for your Horizon Scanning Database account since ${formatDateTime(won.windowStartedAt)}. We stopped that sign-in, and no more codes are accepted for ${CODE_WINDOW_MINUTES} minutes.`,
        "",
        "If this was not you, someone knows your password. Change it now: sign in and open",
        absoluteUrl("/myaccount/password"),
        "",
        "or ask for a reset link at",
        absoluteUrl("/resetpassword"),
      ].join("\n"),
    });
    return true;
  });
  if (emailed) kickOutbox();
}
