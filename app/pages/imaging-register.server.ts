import { z } from "zod";
import type { Flash } from "~/lib/flash.server";
import { parseImagingQuery } from "~/lib/imaging-query";
import { safeRedirect } from "~/lib/safe-redirect.server";
import {
  entryLabel,
  getImagingEntry,
  IMAGING_LIMIT,
  listImaging,
  setImagingArchived,
} from "~/models/imaging-diagnostics.server";

/** The staff's register: a page of every entry, archived ones included and marked. */
export async function imagingRegisterPage(params: URLSearchParams) {
  const query = parseImagingQuery(params);
  const list = await listImaging(query, { includeArchived: true });
  return {
    query: { ...query, page: list.page },
    rows: list.rows.map((row) => ({ ...row, label: entryLabel(row) })),
    total: list.total,
    page: list.page,
    pages: list.pages,
    categories: list.categories,
    limit: IMAGING_LIMIT,
  };
}

/** The register's own address, filters and page kept: where its buttons go back to. */
export function registerAddress(request: Request) {
  const url = new URL(request.url);
  // Remix's ?index (this is an index route) stays out of the address.
  url.searchParams.delete("index");
  return safeRedirect(`${url.pathname}${url.search}`, "/dashboard/imagingdiagnostics");
}

const entryId = z.coerce.number().int().positive().max(2_147_483_647);
/** Archive and unarchive (one toggle, as two buttons that say which). */
export const imagingArchiveForm = z.discriminatedUnion("intent", [
  // What the button means, not "flip it": a second send changes nothing.
  z.object({ intent: z.literal("archive"), id: entryId }),
  z.object({ intent: z.literal("unarchive"), id: entryId }),
]);

/** Archives or unarchives an entry: the message saying so, or that it no longer exists. */
export async function archiveImagingEntry(
  { intent, id }: z.infer<typeof imagingArchiveForm>,
  userId: number,
): Promise<Flash> {
  const entry = await getImagingEntry(id);
  const archived = entry ? await setImagingArchived(entry.id, intent === "archive", userId) : null;
  const message =
    !entry || archived === null
      ? "That entry no longer exists."
      : archived
        ? `Archived: ${entryLabel(entry)}. Members no longer see it.`
        : `Unarchived: ${entryLabel(entry)}. Members see it again.`;
  return { severity: archived === null ? "error" : "success", message };
}
