import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { suggestValues } from "~/models/search.server";
import { getSiteSettings } from "~/models/settings.server";
import { availableFilters } from "~/search/filters";

/**
 * Suggestions for an AutoComplete field as the user types (JSON, for the enhanced form).
 * Without JavaScript, the facet "more" page offers the same values.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const settings = await getSiteSettings();
  const filter = availableFilters(settings).find((f) => f.id === url.searchParams.get("filter"));
  const typed = (url.searchParams.get("q") ?? "").slice(0, 100);
  if (filter?.type !== "AutoComplete" || !typed.trim()) return Response.json({ values: [] });
  const values = await suggestValues(filter.id, typed);
  return Response.json({ values }, { headers: { "Cache-Control": "private, max-age=60" } });
}
