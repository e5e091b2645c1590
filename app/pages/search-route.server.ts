import { redirect, data } from "@remix-run/node";
import { z } from "zod";
import { recordActivity } from "~/models/records.server";
import { latestSearch } from "~/models/activity.server";
import { searchCharts } from "~/charts/search-charts.server";
import { todayUtc } from "~/search/days";
import { requireUserWith } from "~/auth/auth.server";
import { safeRedirect } from "~/lib/safe-redirect.server";
import { searchPageColumns } from "~/models/page-columns.server";
import { RESULTS_VIEWS, type ResultsView, setResultsView } from "~/models/preferences.server";
import { countSearch, searchRecords } from "~/models/search.server";
import {
  clearSelection,
  EMPTY_SELECTION,
  selectionOfSearch,
  selectAllResults,
  selectionCriteria,
  updatePageSelection,
} from "~/models/selection.server";
import { hssIdSchema } from "~/records/schema.server";
import { getSiteSettings } from "~/models/settings.server";
import { inNaturalOrder } from "~/search/facet-order";
import { availableFilters } from "~/search/filters";
import { CHARTS_PARAM, isDefaultSearch, toSearchParams } from "~/search/request";
import { parseSearchParams } from "~/search/request.server";
import type { User } from "~/models/users.server";
import { readForm } from "~/lib/body.server";

/**
 * What /search and /advancedsearch share: read the request from the URL, run it (unless
 * an advanced row is wrong), record the search, and the user's results view.
 */
export async function loadSearch(
  request: Request,
  user: User,
  options: { advanced: boolean; run?: boolean },
) {
  const url = new URL(request.url);
  // Read with the session, in the root's statement (see pageColumns).
  const { extra: known } = await requireUserWith(request, searchPageColumns);
  const settings = await getSiteSettings(known.settingsVersion);
  const parsed = parseSearchParams(url.searchParams, settings, { advanced: options.advanced });
  const canRun = options.run !== false && parsed.rowErrors.length === 0;
  // The charts above the results, drawn only while open (charts=1): a closed page costs nothing more.
  const chartsOpen = url.searchParams.get(CHARTS_PARAM) === "1";
  const today = todayUtc();
  const result = canRun
    ? await searchRecords(parsed.request, settings, {
        catalogueVersion: known.catalogueVersion,
        eventYears: chartsOpen,
        today,
      })
    : null;
  // A search with other criteria than the selection's starts afresh.
  const selection = result
    ? await selectionOfSearch(
        user.id,
        selectionCriteria(parsed.request),
        result.hits.map((hit) => hit.hssId),
      )
    : EMPTY_SELECTION;
  const view: ResultsView = known.resultsView === "tableView" ? "tableView" : "cardView";
  // A new search (not a page of one already counted, nor the bare catalogue) is user activity.
  if (canRun && parsed.request.from === 0 && !isDefaultSearch(parsed.request)) {
    const value = toSearchParams(parsed.request).toString();
    // Opening or closing the charts (a link that sets charts=1 or charts=0) shows the same
    // search again: it is not a new one when it is the user's latest.
    const sameAgain = url.searchParams.has(CHARTS_PARAM) && (await latestSearch(user.id)) === value;
    if (!sameAgain) await recordActivity(user.id, "search", value);
  }
  const filters = availableFilters(settings);
  // A scale or a process (price tier, trial phase, regulatory status) reads in its own order.
  const facets = result ? result.facets.map(inNaturalOrder) : [];
  const basePath = options.advanced ? "/advancedsearch" : "/search";
  return {
    ...parsed,
    result: result
      ? {
          total: result.total,
          hits: result.hits,
          facets,
          suggestion: result.suggestion,
        }
      : null,
    chartsOpen,
    charts:
      result && chartsOpen
        ? searchCharts(parsed.request, { ...result, facets }, basePath, today)
        : null,
    view,
    selection,
    labels: Object.fromEntries(filters.map((filter) => [filter.id, filter.label])),
    filters: filters.map(
      ({ id, label, type, recordCategory, orClauseEnabled, isBooleanFilter, basic, facet }) => ({
        id,
        label,
        type,
        recordCategory,
        orClauseEnabled,
        isBooleanFilter: isBooleanFilter ?? false,
        basic,
        facet,
      }),
    ),
  };
}

const hssIds = z.array(hssIdSchema).max(100);
const searchForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("view"), view: z.enum(RESULTS_VIEWS) }),
  // The page's checkboxes: of the results shown, exactly the ticked ones are selected.
  z.object({ intent: z.literal("select"), shown: hssIds, selected: hssIds }),
  z.object({ intent: z.literal("selectPage"), shown: hssIds }),
  z.object({ intent: z.literal("selectAll") }),
  z.object({ intent: z.literal("clear") }),
]);

/**
 * The POST forms of a results page: the view switch and the selection. Each goes back to
 * the same search (POST-redirect-GET); a request from a script (`js=1`) gets a small JSON
 * answer instead, and the page's data is reloaded by Remix.
 */
export async function searchAction(request: Request, user: User, options: { advanced: boolean }) {
  const form = await readForm(request);
  const url = new URL(request.url);
  const parsed = searchForm.safeParse({
    intent: form.get("intent"),
    view: form.get("view") ?? undefined,
    shown: form.getAll("shown"),
    selected: form.getAll("selected"),
  });
  if (parsed.success) {
    const intent = parsed.data;
    if (intent.intent === "view") {
      await setResultsView(user.id, intent.view);
    } else if (intent.intent === "clear") {
      await clearSelection(user.id);
    } else {
      const settings = await getSiteSettings();
      const search = parseSearchParams(url.searchParams, settings, {
        advanced: options.advanced,
      }).request;
      const criteria = selectionCriteria(search);
      if (intent.intent === "select") {
        await updatePageSelection(
          user.id,
          criteria,
          intent.shown,
          intent.selected.filter((hssId) => intent.shown.includes(hssId)),
        );
      } else if (intent.intent === "selectPage") {
        await updatePageSelection(user.id, criteria, intent.shown, intent.shown);
      } else {
        await selectAllResults(user.id, search, await countSearch(search, settings));
      }
    }
  }
  if (form.get("js") === "1")
    return data({ ok: parsed.success }, { status: parsed.success ? 200 : 400 });
  return redirect(safeRedirect(`${url.pathname}${url.search}`, "/search"), { status: 303 });
}
