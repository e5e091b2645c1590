import { Link } from "@remix-run/react";
import { EMA_EVENTS } from "~/records/vocabulary";
import {
  describeYears,
  hasNextOrLastEventYears,
  NEXT_OR_LAST_EVENT_LABEL,
  type SearchRequest,
  searchHref,
  toSearchParams,
  withoutFilterValue,
} from "~/search/request";
import type { FacetGroup } from "~/search/results";
import { SuggestInput } from "./SuggestInput";

export type Facet = FacetGroup;

export const SEARCH_FORM_ID = "search-form";

/** Hidden inputs that carry the selected values the panel does not show as checkboxes. */
function carriedValues(request: SearchRequest, facets: Facet[]) {
  const shown = new Set(
    facets.flatMap((facet) => facet.values.map((v) => `${facet.filterId}:${v.value}`)),
  );
  return request.basicSearchFilter
    .flatMap((group) => group.values.map((value) => `${group.filterId}:${value}`))
    .filter((key) => !shown.has(key));
}

/**
 * A facet value and its count, read as "Oncology, 532 records" and shown as "Oncology (532)".
 */
export function FacetValueText({ value, count }: { value: string; count: number }) {
  const n = count.toLocaleString("en-GB");
  // Two copies, so that the read name has no stray space: a hidden element is a box of its
  // own, and browsers put a space before it when they compute the name.
  return (
    <>
      <span className="visually-hidden">
        {`${value}, ${n} ${count === 1 ? "record" : "records"}`}
      </span>
      <span aria-hidden="true">
        {/* A no-break space: the count wraps with the value's last word, never alone. */}
        {value}
        {"\u00a0"}
        <span className="count">({n})</span>
      </span>
    </>
  );
}

/** How many filters are in force: each facet value, and each date range (phrase aside). */
export function appliedFilterCount(request: SearchRequest) {
  const values = request.basicSearchFilter.reduce((sum, group) => sum + group.values.length, 0);
  const lastUpdated = request.lastUpdatedDateFrom || request.lastUpdatedDateTo ? 1 : 0;
  const euEvents =
    request.emaTimelineFrom ||
    request.emaTimelineTo ||
    request.emaEventsByDateRangeAndEventNameFilter
      ? 1
      : 0;
  return values + lastUpdated + euEvents + (hasNextOrLastEventYears(request) ? 1 : 0);
}

/**
 * The "filter a list" panel: facets with counts and checkboxes, date ranges, and one
 * Apply filters button. Its controls belong to the search form by the form attribute,
 * so the phrase, sort and filters travel together in one GET. Search is the page's primary
 * action: Apply filters, at the top and foot of the panel, is a secondary.
 *
 * On a phone the results come first: the panel is a disclosure, "Filters (N applied)", closed
 * until opened (no script needed). On wider screens the stylesheet shows its content open,
 * beside the results.
 */
export function FacetPanel({
  facets,
  typedFilters,
  request,
  basePath,
}: {
  facets: Facet[];
  /** Basic filters with too many values to list: a box that suggests values as you type. */
  typedFilters: Array<{ id: string; label: string }>;
  request: SearchRequest;
  basePath: string;
}) {
  const form = SEARCH_FORM_ID;
  const query = toSearchParams({ ...request, from: 0 }).toString();
  return (
    <aside className="facet-panel" aria-labelledby="filters-heading">
      <details className="filters-disclosure">
        <summary>Filters ({appliedFilterCount(request)} applied)</summary>
        <h2 id="filters-heading">Filters</h2>
        <button type="submit" form={form} className="secondary">
          Apply filters
        </button>
        {carriedValues(request, facets).map((key) => (
          <input key={key} type="hidden" name="f" value={key} form={form} />
        ))}
        {typedFilters.map((filter) => (
          <div key={filter.id} className="field typed-filter">
            <label htmlFor={`typed-${filter.id}`}>{filter.label}</label>
            <SuggestInput
              id={`typed-${filter.id}`}
              name={`f.${filter.id}`}
              defaultValue=""
              filterId={filter.id}
              form={form}
            />
            <small className="browse-values">
              <Link
                to={`/search/facet/${filter.id}?${query}${basePath === "/advancedsearch" ? "&from=advanced" : ""}`}
              >
                Browse {filter.label.toLowerCase()} values
              </Link>
            </small>
          </div>
        ))}
        {facets.map((facet) => (
          <fieldset key={facet.filterId} className="facet">
            <legend>{facet.label}</legend>
            <ul>
              {facet.values.map((value, index) => {
                const id = `facet-${facet.filterId}-${index}`;
                return (
                  <li key={value.value}>
                    <input
                      type="checkbox"
                      id={id}
                      name="f"
                      value={`${facet.filterId}:${value.value}`}
                      defaultChecked={value.selected}
                      form={form}
                    />
                    <label htmlFor={id}>
                      <FacetValueText value={value.value} count={value.count} />
                    </label>
                  </li>
                );
              })}
            </ul>
            {facet.distinctValues > facet.values.length ? (
              <Link
                to={`/search/facet/${facet.filterId}?${query}${basePath === "/advancedsearch" ? "&from=advanced" : ""}`}
              >
                More<span className="visually-hidden"> {facet.label} values</span> (
                {facet.distinctValues.toLocaleString("en-GB")} in all)
              </Link>
            ) : null}
          </fieldset>
        ))}
        <fieldset className="date-range">
          <legend>Last updated</legend>
          <label htmlFor="luFrom">From</label>
          <input
            type="date"
            id="luFrom"
            name="luFrom"
            defaultValue={request.lastUpdatedDateFrom ?? ""}
            form={form}
          />
          <label htmlFor="luTo">To</label>
          <input
            type="date"
            id="luTo"
            name="luTo"
            defaultValue={request.lastUpdatedDateTo ?? ""}
            form={form}
          />
        </fieldset>
        <fieldset className="date-range">
          <legend>EU event dates</legend>
          <label htmlFor="euEvent">Event</label>
          <select
            id="euEvent"
            name="euEvent"
            defaultValue={request.emaEventsByDateRangeAndEventNameFilter?.eventName ?? ""}
            form={form}
          >
            <option value="">Any EU event</option>
            {EMA_EVENTS.map((event) => (
              <option key={event}>{event}</option>
            ))}
          </select>
          <label htmlFor="euFrom">From</label>
          <input
            type="date"
            id="euFrom"
            name="euFrom"
            defaultValue={request.emaTimelineFrom ?? ""}
            form={form}
          />
          <label htmlFor="euTo">To</label>
          <input
            type="date"
            id="euTo"
            name="euTo"
            defaultValue={request.emaTimelineTo ?? ""}
            form={form}
          />
        </fieldset>
        <fieldset className="date-range">
          <legend>{NEXT_OR_LAST_EVENT_LABEL}</legend>
          <small id="euYear-hint" className="hint">
            Each record's first EU event from today on or, when none is to come, its latest.
          </small>
          <label htmlFor="euYearFrom">From year</label>
          <input
            type="number"
            id="euYearFrom"
            name="euYearFrom"
            min={1000}
            max={9999}
            step={1}
            inputMode="numeric"
            aria-describedby="euYear-hint"
            defaultValue={request.emaNextOrLastEventYearFrom ?? ""}
            form={form}
          />
          <label htmlFor="euYearTo">To year</label>
          <input
            type="number"
            id="euYearTo"
            name="euYearTo"
            min={1000}
            max={9999}
            step={1}
            inputMode="numeric"
            aria-describedby="euYear-hint"
            defaultValue={request.emaNextOrLastEventYearTo ?? ""}
            form={form}
          />
        </fieldset>
        <button type="submit" form={form} className="secondary">
          Apply filters
        </button>
      </details>
    </aside>
  );
}

/** The filters in force, each with a link that removes it. */
export function SelectedFilters({
  request,
  labels,
  basePath,
  charts = false,
}: {
  request: SearchRequest;
  labels: Record<string, string>;
  basePath: string;
  /** The charts are open: removing a filter keeps them so. */
  charts?: boolean;
}) {
  const items: Array<{ key: string; text: string; href: string }> = [];
  const href = (next: SearchRequest) => searchHref(next, { path: basePath, charts });
  const phrase = request.searchPhrase.trim();
  if (phrase && phrase !== "*")
    items.push({
      key: "q",
      text: `Words: ${phrase}`,
      href: href({ ...request, from: 0, searchPhrase: "*" }),
    });
  for (const group of request.basicSearchFilter) {
    for (const value of group.values) {
      items.push({
        key: `${group.filterId}:${value}`,
        text: `${labels[group.filterId] ?? group.filterId}: ${value}`,
        href: href(withoutFilterValue(request, group.filterId, value)),
      });
    }
  }
  if (request.lastUpdatedDateFrom || request.lastUpdatedDateTo) {
    items.push({
      key: "lu",
      text: `Last updated: ${request.lastUpdatedDateFrom ?? "any"} to ${request.lastUpdatedDateTo ?? "any"}`,
      href: href({ ...request, from: 0, lastUpdatedDateFrom: null, lastUpdatedDateTo: null }),
    });
  }
  if (
    request.emaTimelineFrom ||
    request.emaTimelineTo ||
    request.emaEventsByDateRangeAndEventNameFilter
  ) {
    items.push({
      key: "eu",
      text: `${request.emaEventsByDateRangeAndEventNameFilter?.eventName ?? "EU event"}: ${request.emaTimelineFrom ?? "any"} to ${request.emaTimelineTo ?? "any"}`,
      href: href({
        ...request,
        from: 0,
        emaTimelineFrom: null,
        emaTimelineTo: null,
        emaEventsByDateRangeAndEventNameFilter: null,
      }),
    });
  }
  if (hasNextOrLastEventYears(request)) {
    items.push({
      key: "euYear",
      text: `${NEXT_OR_LAST_EVENT_LABEL}: ${describeYears(request.emaNextOrLastEventYearFrom, request.emaNextOrLastEventYearTo)}`,
      href: href({
        ...request,
        from: 0,
        emaNextOrLastEventYearFrom: null,
        emaNextOrLastEventYearTo: null,
      }),
    });
  }
  if (!items.length) return null;
  return (
    <section className="selected-filters" aria-labelledby="selected-filters-heading">
      <h2 id="selected-filters-heading" className="visually-hidden">
        Selected filters
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.href}>
              {item.text}
              <span aria-hidden="true"> ✕</span>
              <span className="visually-hidden"> (remove)</span>
            </Link>
          </li>
        ))}
        {items.length > 1 ? (
          <li>
            <Link to={basePath}>Clear all</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
