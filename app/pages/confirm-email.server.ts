import { getOptionalUser } from "~/auth/auth.server";
import {
  confirmEmailChange,
  EMAIL_CHANGE_HOURS,
  EmailChangeInvalidError,
  findEmailChange,
} from "~/models/email-change.server";
import { originOf } from "~/models/security-events.server";
import { EmailTakenError } from "~/models/users.server";

export type ConfirmEmailData =
  | { status: "valid"; newEmail: string; token: string }
  | { status: "invalid" | "taken"; hours: number };

/**
 * What the emailed link shows: the question, or why it cannot be used (used or expired, or
 * the address taken by another account meanwhile: `taken=1`), with its status code.
 */
export async function confirmEmailPage(url: URL) {
  const token = url.searchParams.get("token") ?? "";
  const taken = url.searchParams.get("taken") === "1";
  const lookup = await findEmailChange(token);
  const data: ConfirmEmailData =
    lookup.status === "valid"
      ? taken
        ? { status: "taken", hours: EMAIL_CHANGE_HOURS }
        : { ...lookup, token }
      : { status: "invalid", hours: EMAIL_CHANGE_HOURS };
  return { data, status: data.status === "valid" ? 200 : data.status === "taken" ? 409 : 410 };
}

export type ConfirmEmailOutcome =
  | { kind: "invalid" }
  | { kind: "taken" }
  /** Changed; `signedIn` when the account is the one signed in on this browser. */
  | { kind: "changed"; newEmail: string; signedIn: boolean };

/** Makes the change the emailed link asked for. */
export async function confirmNewEmail(
  request: Request,
  token: string,
): Promise<ConfirmEmailOutcome> {
  let changed: Awaited<ReturnType<typeof confirmEmailChange>>;
  try {
    changed = await confirmEmailChange(token, originOf(request));
  } catch (error) {
    if (error instanceof EmailChangeInvalidError) return { kind: "invalid" };
    if (error instanceof EmailTakenError) return { kind: "taken" };
    throw error;
  }
  const user = await getOptionalUser(request);
  return { kind: "changed", newEmail: changed.newEmail, signedIn: user?.id === changed.userId };
}
