import { createHash, randomBytes } from "node:crypto";
import dayjs from "dayjs";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, getDb, schema } from "~/db/client.server";
import { enqueueEmail, kickOutbox } from "~/models/outbox.server";
import { hashPassword, verifyPassword } from "~/lib/password.server";
import {
  newPasswordFields,
  PASSWORD_MESSAGES,
  withMatchingPasswords,
} from "~/lib/password-rules.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { absoluteUrl } from "~/lib/stop-links.server";
import { hitRateLimit } from "~/models/rate-limit.server";
import { type RequestOrigin, recordSecurityEvent } from "~/models/security-events.server";
import { endSignIns } from "~/models/sign-ins.server";
import {
  displayName,
  EmailTakenError,
  getActiveUser,
  normaliseEmail,
  profileSchema,
  type User,
} from "./users.server";

const { invitations, passwordResets, users, userAudit } = schema;

/** An invitation link works once, for 7 days; a reset link once, for 1 hour. */
export const INVITATION_DAYS = 7;
export const RESET_MINUTES = 60;

const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Adds a line to the account's audit trail: who (actor), what, when (now). */
export async function audit(
  db: Db,
  entry: { userId: number; actorId: number | null; action: string; detail?: string },
) {
  await db.insert(userAudit).values({
    userId: entry.userId,
    actorId: entry.actorId,
    action: entry.action,
    detail: entry.detail ?? "",
  });
}

/** A sign-in: counted in the user's activity (user reports) and shown as their last sign-in. */
export async function recordSignIn(userId: number, db?: Db) {
  db ??= await getDb();
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
  await db
    .insert(schema.userActivity)
    .values({ userId, activityType: "signin", activityValue: "" });
}

// ---------------------------------------------------------------- invitations

export const inviteSchema = profileSchema.extend({
  firstName: z
    .string({ error: "Enter a first name" })
    .trim()
    .min(1, "Enter a first name")
    .max(100, "First name must be 100 characters or fewer"),
  middleName: z.string().trim().max(100, "Middle name must be 100 characters or fewer").default(""),
  lastName: z
    .string({ error: "Enter a last name" })
    .trim()
    .min(1, "Enter a last name")
    .max(100, "Last name must be 100 characters or fewer"),
  // The admin gives someone else's address.
  email: z
    .string({ error: "Enter their email address" })
    .trim()
    .min(1, "Enter their email address")
    .pipe(z.email({ error: "Enter a valid email" }).max(320, "Enter a valid email")),
});
export type InviteInput = z.infer<typeof inviteSchema>;

export interface Invitation {
  id: number;
  email: string;
  firstName: string;
  middleName: string;
  lastName: string;
  expiresAt: string;
}

/**
 * Invites someone: the invitation and its email (a single-use /register link) are
 * written in one transaction. An earlier unused invitation to the same address is
 * withdrawn, so only the newest link works.
 */
export async function createInvitation(admin: User, input: InviteInput): Promise<Invitation> {
  const db = await getDb();
  const email = normaliseEmail(input.email);
  const code = newToken();
  const expiresAt = dayjs().add(INVITATION_DAYS, "day").toDate();
  const invitation = await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (taken) throw new EmailTakenError();
    await tx
      .update(invitations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(sql`lower(${invitations.email})`, email), isNull(invitations.usedAt)));
    const [row] = await tx
      .insert(invitations)
      .values({
        codeHash: hashToken(code),
        email,
        firstName: input.firstName,
        middleName: input.middleName,
        lastName: input.lastName,
        invitedBy: admin.id,
        expiresAt,
      })
      .returning();
    const link = absoluteUrl(`/register?${new URLSearchParams({ invitationCode: code })}`);
    await enqueueEmail(tx, {
      to: email,
      subject: "Your invitation to the Horizon Scanning Database",
      text: [
        `Hello ${input.firstName},`,
        "",
        `${displayName(admin)} has invited you to the Horizon Scanning Database.`,
        "",
        "To create your account, open this link and choose a password:",
        link,
        "",
        `The link works once and expires on ${formatDateTime(expiresAt)}. If it has expired, ask your administrator for a new invitation.`,
        "",
        "If you did not expect this invitation, you can ignore this email.",
      ].join("\n"),
      secrets: [code],
    });
    return row;
  });
  kickOutbox();
  return toInvitation(invitation);
}

function toInvitation(row: typeof invitations.$inferSelect): Invitation {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export type InvitationLookup =
  | { status: "valid"; invitation: Invitation }
  | { status: "used" | "expired"; invitation: Invitation }
  | { status: "unknown" };

/** What a /register?invitationCode=… link leads to. */
export async function findInvitation(code: string): Promise<InvitationLookup> {
  if (!code) return { status: "unknown" };
  const db = await getDb();
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.codeHash, hashToken(code)));
  if (!row) return { status: "unknown" };
  if (row.usedAt) return { status: "used", invitation: toInvitation(row) };
  if (row.expiresAt.getTime() <= Date.now())
    return { status: "expired", invitation: toInvitation(row) };
  return { status: "valid", invitation: toInvitation(row) };
}

/** Pending (unused, unexpired) invitations, newest first, for the invite page. */
export async function pendingInvitations(): Promise<Invitation[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(invitations)
    .where(and(isNull(invitations.usedAt), gt(invitations.expiresAt, sql`now()`)))
    .orderBy(desc(invitations.createdAt))
    .limit(50);
  return rows.map(toInvitation);
}

export function registerSchema(email: string) {
  return withMatchingPasswords(
    z.object({
      invitationCode: z.string().min(1),
      firstName: inviteSchema.shape.firstName,
      middleName: inviteSchema.shape.middleName,
      lastName: inviteSchema.shape.lastName,
      ...newPasswordFields(email),
    }),
  );
}

export class InvitationUnusableError extends Error {
  constructor(readonly status: "used" | "expired" | "unknown") {
    super(`The invitation is ${status}`);
  }
}

/**
 * Registers the invited person: spends the code and creates the account in one
 * transaction, so a code registers at most one account however often it is sent.
 */
export async function registerFromInvitation(input: {
  invitationCode: string;
  firstName: string;
  middleName: string;
  lastName: string;
  password: string;
}): Promise<User> {
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(invitations)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(invitations.codeHash, hashToken(input.invitationCode)),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!spent) {
      const lookup = await findInvitation(input.invitationCode);
      throw new InvitationUnusableError(lookup.status === "valid" ? "used" : lookup.status);
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, normaliseEmail(spent.email)));
    if (taken) throw new EmailTakenError();
    const [created] = await tx
      .insert(users)
      .values({
        email: normaliseEmail(spent.email),
        firstName: input.firstName,
        middleName: input.middleName,
        lastName: input.lastName,
        passwordHash,
      })
      .returning({ id: users.id });
    await tx.update(invitations).set({ userId: created.id }).where(eq(invitations.id, spent.id));
    await audit(tx, {
      userId: created.id,
      actorId: spent.invitedBy,
      action: "Invited",
      detail: `Invitation sent ${formatDate(spent.createdAt)}`,
    });
    await audit(tx, { userId: created.id, actorId: created.id, action: "Registered" });
    const user = await getActiveUser(created.id, tx);
    if (!user) throw new Error("The new account could not be read back");
    return user;
  });
}

// ---------------------------------------------------------------- password reset

export const resetRequestSchema = z.object({
  email: z
    .string({ error: "Enter your email address" })
    .trim()
    .min(1, "Enter your email address")
    .pipe(
      z
        .email({ error: "Enter an email address in the correct format, like name@example.org" })
        .max(320, "Enter a valid email"),
    ),
});

/**
 * Writes a reset email if the address belongs to an active account; otherwise nothing.
 * Answers whether an email was written (for tests: the page must not tell).
 */
export async function requestPasswordReset(email: string): Promise<boolean> {
  const db = await getDb();
  const token = newToken();
  const written = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, firstName: users.firstName, email: users.email })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.email})`, normaliseEmail(email)),
          isNull(users.suspendedAt),
          isNull(users.deletedAt),
        ),
      );
    if (!user) return false;
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.userId, user.id),
          gt(passwordResets.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if (recent.count >= RESETS_PER_ACCOUNT_PER_HOUR) return false;
    const expiresAt = dayjs().add(RESET_MINUTES, "minute").toDate();
    await tx
      .insert(passwordResets)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt });
    const link = absoluteUrl(`/changepassword?${new URLSearchParams({ token })}`);
    await enqueueEmail(tx, {
      to: user.email,
      subject: "Reset your Horizon Scanning Database password",
      text: [
        `Hello ${user.firstName},`,
        "",
        "We received a request to reset the password of your Horizon Scanning Database account.",
        "",
        "To choose a new password, open this link:",
        link,
        "",
        `The link works once and expires in ${RESET_MINUTES} minutes, at ${formatDateTime(expiresAt)}. Setting a new password signs you out everywhere else.`,
        "",
        "If you did not ask for this, you can ignore this email: your password has not changed.",
      ].join("\n"),
      secrets: [token],
    });
    return true;
  });
  if (written) kickOutbox();
  return written;
}

export type ResetLookup = { status: "valid"; email: string } | { status: "invalid" };

/** Whether a /changepassword?token=… link can still be used, and for which account. */
export async function findPasswordReset(token: string): Promise<ResetLookup> {
  if (!token) return { status: "invalid" };
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        isNull(users.suspendedAt),
        isNull(users.deletedAt),
      ),
    );
  return row ? { status: "valid", email: row.email } : { status: "invalid" };
}

export function changePasswordSchema(email: string) {
  return withMatchingPasswords(
    z.object({
      token: z.string().min(1),
      ...newPasswordFields(email, PASSWORD_MESSAGES.newRequired),
    }),
  );
}

export class ResetTokenInvalidError extends Error {
  constructor() {
    super("The reset link is no longer valid");
  }
}

/**
 * Sets a new password with a reset token: spends the token (and every other open token of
 * the account) and ends all of the user's sessions, API tokens and trusted browsers, in one
 * transaction. The caller then signs the user in as a right password does, second step and
 * all (completePasswordSignIn): the emailed link replaces the password, never the code.
 */
export async function resetPassword(
  token: string,
  password: string,
  origin: RequestOrigin,
): Promise<User> {
  const db = await getDb();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .from(users)
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
          eq(users.id, passwordResets.userId),
          isNull(users.suspendedAt),
          isNull(users.deletedAt),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) throw new ResetTokenInvalidError();
    await setPassword(tx, spent.userId, passwordHash);
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    // Whoever had a session, a token, a trusted browser or a half-done sign-in loses it.
    await endSignIns(tx, spent.userId, origin);
    await recordSecurityEvent(tx, spent.userId, "password_reset", origin);
    await audit(tx, {
      userId: spent.userId,
      actorId: spent.userId,
      action: "Password reset",
      detail: "With an emailed link; all sessions, API tokens and trusted browsers ended",
    });
    const user = await getActiveUser(spent.userId, tx);
    if (!user) throw new ResetTokenInvalidError();
    return user;
  });
}

async function setPassword(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export function ownPasswordSchema(email: string) {
  return withMatchingPasswords(
    z.object({
      currentPassword: z
        .string({ error: "Enter your current password" })
        .min(1, "Enter your current password"),
      ...newPasswordFields(email, PASSWORD_MESSAGES.newRequired),
    }),
  );
}

/** Wrong current passwords (on the pages that ask for one) count like failed sign-ins. */
export const WRONG_CURRENT_PASSWORD = { bucket: "login", max: 10, windowMs: 15 * 60 * 1000 };
export const TOO_MANY_WRONG_PASSWORDS =
  "Too many wrong passwords. Please wait 15 minutes and try again.";
export const wrongPasswordKey = (user: Pick<User, "email">) => `email:${user.email.toLowerCase()}`;

export class WrongPasswordError extends Error {
  constructor() {
    super("Your current password is incorrect");
  }
}

/**
 * A signed-in user's own change: the current password must match. Every other session of
 * the user, their API tokens and trusted browsers end in the same transaction; the session
 * making the change (keepSessionHash) stays.
 */
export async function changeOwnPassword(
  user: User,
  currentPassword: string,
  password: string,
  keep: { sessionHash: string | null; origin: RequestOrigin },
) {
  const db = await getDb();
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id));
  if (!(await verifyPassword(currentPassword, row?.passwordHash))) throw new WrongPasswordError();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash);
    // The API's tokens are other sessions too.
    await endSignIns(tx, user.id, keep.origin, keep.sessionHash);
    await recordSecurityEvent(tx, user.id, "password_changed", keep.origin);
    await audit(tx, {
      userId: user.id,
      actorId: user.id,
      action: "Password changed",
      detail: "From My account; other sessions, API tokens and trusted browsers ended",
    });
  });
}

/** Reset requests per typed address and per client address; per account, see requestPasswordReset. */
export const RESET_REQUEST_LIMITS = {
  perEmail: { bucket: "reset-email", max: 5, windowMs: 60 * 60 * 1000 },
  perClient: { bucket: "reset-client", max: 20, windowMs: 60 * 60 * 1000 },
};

/**
 * Counts one reset request against both limits (the typed address, and the client's address
 * when known) and tells whether it is within them. The page and the API share the counts.
 */
export async function withinResetRequestLimits(email: string, address: string | null) {
  const withinLimits = [
    await hitRateLimit(RESET_REQUEST_LIMITS.perEmail, normaliseEmail(email)),
    address ? await hitRateLimit(RESET_REQUEST_LIMITS.perClient, address) : true,
  ];
  return !withinLimits.includes(false);
}

/** At most this many reset emails per account per hour; more requests write nothing. */
export const RESETS_PER_ACCOUNT_PER_HOUR = 3;
export const TOO_MANY_RESETS = "Too many reset requests. Please wait an hour and try again.";
