import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  hasNextOrLastEventYears,
  isDefaultSearch,
  type SearchRequest,
  searchHref,
  toSearchParams,
} from "~/search/request";
import { SearchCharts, type SearchChartsData } from "~/components/charts/SearchCharts";
import { type Facet, FacetPanel, SelectedFilters } from "./FacetPanel";
import { type Hit, type ResultsView, resultCountText, SearchResults } from "./SearchResults";
import { type Selection, SelectionBar } from "./Selection";
import { quotedPhrase } from "~/search/phrase";

export interface SearchPageData {
  request: SearchRequest;
  notices: string[];
  result: { total: number; hits: Hit[]; facets: Facet[]; suggestion: string | null } | null;
  view: ResultsView;
  selection: Selection;
  labels: Record<string, string>;
  filters: Array<{ id: string; label: string; type: string; basic?: boolean; facet?: boolean }>;
  /** The charts above the list are open (charts=1 in the URL), and drawn when so. */
  chartsOpen: boolean;
  charts: SearchChartsData | null;
}

/** The results side of /search and /advancedsearch: notices, selected filters, count, view switch, results or the empty state. */
export function ResultsArea({
  data,
  basePath,
  searchBar,
}: {
  data: SearchPageData;
  basePath: string;
  searchBar?: ReactNode;
}) {
  const { request, notices, result, view, labels, selection, chartsOpen } = data;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === basePath;
  if (!result) return null;
  const phrase = request.searchPhrase.trim() === "*" ? "" : request.searchPhrase.trim();
  return (
    // Folded filters (their disclosure above the results) for the table, which needs the page's
    // width, and for an empty result, where a column of empty boxes stood beside one message.
    <div
      className={
        view === "tableView" || result.total === 0
          ? "search-layout search-layout--table"
          : "search-layout"
      }
    >
      <FacetPanel
        // Uncontrolled inputs keep their state across client navigations: a new search redraws them.
        key={toSearchParams(request).toString()}
        facets={result.facets}
        typedFilters={data.filters.filter(
          (filter) => filter.basic && !filter.facet && filter.type === "AutoComplete",
        )}
        request={request}
        basePath={basePath}
      />
      <section
        className="search-results"
        aria-labelledby="results-heading"
        aria-busy={busy || undefined}
      >
        <h2 id="results-heading" className="visually-hidden">
          Results
        </h2>
        {notices.length ? (
          <div className="notice" role="status">
            <p>Some of this search could not be used:</p>
            <ul>
              {notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {searchBar}
        <SelectedFilters
          request={request}
          labels={labels}
          basePath={basePath}
          charts={chartsOpen}
        />
        <div className="results-bar">
          <p role="status" className="result-count">
            <strong>{resultCountText(result.total)}</strong>
            {phrase ? ` for ${quotedPhrase(phrase)}` : null}
          </p>
          {isDefaultSearch(request) ? null : (
            <Link
              to={`/dashboard/savedsearches/new?${toSearchParams({ ...request, from: 0 })}`}
              className="save-search-link"
            >
              Save this search
            </Link>
          )}
          {result.total > 0 ? (
            <Form
              method="post"
              replace
              preventScrollReset
              className="view-switch"
              aria-label="Results view"
            >
              <input type="hidden" name="intent" value="view" />
              <button
                type="submit"
                name="view"
                value="cardView"
                className={view === "cardView" ? "" : "secondary outline"}
                aria-pressed={view === "cardView"}
              >
                Card view
              </button>
              <button
                type="submit"
                name="view"
                value="tableView"
                className={view === "tableView" ? "" : "secondary outline"}
                aria-pressed={view === "tableView"}
              >
                Table view
              </button>
            </Form>
          ) : null}
          {/* In the bar while closed (no height of its own on a phone); open, a line of its own. */}
          {result.total > 0 ? (
            <SearchCharts open={chartsOpen} charts={data.charts} total={result.total} />
          ) : null}
        </div>
        {result.total > 0 ? (
          <SelectionBar selection={selection} hits={result.hits} total={result.total} />
        ) : null}
        {result.total > 0 ? (
          <SearchResults
            hits={result.hits}
            total={result.total}
            request={request}
            view={view}
            basePath={basePath}
            selection={selection}
            charts={chartsOpen}
          />
        ) : (
          <EmptyState request={request} suggestion={result.suggestion} basePath={basePath} />
        )}
      </section>
    </div>
  );
}

function EmptyState({
  request,
  suggestion,
  basePath,
}: {
  request: SearchRequest;
  suggestion: string | null;
  basePath: string;
}) {
  const filtered =
    request.basicSearchFilter.length > 0 ||
    request.lastUpdatedDateFrom ||
    request.lastUpdatedDateTo ||
    request.emaTimelineFrom ||
    request.emaTimelineTo ||
    request.emaEventsByDateRangeAndEventNameFilter ||
    hasNextOrLastEventYears(request);
  return (
    <div className="empty-state">
      <h3>No records match this search</h3>
      {suggestion ? (
        <p className="did-you-mean">
          Did you mean{" "}
          <Link
            to={searchHref({ ...request, from: 0, searchPhrase: suggestion }, { path: basePath })}
          >
            {suggestion}
          </Link>
          ?
        </p>
      ) : null}
      <ul>
        <li>Check the spelling, or try fewer or more general words.</li>
        <li>
          End a word with * to find every word that starts with it (<code>pembro*</code> finds
          pembrolizumab).
        </li>
        {filtered ? (
          <li>
            Remove a filter above, or{" "}
            <Link
              to={searchHref(
                {
                  ...request,
                  from: 0,
                  basicSearchFilter: [],
                  lastUpdatedDateFrom: null,
                  lastUpdatedDateTo: null,
                  emaTimelineFrom: null,
                  emaTimelineTo: null,
                  emaEventsByDateRangeAndEventNameFilter: null,
                  emaNextOrLastEventYearFrom: null,
                  emaNextOrLastEventYearTo: null,
                },
                { path: basePath },
              )}
            >
              search without filters
            </Link>
            .
          </li>
        ) : null}
        <li>
          Read the <Link to="/searchtips">search tips</Link>.
        </li>
      </ul>
    </div>
  );
}
