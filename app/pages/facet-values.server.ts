import type { ColumnValues } from "~/auth/session.server";
import type { searchPageColumns } from "~/models/page-columns.server";
import { type FacetSort, facetValues } from "~/models/search.server";
import { getSiteSettings } from "~/models/settings.server";
import { availableFilters, isCounted } from "~/search/filters";
import { parseSearchParams } from "~/search/request.server";

/**
 * A facet's "more" page: one counted filter's values over the search in the query, paged
 * (`fpage`), sorted by count or A–Z (`fsort`), found by text (`fq`). A filter that is not
 * enabled, or has no counts, is a thrown 404. `known` are the session's columns read with the
 * user (searchPageColumns).
 */
export async function facetValuesPage(
  filterId: string | undefined,
  params: URLSearchParams,
  known: ColumnValues<typeof searchPageColumns>,
) {
  const settings = await getSiteSettings(known.settingsVersion);
  const filter = availableFilters(settings).find((f) => f.id === filterId);
  if (!filter || filter.type === "DatePicker" || !isCounted(filter))
    throw new Response("Not Found", { status: 404 });
  const advanced = params.get("from") === "advanced";
  const { request: search } = parseSearchParams(params, settings, { advanced });
  const sort: FacetSort = params.get("fsort") === "az" ? "az" : "count";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("fpage") ?? "1", 10) || 1));
  const contains = (params.get("fq") ?? "").trim().slice(0, 100);
  const values = await facetValues(search, settings, filter.id, {
    sort,
    page,
    contains,
    catalogueVersion: known.catalogueVersion,
  });
  return {
    filterId: filter.id,
    label: filter.label,
    search,
    sort,
    page,
    contains,
    advanced,
    ...values,
  };
}
