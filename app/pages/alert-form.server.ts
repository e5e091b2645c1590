import { data } from "@remix-run/node";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import { renderMarkdown } from "~/lib/markdown.server";
import {
  type Alert,
  alertSchema,
  createAlert,
  DEFAULT_POPUP_DURATION,
  listAlertTypes,
  toDateTimeLocal,
  updateAlert,
} from "~/models/alerts.server";
import type { User } from "~/models/users.server";

const DAY = 24 * 60 * 60 * 1000;

/** The form's values for an alert, or for a new one (from now, for 30 days, enabled). */
export function alertFormValues(alert: Alert | null) {
  const now = new Date();
  return {
    title: alert?.title ?? "",
    summary: alert?.summary ?? "",
    content: alert?.content ?? "",
    alertType: alert?.alertType ?? "",
    audienceRoles: alert?.audienceRoles ?? [],
    severity: alert?.severity ?? "information",
    tags: alert?.tags.join(", ") ?? "",
    popupDuration: String(alert?.popupDuration ?? DEFAULT_POPUP_DURATION),
    notifyDate: toDateTimeLocal(alert?.notifyDate ?? now),
    expireDate: toDateTimeLocal(alert?.expireDate ?? new Date(now.getTime() + 30 * DAY)),
    requestedBy: alert?.requestedBy ?? "",
    isEnabled: (alert ? alert.isEnabled : true) ? ("on" as const) : undefined,
  };
}

/**
 * The create and edit forms' action: "Preview" answers with the rendered alert and what was
 * typed, saving nothing; "Save" stores it and goes back to the list (POST-redirect-GET). A
 * mistake answers 400 with the errors and what was typed.
 */
export async function alertFormAction(request: Request, user: User, alertId: number | null) {
  const form = await readForm(request);
  const types = (await listAlertTypes()).map((type) => type.name);
  const submission = parseForm(form, alertSchema(types));
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const alert = submission.value;
  if (form.get("intent") === "preview") {
    return {
      ...submission.reply(),
      preview: {
        title: alert.title,
        summary: alert.summary,
        severity: alert.severity,
        contentHtml: renderMarkdown(alert.content),
      },
    };
  }
  if (alertId === null) {
    await createAlert(alert, user.id);
  } else if (!(await updateAlert(alertId, alert, user.id))) {
    throw new Response("Not Found", { status: 404 });
  }
  return redirectWithFlash(request, "/dashboard/alerts", {
    severity: "success",
    message: alertId === null ? `Alert "${alert.title}" created.` : `Alert "${alert.title}" saved.`,
  });
}

/** The alert id of a staff URL; anything but a positive whole number is not found. */
export function alertIdOf(params: { alertId?: string }) {
  const id = Number(params.alertId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response("Not Found", { status: 404 });
  return id;
}
