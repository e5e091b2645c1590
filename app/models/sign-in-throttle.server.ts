import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { type Db, getDb, schema } from "~/db/client.server";
import { enqueueEmail, kickOutbox } from "~/models/outbox.server";
import { formatDateTime } from "~/lib/dates";
import { absoluteUrl } from "~/lib/stop-links.server";

/**
 * Failed sign-ins, counted so that a stranger cannot lock the owner out (decision 016):
 * - per account and client address together, a hard limit: 10 failures in 15 minutes, and
 *   that address is refused for the account until they age out;
 * - per account alone, a slowdown instead of a lock: after 5 failures in 15 minutes from any
 *   addresses, each further attempt from an address that has failed waits 1 s, 2 s, 4 s … up
 *   to 30 s after the last failure. An address that has not failed is never refused, so the
 *   owner at their own desk always gets in with the right password;
 * - a success clears that address's failures for the account;
 * - 20 failures in an hour email the account's owner, once an hour at most.
 * The account is the address typed, in lower case, whether or not a user has it, so that
 * the answers do not tell which addresses have accounts.
 */

const { signInFailures, signInWarnings, users } = schema;

export const WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_ADDRESS = 10;
export const SLOW_AFTER_FAILURES = 5;
export const MAX_WAIT_SECONDS = 30;
export const WARN_AFTER_FAILURES_PER_HOUR = 20;

export const TOO_MANY_ATTEMPTS = "Too many sign-in attempts. Please wait 15 minutes and try again.";
export const waitMessage = (seconds: number) =>
  `Too many failed sign-ins for this account. Please wait ${seconds} ${seconds === 1 ? "second" : "seconds"} and try again.`;

/** The key the counts are kept under. */
export const accountKey = (email: string) => email.trim().toLowerCase();

const addressKey = (address: string | null) => address ?? "unknown";

export type ThrottleAnswer = { allowed: true } | { allowed: false; message: string };

/** How long an address that has failed waits after the account's last failure, in seconds. */
export function waitSeconds(accountFailures: number) {
  if (accountFailures < SLOW_AFTER_FAILURES) return 0;
  return Math.min(MAX_WAIT_SECONDS, 2 ** (accountFailures - SLOW_AFTER_FAILURES));
}

/** Whether this address may try a password for the account now (nothing is counted). */
export async function checkSignIn(email: string, address: string | null): Promise<ThrottleAnswer> {
  const db = await getDb();
  const [row] = await db
    .select({
      here: sql<number>`count(*) FILTER (WHERE ${signInFailures.address} = ${addressKey(address)})::int`,
      total: sql<number>`count(*)::int`,
      sinceLastMs: sql<
        number | null
      >`(extract(epoch FROM now() - max(${signInFailures.failedAt})) * 1000)::float8`,
    })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.account, accountKey(email)),
        gt(signInFailures.failedAt, sql`now() - make_interval(mins => ${WINDOW_MINUTES})`),
      ),
    );
  if (row.here >= MAX_FAILURES_PER_ADDRESS) return { allowed: false, message: TOO_MANY_ATTEMPTS };
  // An address that has not failed is never slowed: the right password gets in.
  if (row.here === 0) return { allowed: true };
  const remainingMs = waitSeconds(row.total) * 1000 - (row.sinceLastMs ?? 0);
  if (remainingMs > 0) {
    return { allowed: false, message: waitMessage(Math.ceil(remainingMs / 1000)) };
  }
  return { allowed: true };
}

/** A wrong password (or code): counted, and the owner told when there are many. */
export async function recordSignInFailure(email: string, address: string | null) {
  const db = await getDb();
  const account = accountKey(email);
  await db.insert(signInFailures).values({ account, address: addressKey(address) });
  if (Math.random() < 0.02) {
    await db
      .delete(signInFailures)
      .where(lt(signInFailures.failedAt, sql`now() - interval '1 day'`));
  }
  if (await warnOwner(db, account)) kickOutbox();
}

/** A right password: this address starts afresh for the account. */
export async function recordSignInSuccess(email: string, address: string | null) {
  const db = await getDb();
  await db
    .delete(signInFailures)
    .where(
      and(
        eq(signInFailures.account, accountKey(email)),
        eq(signInFailures.address, addressKey(address)),
      ),
    );
}

/**
 * At 20 failures in an hour, one email to the account's owner (if there is one): when, from
 * which addresses, and how to change the password. The conditional upsert lets only one of
 * two failures arriving together send it.
 */
async function warnOwner(db: Db, account: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const failures = await tx
      .select({
        address: signInFailures.address,
        count: sql<number>`count(*)::int`,
        first: sql<string>`min(${signInFailures.failedAt})::text`,
        last: sql<string>`max(${signInFailures.failedAt})::text`,
      })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.account, account),
          gt(signInFailures.failedAt, sql`now() - interval '1 hour'`),
        ),
      )
      .groupBy(signInFailures.address)
      .orderBy(desc(sql`count(*)`), signInFailures.address);
    const total = failures.reduce((sum, row) => sum + row.count, 0);
    if (total < WARN_AFTER_FAILURES_PER_HOUR) return false;
    const [owner] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.email})`, account),
          isNull(users.deletedAt),
          isNull(users.suspendedAt),
        ),
      );
    if (!owner) return false;
    const [won] = await tx
      .insert(signInWarnings)
      .values({ account, sentAt: sql`now()` })
      .onConflictDoUpdate({
        target: signInWarnings.account,
        set: { sentAt: sql`now()` },
        setWhere: lt(signInWarnings.sentAt, sql`now() - interval '1 hour'`),
      })
      .returning({ account: signInWarnings.account });
    if (!won) return false;
    const first = failures.map((row) => new Date(row.first)).sort((a, b) => +a - +b)[0];
    const last = failures.map((row) => new Date(row.last)).sort((a, b) => +b - +a)[0];
    await enqueueEmail(tx, {
      to: owner.email,
      subject: "Failed sign-ins to your Horizon Scanning Database account",
      text: [
        `Hello ${owner.firstName},`,
        "",
        `There were ${total} failed attempts to sign in to your Horizon Scanning Database account in the last hour, between ${formatDateTime(first)} and ${formatDateTime(last)}, from these addresses:`,
        "",
        ...failures.map(
          (row) => `- ${row.address}: ${row.count} ${row.count === 1 ? "attempt" : "attempts"}`,
        ),
        "",
        "If these were not you, someone may be guessing your password. Your account is not locked: you can still sign in as usual, and others are slowed down.",
        "",
        "To change your password, sign in and open:",
        absoluteUrl("/myaccount/password"),
        "",
        "If you cannot sign in, ask for a reset link at:",
        absoluteUrl("/resetpassword"),
      ].join("\n"),
    });
    return true;
  });
}
