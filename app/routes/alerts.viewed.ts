import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/auth/auth.server";
import { safeRedirect } from "~/lib/safe-redirect.server";
import { readForm } from "~/lib/body.server";
import { markAlertsViewed } from "~/models/alerts.server";

// Nothing to show at this address: its form lives in the alert bar and the release popup.
export async function loader() {
  return redirect("/alerts");
}

const viewedForm = z.object({
  alertId: z.array(z.coerce.number().int().positive()).min(1).max(100),
});

/**
 * Closing an alert in the bar, or dismissing the popup of new releases: remembered for this
 * user on the server, so it stays closed on every device. Without JS the browser goes back to
 * the page it was on (POST-redirect-GET); a fetch (`js=1`) gets a small answer.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const parsed = viewedForm.safeParse({ alertId: form.getAll("alertId") });
  const marked = parsed.success
    ? await markAlertsViewed(user.id, user.roles, parsed.data.alertId)
    : 0;
  if (form.get("js") === "1")
    return Response.json({ marked }, { status: parsed.success ? 200 : 400 });
  return redirect(safeRedirect(form.get("redirectTo"), "/"), { status: 303 });
}
