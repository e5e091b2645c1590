import {
  TOO_MANY_WRONG_PASSWORDS,
  WRONG_CURRENT_PASSWORD,
  WrongPasswordError,
  wrongPasswordKey,
} from "~/models/accounts.server";
import { requestEmailChange, SameEmailError } from "~/models/email-change.server";
import { hitRateLimit, isRateLimited } from "~/models/rate-limit.server";
import { originOf } from "~/models/security-events.server";
import { EmailTakenError, type User } from "~/models/users.server";

export type EmailChangeOutcome =
  /** The link is on its way to the new address. */
  | { kind: "sent"; newEmail: string }
  /** The form refused: its status and errors. */
  | {
      kind: "refused";
      status: 400 | 409 | 429;
      errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> };
    };

const fieldError = (field: string, message: string, status: 400 | 409): EmailChangeOutcome => ({
  kind: "refused",
  status,
  errors: { fieldErrors: { [field]: [message] } },
});

/**
 * Asks for a new address: the current password first (someone else's session is not
 * enough), then a link to the new address, which makes the change, and a notice to this one.
 * Wrong current passwords count per account: too many are refused before it is checked.
 */
export async function askEmailChange(
  request: Request,
  user: User,
  value: { email: string; currentPassword: string },
): Promise<EmailChangeOutcome> {
  const key = wrongPasswordKey(user);
  if (await isRateLimited(WRONG_CURRENT_PASSWORD, key))
    return { kind: "refused", status: 429, errors: { formErrors: [TOO_MANY_WRONG_PASSWORDS] } };
  try {
    const { newEmail } = await requestEmailChange(user, value, originOf(request));
    return { kind: "sent", newEmail };
  } catch (error) {
    if (error instanceof WrongPasswordError) {
      await hitRateLimit(WRONG_CURRENT_PASSWORD, key);
      return fieldError("currentPassword", error.message, 400);
    }
    if (error instanceof SameEmailError) return fieldError("email", error.message, 400);
    if (error instanceof EmailTakenError)
      return fieldError("email", "Another account already uses this email", 409);
    throw error;
  }
}
