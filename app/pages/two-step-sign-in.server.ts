import { z } from "zod";
import { endPending, type Pending, readPending, trustBrowser } from "~/auth/two-step.server";
import { redirectWithFlash, setFlash } from "~/lib/flash.server";
import {
  endSignInsAfterGuesses,
  returnCodeAttempt,
  takeCodeAttempt,
} from "~/models/code-guesses.server";
import { checkSignIn, recordSignInFailure } from "~/models/sign-in-throttle.server";
import {
  recoveryCodeSchema,
  signInCodeSchema,
  spendRecoveryCode,
  twoStepStatus,
  verifyTotp,
  WRONG_CODE,
  WRONG_RECOVERY,
} from "~/models/two-step.server";

const EXPIRED = "Your sign-in took too long. Please log in again.";

/** The second step's two forms: a code from the app, or a recovery code. */
export const twoStepSignInSchema = z.discriminatedUnion("intent", [
  signInCodeSchema,
  recoveryCodeSchema,
]);

/** Only someone whose password was right a moment ago, and who has two-step on, is here. */
export async function requirePendingSignIn(request: Request) {
  const pending = await readPending(request, "verify");
  if (pending) return pending;
  throw await redirectWithFlash(request, "/login", { severity: "error", message: EXPIRED });
}

export type SecondStepOutcome =
  /** Too many failures for the account at this address (sign-in-throttle): its message. */
  | { kind: "throttled"; message: string }
  /** The account's code attempts are used up: its sign-ins end; the cookie ends this one. */
  | { kind: "guesses-used"; cookie: string }
  | { kind: "wrong"; fieldErrors: Record<string, string[]> }
  /** Right: the cookies (a trusted browser, a message) to send with the new session. */
  | { kind: "right"; cookies: string[] };

/**
 * Checks the code of a half-signed-in user. Wrong codes count with wrong passwords, per
 * account and address (sign-in-throttle), and per account whatever the address: at most
 * MAX_CODE_ATTEMPTS codes are checked, after which the account's sign-ins end. A right
 * recovery code is spent, and the message says how many are left.
 */
export async function checkSecondStep(
  request: Request,
  pending: Pending,
  value: z.infer<typeof twoStepSignInSchema>,
  address: string | null,
): Promise<SecondStepOutcome> {
  const throttle = await checkSignIn(pending.user.email, address);
  if (!throttle.allowed) return { kind: "throttled", message: throttle.message };
  const attempt = await takeCodeAttempt(pending.user.id);
  if (!attempt.allowed) return guessesUsed(request, pending.user.id);
  const right =
    "recoveryCode" in value
      ? await spendRecoveryCode(pending.user.id, value.recoveryCode)
      : await verifyTotp(pending.user.id, value.code);
  if (!right) {
    await recordSignInFailure(pending.user.email, address);
    if (attempt.last) return guessesUsed(request, pending.user.id);
    const fieldErrors: Record<string, string[]> =
      "recoveryCode" in value ? { recoveryCode: [WRONG_RECOVERY] } : { code: [WRONG_CODE] };
    return { kind: "wrong", fieldErrors };
  }
  await returnCodeAttempt(pending.user.id);
  const cookies: string[] = [];
  if (value.trust) cookies.push(await trustBrowser(request, pending.user.id));
  if ("recoveryCode" in value) {
    const { recoveryCodesLeft: left } = await twoStepStatus(pending.user.id);
    cookies.push(
      await setFlash(request, {
        severity: "warning",
        message: `You used a recovery code: ${left} ${left === 1 ? "is" : "are"} left. Make new ones from My account, Two-step sign-in.`,
      }),
    );
  }
  return { kind: "right", cookies };
}

/** The account's code attempts are used up: its sign-ins end, and this one starts again at /login. */
async function guessesUsed(request: Request, userId: number): Promise<SecondStepOutcome> {
  await endSignInsAfterGuesses(userId);
  return { kind: "guesses-used", cookie: await endPending(request) };
}
