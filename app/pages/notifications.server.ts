import { z } from "zod";
import { safeRedirect } from "~/lib/safe-redirect.server";
import {
  clearNotifications,
  dismissNotificationPopup,
  ENROLL_NOTIFICATION_SUCCESS,
  enrolInNotifications,
  getEmailNotifications,
  leaveNotifications,
  listNotifications,
  NOTIFICATION_DAYS,
  NOTIFICATION_FREQUENCIES,
} from "~/models/notifications.server";

const HERE = "/dashboard/notifications";

/** The notifications page: the records updated lately, by day, and the email enrolment. */
export async function notificationsPage(userId: number) {
  const [days, email] = await Promise.all([
    listNotifications(userId),
    getEmailNotifications(userId),
  ]);
  return {
    days,
    email,
    newCount: days.reduce(
      (sum, day) => sum + day.records.filter((record) => record.isNew).length,
      0,
    ),
    reach: NOTIFICATION_DAYS,
  };
}

export const NO_FREQUENCY = "Choose how often to be emailed";

// A value sent as a file, not text, reads as missing.
const text = z.string().nullable().catch(null);
const notificationsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("clear") }),
  z.object({ intent: z.literal("enrol"), frequency: z.enum(NOTIFICATION_FREQUENCIES) }),
  z.object({ intent: z.literal("leave") }),
  // The popup's "Dismiss": from a script (js=1), or a form that goes back where it was.
  z.object({ intent: z.literal("dismiss-popup"), js: text, redirectTo: text }),
]);

export type NotificationsForm =
  | { kind: "ok"; value: z.infer<typeof notificationsForm> }
  /** Enrolling with no (known) frequency chosen. */
  | { kind: "no-frequency" }
  /** No known intent. */
  | { kind: "unknown" };

/** The page's forms: clear the list, enrol or leave the emails, dismiss the popup. */
export function parseNotificationsForm(form: FormData): NotificationsForm {
  const parsed = notificationsForm.safeParse({
    intent: form.get("intent"),
    frequency: form.get("frequency"),
    js: form.get("js"),
    redirectTo: form.get("redirectTo"),
  });
  if (parsed.success) return { kind: "ok", value: parsed.data };
  const frequency = parsed.error.issues.some((issue) => issue.path[0] === "frequency");
  return { kind: frequency ? "no-frequency" : "unknown" };
}

export type NotificationsOutcome =
  | { kind: "cleared" }
  /** A change of the emails, with the message saying so. */
  | { kind: "done"; message: string }
  | { kind: "enrol-failed" }
  /** The popup dismissed: `js` for a script's request, or where to go back. */
  | { kind: "dismissed"; js: boolean; redirectTo: string };

export async function changeNotifications(
  userId: number,
  value: z.infer<typeof notificationsForm>,
): Promise<NotificationsOutcome> {
  if (value.intent === "clear") {
    await clearNotifications(userId);
    return { kind: "cleared" };
  }
  if (value.intent === "enrol") {
    // Only the success code counts (docs/product.md).
    const code = await enrolInNotifications(userId, value.frequency).catch(() => null);
    if (code !== ENROLL_NOTIFICATION_SUCCESS) return { kind: "enrol-failed" };
    return { kind: "done", message: `You will get a ${value.frequency} email of updated records.` };
  }
  if (value.intent === "leave") {
    await leaveNotifications(userId);
    return { kind: "done", message: "Email notifications are off." };
  }
  await dismissNotificationPopup(userId);
  return {
    kind: "dismissed",
    js: value.js === "1",
    redirectTo: safeRedirect(value.redirectTo, HERE),
  };
}
