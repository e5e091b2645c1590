import type { Flash } from "~/lib/flash.server";
import { resetTwoStep, twoStepStatus } from "~/models/two-step.server";
import {
  applyUserAction,
  auditTrail,
  getUserRow,
  type UserAction,
  UserActionRefused,
} from "~/models/user-admin.server";
import type { User } from "~/models/users.server";

/** The user id of a staff URL; anything but a positive whole number is not found. */
export function userIdOf(params: { userId?: string }) {
  const id = Number(params.userId);
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
}

async function requireUserRow(userId: number) {
  const user = await getUserRow(userId);
  if (!user) throw new Response("Not found", { status: 404 });
  return user;
}

/** A user's page for staff: the account, its change history and whether two-step is on. */
export async function userPage(admin: User, userId: number) {
  const user = await requireUserRow(userId);
  const [history, twoStep] = await Promise.all([auditTrail(user.id), twoStepStatus(user.id)]);
  return { user, history, twoStep: twoStep.enabled, isSelf: admin.id === user.id };
}

/** One of the page's buttons applied; the flash says what was done, or why it was refused. */
export async function runUserAction(
  admin: User,
  userId: number,
  action: UserAction,
): Promise<Flash> {
  try {
    return { severity: "success", message: await applyUserAction(admin, userId, action) };
  } catch (error) {
    if (!(error instanceof UserActionRefused)) throw error;
    return { severity: "error", message: error.message };
  }
}

/** The reset page of a user's two-step sign-in: who, and whether it is on. */
export async function userTwoStepPage(userId: number) {
  const user = await requireUserRow(userId);
  const status = await twoStepStatus(user.id);
  return { user: { id: user.id, name: user.name, email: user.email }, enabled: status.enabled };
}

/**
 * Resets a user's two-step sign-in (secret, recovery codes, trusted browsers and unfinished
 * set-ups); `had` says whether it was set up.
 */
export async function resetUserTwoStep(admin: User, userId: number) {
  const user = await requireUserRow(userId);
  const had = await resetTwoStep(admin.id, user.id);
  return { user, had };
}
