import { createSession, destroySession } from "~/auth/session.server";
import {
  findInvitation,
  InvitationUnusableError,
  registerFromInvitation,
} from "~/models/accounts.server";
import { EmailTakenError } from "~/models/users.server";

/**
 * The invitation a registration form was sent with: its email when it can still be used
 * (null otherwise), and the invitation's page to go back to.
 */
export async function formInvitation(formData: FormData) {
  const code = String(formData.get("invitationCode") ?? "");
  const back = `/register?${new URLSearchParams({ invitationCode: code })}`;
  const lookup = await findInvitation(code);
  return { back, email: lookup.status === "valid" ? lookup.invitation.email : null };
}

export type RegisterOutcome =
  /** The invitation was used or expired meanwhile. */
  | { kind: "unusable" }
  | { kind: "email-taken" }
  /** The account, and the Set-Cookie header of its new session. */
  | { kind: "registered"; firstName: string; cookie: string };

/**
 * Creates the invited person's account and signs them in on this browser: whoever was
 * signed in here is signed out, the new account takes over.
 */
export async function registerAccount(
  request: Request,
  value: Parameters<typeof registerFromInvitation>[0],
): Promise<RegisterOutcome> {
  let user: Awaited<ReturnType<typeof registerFromInvitation>>;
  try {
    user = await registerFromInvitation(value);
  } catch (error) {
    if (error instanceof InvitationUnusableError) return { kind: "unusable" };
    if (!(error instanceof EmailTakenError)) throw error;
    return { kind: "email-taken" };
  }
  // The old session (if any) ends; the new cookie replaces its cookie.
  await destroySession(request);
  return {
    kind: "registered",
    firstName: user.firstName,
    cookie: await createSession(request, user.id),
  };
}
