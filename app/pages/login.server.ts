import { authenticator, LoginFailedError } from "~/auth/auth.server";
import {
  checkSignIn,
  recordSignInFailure,
  recordSignInSuccess,
} from "~/models/sign-in-throttle.server";
import type { User } from "~/models/users.server";

export type PasswordOutcome =
  /** Too many failures for the account at this address: the throttle's message. */
  { kind: "throttled"; message: string } | { kind: "wrong" } | { kind: "right"; user: User };

/**
 * Checks an email and password (the form strategy reads them from the request's body).
 * Failures count per account and address, and slow the account down (sign-in-throttle); a
 * throttled sign-in is refused before the password is checked.
 */
export async function checkPassword(
  request: Request,
  email: string,
  address: string | null,
): Promise<PasswordOutcome> {
  const throttle = await checkSignIn(email, address);
  if (!throttle.allowed) return { kind: "throttled", message: throttle.message };
  try {
    const user = await authenticator.authenticate("form", request);
    await recordSignInSuccess(email, address);
    return { kind: "right", user };
  } catch (error) {
    if (!(error instanceof LoginFailedError)) throw error;
    await recordSignInFailure(email, address);
    return { kind: "wrong" };
  }
}
