import { redirect } from "@remix-run/node";
import { z } from "zod";
import { recordActivity } from "~/models/records.server";
import { RESULTS_VIEWS, getResultsView, setResultsView } from "~/models/preferences.server";
import { searchRecords } from "~/models/search.server";
import { getSiteSettings } from "~/models/settings.server";
import { availableFilters } from "~/search/filters";
import { isDefaultSearch, toSearchParams } from "~/search/request";
import { parseSearchParams } from "~/search/request.server";
import type { User } from "~/models/users.server";

/**
 * What /search and /advancedsearch share: read the request from the URL, run it (unless
 * an advanced row is wrong), record the search, and the user's results view.
 */
export async function loadSearch(request: Request, user: User, options: { advanced: boolean; run?: boolean }) {
  const url = new URL(request.url);
  const settings = await getSiteSettings();
  const parsed = parseSearchParams(url.searchParams, settings, { advanced: options.advanced });
  const canRun = options.run !== false && parsed.rowErrors.length === 0;
  const [result, view] = await Promise.all([
    canRun ? searchRecords(parsed.request, settings) : Promise.resolve(null),
    getResultsView(user.id),
  ]);
  // A new search (not a page of one already counted, nor the bare catalogue) is user activity.
  if (canRun && parsed.request.from === 0 && !isDefaultSearch(parsed.request)) {
    await recordActivity(user.id, "search", toSearchParams(parsed.request).toString());
  }
  const filters = availableFilters(settings);
  return {
    ...parsed,
    result,
    view,
    labels: Object.fromEntries(filters.map((filter) => [filter.id, filter.label])),
    filters: filters.map(({ id, label, type, recordCategory, orClauseEnabled, isBooleanFilter, basic, facet }) => ({
      id,
      label,
      type,
      recordCategory,
      orClauseEnabled,
      isBooleanFilter: isBooleanFilter ?? false,
      basic,
      facet,
    })),
  };
}

const viewForm = z.object({ intent: z.literal("view"), view: z.enum(RESULTS_VIEWS) });

/** The view switch: a POST that keeps the preference and goes back to the same search. */
export async function switchView(request: Request, user: User) {
  const parsed = viewForm.safeParse(Object.fromEntries(await request.formData()));
  if (parsed.success) await setResultsView(user.id, parsed.data.view);
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, { status: 303 });
}
