import type { ActionFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { parseImagingQuery } from "~/lib/imaging-query";

import { exportForStaff, xlsxDownload } from "~/models/imaging-diagnostics.server";
import { redirectWithFlash } from "~/lib/flash.server";

export const NO_ARCHIVED = "There are no archived entries to export.";
export const NO_ENTRIES = "There is nothing to export: no entry matches the filters.";

/**
 * The staff's exports (API: POST /diagnosticsandimaging/export?exportOnlyArchived=true|false):
 * every entry matching the list's filters, or only the archived ones among them, as the file
 * itself. A resource route, so that the browser gets the file and not a page.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  await readForm(request);
  const url = new URL(request.url);
  const onlyArchived = url.searchParams.get("exportOnlyArchived") === "true";
  const file = await exportForStaff(parseImagingQuery(url.searchParams), { onlyArchived });
  if (file.count > 0)
    return xlsxDownload(
      file,
      onlyArchived ? "imaging-and-diagnostics-archived" : "imaging-and-diagnostics",
    );
  url.searchParams.delete("exportOnlyArchived");
  return redirectWithFlash(request, `/dashboard/imagingdiagnostics${url.search}`, {
    severity: "info",
    message: onlyArchived ? NO_ARCHIVED : NO_ENTRIES,
  });
}
