/**
 * Changing an account's email address. The address is how the account signs in and where
 * reset links go, so whoever controls it controls the account: a stolen session alone must
 * not be able to move it. A change therefore needs the current password, applies only when
 * the link sent to the new address is followed (it works once, for EMAIL_CHANGE_HOURS; only
 * the SHA-256 of its token is stored), and the old address is told both when the change is
 * asked for and when it is made, with the date and the client address.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, getDb, schema } from "~/db/client.server";
import { formatDateTime } from "~/lib/dates";
import { enqueueEmail, kickOutbox } from "~/models/outbox.server";
import { verifyPassword } from "~/lib/password.server";
import { absoluteUrl } from "~/lib/stop-links.server";
import { audit, WrongPasswordError } from "~/models/accounts.server";
import { type RequestOrigin, recordSecurityEvent } from "~/models/security-events.server";
import { withdrawEmailChanges } from "~/models/sign-ins.server";
import { EmailTakenError, normaliseEmail, type User } from "~/models/users.server";

const { emailChanges, passwordResets, users } = schema;

/** A confirmation link works once, for this long. */
export const EMAIL_CHANGE_HOURS = 24;

const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export const emailChangeSchema = z.object({
  email: z
    .string({ error: "Enter your new email address" })
    .trim()
    .min(1, "Enter your new email address")
    .pipe(
      z
        .email({ error: "Enter an email address in the correct format, like name@example.org" })
        .max(320, "Enter a valid email"),
    ),
  currentPassword: z
    .string({ error: "Enter your current password" })
    .min(1, "Enter your current password"),
});

export class SameEmailError extends Error {
  constructor() {
    super("This is already your email address");
  }
}

const where = (origin: RequestOrigin) => origin.address ?? "an address we could not record";

/**
 * Asks for the user's email address to become `newEmail`: checks the current password,
 * withdraws any earlier request, and writes the link to the new address and a notice to the
 * old one, in one transaction. Answers when the link expires.
 */
export async function requestEmailChange(
  user: User,
  input: { email: string; currentPassword: string },
  origin: RequestOrigin,
): Promise<{ newEmail: string; expiresAt: Date }> {
  const db = await getDb();
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!(await verifyPassword(input.currentPassword, row?.passwordHash)))
    throw new WrongPasswordError();
  const newEmail = normaliseEmail(input.email);
  if (newEmail === normaliseEmail(user.email)) throw new SameEmailError();
  const token = newToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_HOURS * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    if (await emailTakenByAnother(tx, newEmail, user.id)) throw new EmailTakenError();
    await withdrawEmailChanges(tx, user.id);
    await tx.insert(emailChanges).values({
      tokenHash: hashToken(token),
      userId: user.id,
      newEmail,
      expiresAt,
    });
    const link = absoluteUrl(`/confirmemail?${new URLSearchParams({ token })}`);
    await enqueueEmail(tx, {
      to: newEmail,
      subject: "Confirm your new Horizon Scanning Database email address",
      text: [
        `Hello ${user.firstName},`,
        "",
        "You asked for this to become the email address of your Horizon Scanning Database account.",
        "",
        "To confirm it, open this link:",
        link,
        "",
        `The link works once and expires on ${formatDateTime(expiresAt)}. Until you open it, your account keeps its old address.`,
        "",
        "If you did not ask for this, you can ignore this email: nothing will change.",
      ].join("\n"),
    });
    await enqueueEmail(tx, {
      to: user.email,
      subject: "A change of your Horizon Scanning Database email address",
      text: [
        `Hello ${user.firstName},`,
        "",
        `On ${formatDateTime(new Date())}, from the address ${where(origin)}, someone signed in to your Horizon Scanning Database account asked to change its email address to ${newEmail}.`,
        "",
        `The change is made only if the link we sent to ${newEmail} is opened before ${formatDateTime(expiresAt)}. Until then, and if it is not, your account keeps this address.`,
        "",
        "If this was you, there is nothing more to do. If it was not, someone may know your password and be signed in as you: change your password now, which signs out every other session and withdraws the change. Sign in and open:",
        absoluteUrl("/myaccount/password"),
        "",
        "If you cannot sign in, ask for a reset link at:",
        absoluteUrl("/resetpassword"),
      ].join("\n"),
    });
    await recordSecurityEvent(tx, user.id, "email_change_requested", origin, `To ${newEmail}`);
  });
  kickOutbox();
  return { newEmail, expiresAt };
}

async function emailTakenByAnother(db: Db, email: string, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)));
  return Boolean(row);
}

export interface PendingEmailChange {
  newEmail: string;
  expiresAt: string;
}

/** The user's open request to change address, if any, for the page that asks for one. */
export async function pendingEmailChange(userId: number): Promise<PendingEmailChange | null> {
  const db = await getDb();
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row ? { newEmail: row.newEmail, expiresAt: row.expiresAt.toISOString() } : null;
}

export type EmailChangeLookup = { status: "valid"; newEmail: string } | { status: "invalid" };

/** Whether a /confirmemail?token=… link can still be used, and for which new address. */
export async function findEmailChange(token: string): Promise<EmailChangeLookup> {
  if (!token) return { status: "invalid" };
  const db = await getDb();
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .where(
      and(
        eq(emailChanges.tokenHash, hashToken(token)),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, sql`now()`),
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
      ),
    );
  return row ? { status: "valid", newEmail: row.newEmail } : { status: "invalid" };
}

export class EmailChangeInvalidError extends Error {
  constructor() {
    super("The confirmation link is no longer valid");
  }
}

/**
 * Follows a confirmation link: spends its token and moves the account to the new address,
 * in one transaction, so a link changes the address at most once. Reset links sent to the
 * old address stop working; the old address is told. Answers the account and both addresses.
 */
export async function confirmEmailChange(token: string, origin: RequestOrigin) {
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(emailChanges)
      .set({ usedAt: sql`now()` })
      .from(users)
      .where(
        and(
          eq(emailChanges.tokenHash, hashToken(token)),
          isNull(emailChanges.usedAt),
          gt(emailChanges.expiresAt, sql`now()`),
          eq(users.id, emailChanges.userId),
          isNull(users.suspendedAt),
          isNull(users.deletedAt),
        ),
      )
      .returning({
        userId: emailChanges.userId,
        newEmail: emailChanges.newEmail,
        oldEmail: users.email,
        firstName: users.firstName,
      });
    if (!spent) throw new EmailChangeInvalidError();
    // Another account may have taken the address since: the link stays unspent (rolled back).
    if (await emailTakenByAnother(tx, spent.newEmail, spent.userId)) throw new EmailTakenError();
    await tx
      .update(users)
      .set({ email: spent.newEmail, updatedAt: sql`now()` })
      .where(eq(users.id, spent.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    await recordSecurityEvent(
      tx,
      spent.userId,
      "email_changed",
      origin,
      `From ${spent.oldEmail} to ${spent.newEmail}`,
    );
    await audit(tx, {
      userId: spent.userId,
      actorId: spent.userId,
      action: "Email changed",
      detail: `From ${spent.oldEmail} to ${spent.newEmail}, confirmed by a link sent there`,
    });
    await enqueueEmail(tx, {
      to: spent.oldEmail,
      subject: "Your Horizon Scanning Database email address has changed",
      text: [
        `Hello ${spent.firstName},`,
        "",
        `On ${formatDateTime(new Date())}, from the address ${where(origin)}, the email address of your Horizon Scanning Database account was changed to ${spent.newEmail}. This address no longer signs in, and reset links sent to it no longer work.`,
        "",
        "If this was you, there is nothing more to do. If it was not, contact us at once:",
        absoluteUrl("/contact"),
      ].join("\n"),
    });
    return { userId: spent.userId, oldEmail: spent.oldEmail, newEmail: spent.newEmail };
  });
  kickOutbox();
  return changed;
}
