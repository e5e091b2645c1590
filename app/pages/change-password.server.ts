import { destroySession } from "~/auth/session.server";
import type { SignInStep } from "~/auth/two-step.server";
import { setFlash } from "~/lib/flash.server";
import { findPasswordReset, ResetTokenInvalidError, resetPassword } from "~/models/accounts.server";
import { originOf } from "~/models/security-events.server";
import type { User } from "~/models/users.server";

/**
 * The reset link a form was sent with: its token, its account's email when the link can
 * still be used (null otherwise), and the link's page to go back to.
 */
export async function formPasswordReset(formData: FormData) {
  const token = String(formData.get("token") ?? "");
  const back = `/changepassword?${new URLSearchParams({ token })}`;
  const lookup = await findPasswordReset(token);
  return { token, back, email: lookup.status === "valid" ? lookup.email : null };
}

const RESET_DONE: Record<SignInStep, string> = {
  "signed-in":
    "Your password has been changed. You are signed in here and signed out everywhere else.",
  verify:
    "Your password has been changed and you are signed out everywhere. Enter your two-step code to sign in.",
  enrol:
    "Your password has been changed and you are signed out everywhere. Set up two-step sign-in to sign in.",
};

export type PasswordResetOutcome =
  /** The link was used or expired meanwhile. */
  | { kind: "invalid" }
  /** The account, to sign in (completePasswordSignIn) with these cookies for the step taken. */
  | { kind: "reset"; user: User; withCookies: (step: SignInStep) => Promise<string[]> };

/**
 * Sets the new password from an emailed link: spends the token and ends every session, API
 * token and trusted browser of the account. The link stands in for the password, not for the
 * second step: someone who can read the mailbox still needs the code. The old session on
 * this browser (if any) has ended; its cookie goes unless a new session replaces it.
 */
export async function resetPasswordFromLink(
  request: Request,
  token: string,
  password: string,
): Promise<PasswordResetOutcome> {
  let user: User;
  try {
    user = await resetPassword(token, password, originOf(request));
  } catch (error) {
    if (error instanceof ResetTokenInvalidError) return { kind: "invalid" };
    throw error;
  }
  const ended = await destroySession(request);
  return {
    kind: "reset",
    user,
    withCookies: async (step) => [
      ...(step === "signed-in" ? [] : [ended]),
      await setFlash(request, { severity: "success", message: RESET_DONE[step] }),
    ],
  };
}
