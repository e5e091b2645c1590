import { sessionIdHash } from "~/auth/session.server";
import {
  changeOwnPassword,
  TOO_MANY_WRONG_PASSWORDS,
  WRONG_CURRENT_PASSWORD,
  WrongPasswordError,
  wrongPasswordKey,
} from "~/models/accounts.server";
import { hitRateLimit, isRateLimited } from "~/models/rate-limit.server";
import { originOf } from "~/models/security-events.server";
import type { User } from "~/models/users.server";

export type OwnPasswordOutcome =
  | { kind: "changed" }
  /** The form refused: its status and errors. */
  | {
      kind: "refused";
      status: 400 | 429;
      errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> };
    };

/**
 * Changes the signed-in user's password, given their current one; every other device is
 * signed out. Wrong current passwords count like failed sign-ins, per account: too many are
 * refused before the password is checked.
 */
export async function changeMyPassword(
  request: Request,
  user: User,
  value: { currentPassword: string; password: string },
): Promise<OwnPasswordOutcome> {
  const key = wrongPasswordKey(user);
  if (await isRateLimited(WRONG_CURRENT_PASSWORD, key))
    return { kind: "refused", status: 429, errors: { formErrors: [TOO_MANY_WRONG_PASSWORDS] } };
  try {
    await changeOwnPassword(user, value.currentPassword, value.password, {
      sessionHash: await sessionIdHash(request),
      origin: originOf(request),
    });
  } catch (error) {
    if (!(error instanceof WrongPasswordError)) throw error;
    await hitRateLimit(WRONG_CURRENT_PASSWORD, key);
    return {
      kind: "refused",
      status: 400,
      errors: { fieldErrors: { currentPassword: [error.message] } },
    };
  }
  return { kind: "changed" };
}
