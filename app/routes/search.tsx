import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { chartsShouldRevalidate } from "~/components/charts/SearchCharts";
import { SEARCH_FORM_ID } from "~/components/search/FacetPanel";
import { ResultsArea } from "~/components/search/SearchPage";
import { resultCountText } from "~/components/search/SearchResults";
import { requireUser } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { loadSearch, searchAction } from "~/pages/search-route.server";
import { pageOf } from "~/search/request";
import { MAX_PHRASE_LENGTH, quotedPhrase } from "~/search/phrase";

export const handle: RouteHandle<Awaited<ReturnType<typeof loadSearch>> | undefined> = {
  title: (data) => {
    if (!data?.result) return "Search";
    const phrase =
      data.request.searchPhrase === "*" ? "" : ` ${quotedPhrase(data.request.searchPhrase)}`;
    return `Search${phrase}: ${resultCountText(data.result.total)}, page ${pageOf(data.request)}`;
  },
};

export const shouldRevalidate = chartsShouldRevalidate;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return await loadSearch(request, user, { advanced: false });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return searchAction(request, user, { advanced: false });
}

export default function SearchRoute() {
  const data = useLoaderData<typeof loader>();
  const { request } = data;
  const location = useLocation();
  return (
    <>
      <Breadcrumb items={[{ label: "Search" }]} />
      <h1>Search</h1>
      <Form
        key={location.search}
        method="get"
        action="/search"
        id={SEARCH_FORM_ID}
        role="search"
        className="search-bar"
      >
        <label htmlFor="q">Search records</label>
        <small id="q-hint" className="hint">
          Words, “quoted phrases”, OR, -exclusions and prefix*.{" "}
          <Link to="/searchtips">Search tips</Link>
        </small>
        <div className="search-bar-row">
          <input
            type="search"
            id="q"
            name="q"
            defaultValue={request.searchPhrase === "*" ? "" : request.searchPhrase}
            maxLength={MAX_PHRASE_LENGTH}
            aria-describedby="q-hint"
          />
          <label htmlFor="sort" className="visually-hidden">
            Sort by
          </label>
          <select id="sort" name="sort" defaultValue={request.sortBy ?? ""}>
            <option value="">Sort by relevance</option>
            <option value="lastUpdated">Sort by last updated</option>
            <option value="title">Sort by title</option>
          </select>
          <button type="submit">Search</button>
        </div>
        <p className="search-links">
          <Link to="/advancedsearch">Advanced search</Link>
        </p>
      </Form>
      <ResultsArea data={data} basePath="/search" />
    </>
  );
}
