import { createInvitation, type InviteInput } from "~/models/accounts.server";
import { EmailTakenError, type User } from "~/models/users.server";

export type InviteOutcome = { kind: "sent" } | { kind: "email-taken" };

/** Invites a person by email, unless an account already has that email. */
export async function invite(admin: User, value: InviteInput): Promise<InviteOutcome> {
  try {
    await createInvitation(admin, value);
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    return { kind: "email-taken" };
  }
  return { kind: "sent" };
}
