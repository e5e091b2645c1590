import type { z } from "zod";
import type { ColumnValues } from "~/auth/session.server";
import { can } from "~/lib/roles";
import { type exportFormSchema, FALLBACK_EXPORT_SIZE, startExport } from "~/models/exports.server";
import type { searchPageColumns } from "~/models/page-columns.server";
import { countSearch } from "~/models/search.server";
import { getSelection } from "~/models/selection.server";
import { getSiteSettings } from "~/models/settings.server";
import type { User } from "~/models/users.server";
import { searchHref } from "~/search/request";
import { parseSearchParams } from "~/search/request.server";

/** The export request's search: the one the user came from (its URL query is this page's). */
async function searchOf(request: Request, settingsVersion?: string | null) {
  const settings = await getSiteSettings(settingsVersion);
  const parsed = parseSearchParams(new URL(request.url).searchParams, settings, {
    advanced: new URL(request.url).searchParams.get("adv") === "1",
  });
  return { settings, search: parsed.request };
}

/**
 * The export form's page: how many results the user selected and how many the search finds.
 * `known` are the session's columns read with the user (searchPageColumns).
 */
export async function exportPage(
  request: Request,
  user: User,
  known: ColumnValues<typeof searchPageColumns>,
) {
  const { settings, search } = await searchOf(request, known.settingsVersion);
  const [selection, total] = await Promise.all([
    getSelection(user.id, []),
    countSearch(search, settings, known.catalogueVersion),
  ]);
  return {
    selected: selection.count,
    total,
    isAdmin: can(user.roles, "manageUsers"),
    back: searchHref({ ...search, from: 0 }),
    fallbackSize: FALLBACK_EXPORT_SIZE,
  };
}

export type ExportStart = { kind: "nothing-selected" } | { kind: "started"; to: string };

/**
 * Starts the export of the search the user came from: the export's page (which shows its
 * progress, then the download, and leads back to the same search), or nothing selected.
 */
export async function startSearchExport(
  request: Request,
  user: User,
  value: z.infer<typeof exportFormSchema>,
): Promise<ExportStart> {
  const { settings, search } = await searchOf(request);
  const outcome = await startExport(
    user,
    {
      exportFormat: value.exportFormat,
      exportAll: value.exportAll === "all",
      // True only for xlsx.
      includeAllFields: value.exportFormat === "xlsx",
      searchRequest: search,
    },
    settings,
  );
  if (!outcome.ok) return { kind: "nothing-selected" };
  const next = new URLSearchParams({ back: searchHref({ ...search, from: 0 }) });
  return { kind: "started", to: `/export/${outcome.id}?${next}` };
}
