import { redirect } from "@remix-run/node";
import type QRCodeModule from "qrcode";
import { getOptionalUser, loginUrl } from "~/auth/auth.server";
import {
  CODE_ATTEMPTS,
  ENROL_PATH,
  endPending,
  keepCodesForDisplay,
  type Pending,
  readPending,
  TOO_MANY_CODES,
  takeCodesForDisplay,
} from "~/auth/two-step.server";
import { hitRateLimit, isRateLimited } from "~/models/rate-limit.server";
import { originOf } from "~/models/security-events.server";
import { getSiteSettings } from "~/models/settings.server";
import {
  auditEnrolment,
  confirmEnrolment,
  disableTwoStep,
  enrolmentSecret,
  isTotpCode,
  regenerateRecoveryCodes,
  TWO_STEP_SETTINGS_INTENTS,
  twoStepRequired,
  type TwoStepSettingsIntent,
  type twoStepSettingsSchema,
  twoStepStatus,
  verifyTotp,
  WRONG_CODE,
  WRONG_CONFIRMATION,
} from "~/models/two-step.server";
import { type User, verifyLogin } from "~/models/users.server";
import type { z } from "zod";
import { lazyPackage } from "~/lib/lazy-package.server";

const qrCode = lazyPackage((require) => require("qrcode") as typeof QRCodeModule);

/** The signed-in user, or staff half signed in who must set up two-step first. */
export type TwoStepVisitor = { user: User; pending: Pending | null };

/**
 * Who is here: the signed-in user, or staff who must set up two-step before they are signed
 * in (half signed in, app/auth/two-step.server.ts). Anyone else signs in first.
 */
export async function twoStepVisitor(request: Request): Promise<TwoStepVisitor> {
  const user = await getOptionalUser(request);
  if (user) return { user, pending: null };
  const pending = await readPending(request, "enrol");
  if (pending) return { user: pending.user, pending };
  throw redirect(loginUrl(ENROL_PATH));
}

/** "ABCD EFGH …": the key in groups of four, easier to read and type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

export type TwoStepSettingsPage = {
  data:
    | { view: "codes"; codes: string[]; next: string }
    | { view: "enabled"; required: boolean; recoveryCodesLeft: number }
    | { view: "setup"; required: boolean; enrolling: boolean; secret: string; qrSvg: string };
  /** The Set-Cookie header that consumes the recovery codes shown once. */
  headers?: { "Set-Cookie": string };
};

/**
 * The page's view: the recovery codes just made (shown once), the settings of two-step that
 * is on, or its set-up (a new secret as a QR code and as text). Staff half signed in whose
 * two-step is already on have nothing to do here and go back to /login.
 */
export async function twoStepSettingsPage(
  request: Request,
  { user, pending }: TwoStepVisitor,
): Promise<TwoStepSettingsPage> {
  const shown = await takeCodesForDisplay(request);
  if (shown.codes) {
    return {
      data: { view: "codes", codes: shown.codes, next: shown.next },
      headers: { "Set-Cookie": shown.header },
    };
  }
  const status = await twoStepStatus(user.id);
  const required = twoStepRequired(user, await getSiteSettings());
  if (status.enabled) {
    if (pending) throw redirect("/login");
    return { data: { view: "enabled", required, recoveryCodesLeft: status.recoveryCodesLeft } };
  }
  const { secret, uri } = await enrolmentSecret(user);
  // The wrapper is the image with its name; the SVG itself is hidden from assistive technology.
  const svg = (
    await qrCode().toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" })
  ).replace("<svg ", '<svg aria-hidden="true" focusable="false" ');
  return {
    data: {
      view: "setup",
      required,
      enrolling: Boolean(pending),
      secret: grouped(secret),
      qrSvg: svg,
    },
  };
}

/**
 * The form's intent, before its fields are read: one the page knows (otherwise 400), and
 * "enrol-first" when staff half signed in ask to change an enrolment, which needs a real
 * session.
 */
export function twoStepSettingsIntent(
  formData: FormData,
  { pending }: TwoStepVisitor,
): TwoStepSettingsIntent | "enrol-first" {
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !TWO_STEP_SETTINGS_INTENTS.includes(intent))
    throw new Response("Unknown action", { status: 400 });
  if (pending && (intent === "regenerate" || intent === "disable")) return "enrol-first";
  return intent as TwoStepSettingsIntent;
}

export type TwoStepSettingsOutcome =
  /** Staff who must enrol leave without signing in: the cookie ends the half sign-in. */
  | { kind: "cancelled"; cookie: string }
  /** Nothing to do in this state (already on, or not on): back to the page. */
  | { kind: "back" }
  /** The form refused: its status and errors. */
  | {
      kind: "refused";
      status: 400 | 403 | 429;
      errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> };
    }
  /** New recovery codes, kept for the page to show once (the cookie); `signIn` for staff half signed in. */
  | { kind: "codes"; cookie: string; signIn: boolean }
  | { kind: "turned-off" };

/**
 * Wrong codes count per account and client address together: only someone signed in (or
 * half-way, enrolling) is here, and a count per address alone would let one person's wrong
 * codes stop everyone behind the same hospital proxy from enrolling.
 */
function attemptKeys(user: User, address: string | null) {
  return [`user:${user.id}:${address ?? "unknown"}`];
}

async function limited(keys: string[]) {
  for (const key of keys) if (await isRateLimited(CODE_ATTEMPTS, key)) return true;
  return false;
}

/** A wrong code or password counts against the account at this address. */
async function countWrong(keys: string[]) {
  for (const key of keys) await hitRateLimit(CODE_ATTEMPTS, key);
}

/**
 * One of the page's forms: leave the set-up (cancel), turn two-step on with a code from the
 * app (confirm), or, with the password or a current code, make new recovery codes or turn
 * it off. Too many wrong codes are refused before any code is checked.
 */
export async function changeTwoStepSettings(
  request: Request,
  { user, pending }: TwoStepVisitor,
  value: z.infer<typeof twoStepSettingsSchema>,
  address: string | null,
): Promise<TwoStepSettingsOutcome> {
  const keys = attemptKeys(user, address);

  if (value.intent === "cancel") {
    // Staff who must enrol leave without signing in.
    return { kind: "cancelled", cookie: await endPending(request) };
  }

  if (value.intent === "confirm") {
    if (await limited(keys))
      return { kind: "refused", status: 429, errors: { formErrors: [TOO_MANY_CODES] } };
    if ((await twoStepStatus(user.id)).enabled) return { kind: "back" };
    const codes = await confirmEnrolment(user.id, value.code);
    if (!codes) {
      await countWrong(keys);
      return { kind: "refused", status: 400, errors: { fieldErrors: { code: [WRONG_CODE] } } };
    }
    await auditEnrolment(user.id, originOf(request));
    if (pending) {
      // Enrolled: now the staff member is signed in, and sees their codes once.
      const keep = await keepCodesForDisplay(request, codes, pending.redirectTo);
      return { kind: "codes", cookie: keep, signIn: true };
    }
    const keep = await keepCodesForDisplay(request, codes, "/myaccount");
    return { kind: "codes", cookie: keep, signIn: false };
  }

  if (!(await twoStepStatus(user.id)).enabled) return { kind: "back" };
  if (value.intent === "disable" && twoStepRequired(user, await getSiteSettings())) {
    return {
      kind: "refused",
      status: 403,
      errors: { formErrors: ["Your role requires two-step sign-in: it cannot be turned off."] },
    };
  }
  // Both need the password or a current code: a stolen session alone must not be able to
  // read new recovery codes (a way in for good) or take the second step away.
  if (await limited(keys))
    return { kind: "refused", status: 429, errors: { formErrors: [TOO_MANY_CODES] } };
  const given = value.confirmation;
  const right =
    (isTotpCode(given) && (await verifyTotp(user.id, given))) ||
    Boolean(await verifyLogin(user.email, given));
  if (!right) {
    await countWrong(keys);
    return {
      kind: "refused",
      status: 400,
      errors: { fieldErrors: { confirmation: [WRONG_CONFIRMATION] } },
    };
  }
  if (value.intent === "regenerate") {
    const codes = await regenerateRecoveryCodes(user.id, originOf(request));
    return {
      kind: "codes",
      cookie: await keepCodesForDisplay(request, codes, ENROL_PATH),
      signIn: false,
    };
  }
  await disableTwoStep(user.id, originOf(request));
  return { kind: "turned-off" };
}
