import type { z } from "zod";
import { parseImagingQuery } from "~/lib/imaging-query";
import {
  clearImagingSelection,
  entryLabel,
  getImagingSelection,
  IMAGING_LIMIT,
  listImaging,
  updateImagingSelection,
} from "~/models/imaging-diagnostics.server";
import type { User } from "~/models/users.server";
import type { imagingSelectionForm } from "~/pages/imaging-form.server";

/** The members' list: a page of the entries that are not archived, and which of them are selected. */
export async function imagingListPage(user: User, params: URLSearchParams) {
  const query = parseImagingQuery(params);
  const list = await listImaging(query, { includeArchived: false });
  const selection = await getImagingSelection(
    user.id,
    list.rows.map((row) => row.id),
  );
  return {
    query: { ...query, status: "all" as const, page: list.page },
    rows: list.rows.map(({ createdOrUpdatedByName: _by, ...row }) => ({
      ...row,
      label: entryLabel(row),
    })),
    total: list.total,
    page: list.page,
    pages: list.pages,
    categories: list.categories,
    selection,
    limit: IMAGING_LIMIT,
  };
}

/** The selection form's fields, for imagingSelectionForm. */
export function selectionFields(form: FormData) {
  return {
    intent: form.get("intent"),
    shown: form.getAll("shown"),
    selected: form.getAll("selected"),
  };
}

/** A selection button: clear it all, select the page shown, or exactly the ticked entries of it. */
export async function changeImagingSelection(
  userId: number,
  { intent, shown, selected }: z.infer<typeof imagingSelectionForm>,
) {
  if (intent === "clear") await clearImagingSelection(userId);
  else if (intent === "selectPage") await updateImagingSelection(userId, shown, shown);
  else await updateImagingSelection(userId, shown, selected);
}
