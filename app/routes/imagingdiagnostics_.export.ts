import type { ActionFunctionArgs } from "@remix-run/node";
import { redirectWithFlash } from "~/lib/flash.server";
import { requireUser } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { imagingSelectionForm } from "~/pages/imaging-form.server";
import { parseImagingQuery } from "~/lib/imaging-query";
import {
  exportForMember,
  updateImagingSelection,
  xlsxDownload,
} from "~/models/imaging-diagnostics.server";

export const NOTHING_TO_EXPORT = "There is nothing to export: no entry matches the filters.";

/**
 * The members' Export (API: POST /diagnosticsandimaging/export?exportOnlyArchived=false): the
 * file itself, at once, with no dialog. A resource route, so that the browser gets the file
 * and not a page. The list's Export button posts its selection form here, so ticks not yet
 * sent (without JS) count; with the list's query, so that nothing selected means every entry
 * that matches the filters.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const url = new URL(request.url);
  const ticks = imagingSelectionForm.safeParse({
    intent: "select",
    shown: form.getAll("shown"),
    selected: form.getAll("selected"),
  });
  if (ticks.success) await updateImagingSelection(user.id, ticks.data.shown, ticks.data.selected);
  const file = await exportForMember(user.id, parseImagingQuery(url.searchParams));
  if (file.count > 0) return xlsxDownload(file, "imaging-and-diagnostics");
  return redirectWithFlash(request, `/imagingdiagnostics${url.search}`, {
    severity: "info",
    message: NOTHING_TO_EXPORT,
  });
}
