import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { z } from "zod";
import { type Db, getDb, schema } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { SITE_NAME } from "~/lib/route-handle";
import { can } from "~/lib/roles";
import { audit } from "~/models/accounts.server";
import { type RequestOrigin, recordSecurityEvent } from "~/models/security-events.server";
import { forgetTrustedBrowsers } from "~/models/sign-ins.server";
import { checkbox, type SiteSettings } from "~/models/settings.server";
import type { User } from "~/models/users.server";

const { twoStepSecrets, twoStepRecoveryCodes, twoStepPending, twoStepTrustedBrowsers } = schema;

/** Codes of the previous and next 30-second step are accepted too (clocks drift). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

// ---------------------------------------------------------------- the secret at rest

/**
 * The TOTP secret is kept encrypted with AES-256-GCM under a key derived (HKDF-SHA-256) from
 * SESSION_SECRET: a copy of the database alone does not give the codes. Changing
 * SESSION_SECRET makes the stored secrets unreadable: those users must be reset by an admin.
 */
function secretKey() {
  return Buffer.from(
    hkdfSync("sha256", env().SESSION_SECRET, "hsd-two-step", "totp-secret-v1", 32),
  );
}

export function encryptSecret(base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKey(), iv);
  const body = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

export function decryptSecret(stored: string): string {
  const raw = Buffer.from(stored.replace(/^v1:/, ""), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", secretKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

function totpFor(base32: string, email: string) {
  return new TOTP({
    issuer: SITE_NAME,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(base32),
  });
}

/** The 30-second step a code belongs to, or null when it matches none in the window. */
function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  const totp = totpFor(base32, "");
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** A code as typed: spaces and dashes dropped. */
export function normaliseCode(code: string) {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(normaliseCode(code));

// ---------------------------------------------------------------- recovery codes

// Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i).
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A recovery code: 10 random characters (about 49 bits), shown as two groups of five. */
function newRecoveryCode() {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * SHA-256 of the normalised code: the codes are random and long, so a fast hash is enough
 * (there is no dictionary to try), and each try is rate-limited anyway.
 */
export const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(normaliseCode(code)).digest("base64url");

async function replaceRecoveryCodes(db: Db, userId: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  await db
    .insert(twoStepRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

// ---------------------------------------------------------------- status

export interface TwoStepStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function twoStepStatus(userId: number, db?: Db): Promise<TwoStepStatus> {
  db ??= await getDb();
  const [row] = await db
    .select({
      enabledAt: twoStepSecrets.enabledAt,
      left: sql<number>`(SELECT count(*)::int FROM ${twoStepRecoveryCodes} WHERE ${twoStepRecoveryCodes.userId} = ${userId} AND ${twoStepRecoveryCodes.usedAt} IS NULL)`,
    })
    .from(twoStepSecrets)
    .where(eq(twoStepSecrets.userId, userId));
  return { enabled: Boolean(row?.enabledAt), recoveryCodesLeft: row?.left ?? 0 };
}

export const isStaff = (user: Pick<User, "roles">) => can(user.roles, "staff");

/** Whether the user may not sign in without two-step: staff, while the site setting is on. */
export function twoStepRequired(user: Pick<User, "roles">, settings: SiteSettings) {
  return settings.requireStaffTwoStep && isStaff(user);
}

// ---------------------------------------------------------------- enrolment

export class AlreadyEnrolledError extends Error {
  constructor() {
    super("Two-step sign-in is already on for this account.");
  }
}

/**
 * The secret being set up: the one started earlier and not yet confirmed, or a new one.
 * Returns its base32 form and the otpauth:// address the QR code holds.
 */
export async function enrolmentSecret(user: Pick<User, "id" | "email">) {
  const db = await getDb();
  const [row] = await db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, user.id));
  if (row?.enabledAt) throw new AlreadyEnrolledError();
  let base32 = row ? decryptSecret(row.secretEnc) : null;
  if (!base32) {
    base32 = new Secret({ size: 20 }).base32;
    // Two tabs may start at once: the first secret stored wins, and both show it.
    await db
      .insert(twoStepSecrets)
      .values({ userId: user.id, secretEnc: encryptSecret(base32) })
      .onConflictDoNothing();
    const [stored] = await db
      .select({ secretEnc: twoStepSecrets.secretEnc })
      .from(twoStepSecrets)
      .where(eq(twoStepSecrets.userId, user.id));
    base32 = decryptSecret(stored.secretEnc);
  }
  return { secret: base32, uri: totpFor(base32, user.email).toString() };
}

/**
 * Turns two-step on once the first code from the app is right; returns the recovery codes
 * (shown once), or null for a wrong code.
 */
export async function confirmEnrolment(userId: number, code: string): Promise<string[] | null> {
  const db = await getDb();
  const [row] = await db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
  if (!row) return null;
  if (row.enabledAt) throw new AlreadyEnrolledError();
  const step = isTotpCode(code)
    ? matchingStep(decryptSecret(row.secretEnc), normaliseCode(code))
    : null;
  if (step === null) return null;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(twoStepSecrets)
      .set({ enabledAt: sql`now()`, lastUsedStep: step })
      .where(and(eq(twoStepSecrets.userId, userId), isNull(twoStepSecrets.enabledAt)))
      .returning({ userId: twoStepSecrets.userId });
    if (updated.length === 0) throw new AlreadyEnrolledError();
    return replaceRecoveryCodes(tx, userId);
  });
}

// ---------------------------------------------------------------- checking a code

/**
 * Whether a 6-digit code is right for the user's enabled two-step. A code is accepted once:
 * its step must be later than the last one used, recorded in the same statement.
 */
export async function verifyTotp(userId: number, code: string, db?: Db): Promise<boolean> {
  if (!isTotpCode(code)) return false;
  db ??= await getDb();
  const [row] = await db.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
  if (!row?.enabledAt) return false;
  const step = matchingStep(decryptSecret(row.secretEnc), normaliseCode(code));
  if (step === null) return false;
  const used = await db
    .update(twoStepSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoStepSecrets.userId, userId),
        or(isNull(twoStepSecrets.lastUsedStep), lt(twoStepSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoStepSecrets.userId });
  return used.length === 1;
}

/** Uses up a recovery code: true once per code, false for any other. */
export async function spendRecoveryCode(userId: number, code: string): Promise<boolean> {
  const db = await getDb();
  const used = await db
    .update(twoStepRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoStepRecoveryCodes.userId, userId),
        eq(twoStepRecoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(twoStepRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoStepRecoveryCodes.id });
  return used.length === 1;
}

/**
 * New recovery codes in place of the old ones (all of which stop working). The caller has
 * checked the password or a current code: codes shown to a stolen session would be a way in.
 */
export async function regenerateRecoveryCodes(
  userId: number,
  origin: RequestOrigin,
): Promise<string[]> {
  const db = await getDb();
  const status = await twoStepStatus(userId, db);
  if (!status.enabled) throw new Error("Two-step sign-in is off: there are no recovery codes.");
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, userId);
    await recordSecurityEvent(tx, userId, "recovery_codes_made", origin);
    return codes;
  });
}

// ---------------------------------------------------------------- turning it off

async function removeTwoStep(db: Db, userId: number) {
  await db.delete(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
  await db.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
  await db.delete(twoStepTrustedBrowsers).where(eq(twoStepTrustedBrowsers.userId, userId));
  await db
    .delete(twoStepPending)
    .where(and(eq(twoStepPending.userId, userId), eq(twoStepPending.purpose, "verify")));
}

/** The user turns two-step off: the secret, codes and trusted browsers go. */
export async function disableTwoStep(userId: number, origin: RequestOrigin) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const t = tx;
    await forgetTrustedBrowsers(t, userId, origin);
    await removeTwoStep(t, userId);
    await recordSecurityEvent(t, userId, "two_step_off", origin);
    await audit(t, {
      userId,
      actorId: userId,
      action: "Two-step sign-in turned off",
    });
  });
}

/**
 * An admin resets another user's two-step sign-in (a lost phone): as turning it off, and
 * written to the account's audit trail. Returns whether there was anything to reset.
 */
export async function resetTwoStep(actorId: number, userId: number): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const t = tx;
    const [row] = await t
      .select({ total: count() })
      .from(twoStepSecrets)
      .where(eq(twoStepSecrets.userId, userId));
    await removeTwoStep(t, userId);
    await audit(t, {
      userId,
      actorId,
      action: "Two-step sign-in reset",
      detail: "Secret, recovery codes and trusted browsers removed",
    });
    return row.total > 0;
  });
}

/** Audit line, and security trail entry, of a user's own enrolment. */
export async function auditEnrolment(userId: number, origin: RequestOrigin) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const t = tx;
    await recordSecurityEvent(t, userId, "two_step_on", origin);
    await audit(t, { userId, actorId: userId, action: "Two-step sign-in turned on" });
  });
}

// ---------------------------------------------------------------- the forms (validated on the server only)

export const WRONG_CODE = "The code is not right. Enter the 6-digit code your app shows now";
export const WRONG_RECOVERY = "The recovery code is not right, or it has been used";
export const WRONG_CONFIRMATION = "Enter your password or a current 6-digit code from your app";

const codeField = z
  .string({ error: "Enter the 6-digit code from your app" })
  .trim()
  .min(1, "Enter the 6-digit code from your app")
  .refine(isTotpCode, "Enter the code as 6 digits");

export const confirmSchema = z.object({ intent: z.literal("confirm"), code: codeField });
const confirmationField = z.string({ error: WRONG_CONFIRMATION }).min(1, WRONG_CONFIRMATION);
export const disableSchema = z.object({
  intent: z.literal("disable"),
  confirmation: confirmationField,
});
export const regenerateSchema = z.object({
  intent: z.literal("regenerate"),
  confirmation: confirmationField,
});
/** The forms of the two-step settings page, one per intent; leaving (cancel) has no fields. */
export const twoStepSettingsSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  confirmSchema,
  regenerateSchema,
  disableSchema,
]);
export type TwoStepSettingsIntent = z.infer<typeof twoStepSettingsSchema>["intent"];
export const TWO_STEP_SETTINGS_INTENTS: readonly string[] = twoStepSettingsSchema.options.map(
  (option) => option.shape.intent.value,
);
export const signInCodeSchema = z.object({
  intent: z.literal("code"),
  code: codeField,
  trust: checkbox,
});
export const recoveryCodeSchema = z.object({
  intent: z.literal("recovery"),
  recoveryCode: z
    .string({ error: "Enter a recovery code" })
    .trim()
    .min(1, "Enter a recovery code")
    .max(40, WRONG_RECOVERY),
  trust: checkbox,
});

// ---------------------------------------------------------------- half signed in, trusted browsers

/** Stores a half-signed-in state by its token's hash, sweeping the expired ones first. */
export async function storePending(pending: typeof twoStepPending.$inferInsert) {
  const db = await getDb();
  await db.delete(twoStepPending).where(lt(twoStepPending.expiresAt, new Date()));
  await db.insert(twoStepPending).values(pending);
}

/** The unexpired half-signed-in state with this token hash, if any. */
export async function findPending(tokenHash: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(twoStepPending)
    .where(and(eq(twoStepPending.tokenHash, tokenHash), gt(twoStepPending.expiresAt, new Date())));
  return row;
}

export async function deletePending(tokenHash: string) {
  const db = await getDb();
  await db.delete(twoStepPending).where(eq(twoStepPending.tokenHash, tokenHash));
}

/** Whether the browser with this token hash is trusted, unexpired, for the user. */
export async function isTrusted(tokenHash: string, userId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ userId: twoStepTrustedBrowsers.userId })
    .from(twoStepTrustedBrowsers)
    .where(
      and(
        eq(twoStepTrustedBrowsers.tokenHash, tokenHash),
        eq(twoStepTrustedBrowsers.userId, userId),
        gt(twoStepTrustedBrowsers.expiresAt, new Date()),
      ),
    );
  return Boolean(row);
}

/** Stores a trusted browser by its token's hash, sweeping the expired ones first. */
export async function storeTrustedBrowser(trusted: typeof twoStepTrustedBrowsers.$inferInsert) {
  const db = await getDb();
  await db.delete(twoStepTrustedBrowsers).where(lt(twoStepTrustedBrowsers.expiresAt, new Date()));
  await db.insert(twoStepTrustedBrowsers).values(trusted);
}
