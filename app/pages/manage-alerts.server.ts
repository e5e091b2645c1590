import { z } from "zod";
import type { Flash } from "~/lib/flash.server";
import {
  ALERT_LIST_LIMIT,
  alertState,
  barSeverity,
  listAlerts,
  listAlertTypes,
  setAlertEnabled,
} from "~/models/alerts.server";

/** The staff's list of alerts: each with its type's label, how it shows, and its state now. */
export async function manageAlertsPage() {
  const [alerts, types] = await Promise.all([listAlerts(), listAlertTypes()]);
  const typeLabels = Object.fromEntries(types.map((type) => [type.name, type.label]));
  const now = Date.now();
  return {
    limit: ALERT_LIST_LIMIT,
    alerts: alerts.map((alert) => ({
      alertId: alert.alertId,
      title: alert.title,
      type: typeLabels[alert.alertType] ?? alert.alertType,
      severity: alert.severity,
      shownAs: barSeverity(alert.severity),
      audience: alert.audienceRoles,
      notifyDate: alert.notifyDate,
      expireDate: alert.expireDate,
      isEnabled: alert.isEnabled,
      state: alertState(alert, now),
    })),
  };
}

const alertId = z.coerce.number().int().positive();
/** Each row's Enable or Disable button. */
export const alertToggleForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable"), alertId }),
  z.object({ intent: z.literal("disable"), alertId }),
]);

/** The answer to a toggle of an alert that is not there (or a form that names none). */
export const ALERT_GONE: Flash = { severity: "error", message: "That alert no longer exists." };

/** Enables or disables an alert: the message saying so, or that it no longer exists. */
export async function toggleAlert(
  { intent, alertId }: z.infer<typeof alertToggleForm>,
  userId: number,
): Promise<Flash> {
  if (!(await setAlertEnabled(alertId, intent === "enable", userId))) return ALERT_GONE;
  return {
    severity: "success",
    message: intent === "enable" ? "Alert enabled." : "Alert disabled.",
  };
}
