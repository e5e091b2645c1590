import type { BarChartData } from "~/charts/types";
import { formatDate } from "~/lib/dates";
import { barChart, type BarInput } from "~/charts/charts.server";
import type { EventYearCounts, FacetGroup } from "~/models/search.server";
import {
  NEXT_OR_LAST_EVENT_LABEL,
  type SearchRequest,
  searchHref,
  toSearchParams,
} from "~/search/request";

/**
 * The charts above a results list (decision 021): the matches by EU regulatory status and by FDA
 * status (the search's own facet counts: no query of their own), and by the year of their
 * next or last EU event (counted by the search index with the same answer). Each bar links
 * to the search with that value applied, the other filters kept, from the first page.
 *
 * The statuses are listed in the order of the procedure (the facets come so: facet-order.ts),
 * and the EU and FDA charts, side by side, share one scale: equal counts draw equal bars.
 */

export interface SearchCharts {
  euStatus: BarChartData;
  fdaStatus: BarChartData;
  euYears: BarChartData;
}

/** At most this many bars in the year histogram: wider spans are binned by 2, 5, 10… years. */
const MAX_YEAR_BARS = 20;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** The request with only this value of the filter (its other values replaced), from page 1. */
function withOnly(request: SearchRequest, filterId: string, value: string): SearchRequest {
  const others = request.basicSearchFilter.filter((group) => group.filterId !== filterId);
  return { ...request, from: 0, basicSearchFilter: [...others, { filterId, values: [value] }] };
}

function statusChart(
  id: string,
  filterId: string,
  name: string,
  facet: FacetGroup | undefined,
  request: SearchRequest,
  basePath: string,
  scaleMax: number,
): BarChartData {
  const values = facet?.values.filter((value) => value.count > 0) ?? [];
  const selected = request.basicSearchFilter.some((group) => group.filterId === filterId);
  const bars: BarInput[] = values.map((value) => ({
    key: value.value,
    label: value.value,
    count: value.count,
    applied: value.selected,
    href: searchHref(withOnly(request, filterId, value.value), { path: basePath, charts: true }),
  }));
  const listed = values
    .slice(0, 4)
    .map((value) => `${value.value} ${value.count.toLocaleString("en-GB")}`)
    .join(", ");
  const most = [...values].sort((a, b) => b.count - a.count)[0];
  const description = most
    ? `${plural(values.length, "status", "statuses")} in the order of the procedure: ${listed}${values.length > 4 ? ", and more in the table" : ""}. The most records, ${most.count.toLocaleString("en-GB")}, are ${most.value}.${
        selected
          ? ` Counted without the ${name} chosen, so each bar says what choosing it instead finds.`
          : ""
      }`
    : `No matching record has an ${name}.`;
  const more =
    facet && facet.distinctValues > facet.values.length
      ? {
          href: `/search/facet/${filterId}?${toSearchParams({ ...request, from: 0 })}${basePath === "/advancedsearch" ? "&from=advanced" : ""}`,
          text: `All ${facet.distinctValues.toLocaleString("en-GB")} values of ${name}`,
        }
      : null;
  return barChart({
    id,
    title: `Matches by ${name}`,
    description,
    unit: "records",
    unitOne: "record",
    category: name.charAt(0).toUpperCase() + name.slice(1),
    action: "Show only these",
    layout: "stacked",
    bars,
    scaleMax,
    notes: values.length ? [] : [`No matching record has an ${name}.`],
    more,
  });
}

/** The bin width: 1 year while the span fits MAX_YEAR_BARS bars, else 2, 5, 10, 20, 50… */
export function yearBinWidth(first: number, last: number) {
  for (let scale = 1; ; scale *= 10) {
    for (const step of [1, 2, 5]) {
      const width = step * scale;
      const bins = Math.floor(last / width) - Math.floor(first / width) + 1;
      if (bins <= MAX_YEAR_BARS) return width;
    }
  }
}

function yearsChart(
  counts: EventYearCounts,
  request: SearchRequest,
  basePath: string,
  today: string,
): BarChartData {
  const bars: BarInput[] = [];
  const from = request.emaNextOrLastEventYearFrom ?? null;
  const to = request.emaNextOrLastEventYearTo ?? null;
  if (counts.years.length) {
    const first = counts.years[0].year;
    const last = counts.years[counts.years.length - 1].year;
    const width = yearBinWidth(first, last);
    // Every bin from the first year to the last, empty ones too: a histogram shows its gaps.
    for (let start = Math.floor(first / width) * width; start <= last; start += width) {
      const end = start + width - 1;
      const count = counts.years
        .filter((row) => row.year >= start && row.year <= end)
        .reduce((sum, row) => sum + row.count, 0);
      bars.push({
        key: String(start),
        label: width === 1 ? String(start) : `${start}–${end}`,
        count,
        applied: from === start && to === end,
        href:
          count > 0
            ? searchHref(
                {
                  ...request,
                  from: 0,
                  emaNextOrLastEventYearFrom: start,
                  emaNextOrLastEventYearTo: end,
                },
                { path: basePath, charts: true },
              )
            : null,
      });
    }
  }
  const total = counts.years.reduce((sum, row) => sum + row.count, 0);
  const busiest = [...bars].sort((a, b) => b.count - a.count)[0];
  const rule = `A record's next EU event is its first dated today (${formatDate(today)}) or later; a record with none to come is counted by its latest.`;
  const description = bars.length
    ? `${plural(total, "record")} by the year of their next or last EU event, from ${bars[0].label} to ${bars[bars.length - 1].label}; the most, ${busiest.count.toLocaleString("en-GB")}, in ${busiest.label}.`
    : "No matching record has an EU event.";
  // The rule is shown under the picture (a description is read out, not shown).
  const notes: string[] = [rule];
  if (counts.none > 0) notes.push(`${plural(counts.none, "record")} with no EU event.`);
  if (from !== null || to !== null)
    notes.push("Counted without the years chosen, so each bar says what choosing it finds.");
  return barChart({
    id: "chart-eu-years",
    title: `Matches by ${NEXT_OR_LAST_EVENT_LABEL.charAt(0).toLowerCase()}${NEXT_OR_LAST_EVENT_LABEL.slice(1)}`,
    description,
    unit: "records",
    unitOne: "record",
    category: "Year",
    action: "Show only these",
    layout: "side",
    bars,
    notes: bars.length ? notes : [`No matching record has an EU event.`, rule],
  });
}

export function searchCharts(
  request: SearchRequest,
  result: { facets: FacetGroup[]; eventYears?: EventYearCounts },
  basePath: string,
  today: string,
): SearchCharts {
  const facet = (filterId: string) => result.facets.find((group) => group.filterId === filterId);
  const eu = facet("euRegulatoryStatus");
  const fda = facet("fdaRegulatoryStatus");
  // One scale for the two, drawn side by side: the largest count of either.
  const scaleMax = Math.max(
    1,
    ...[eu, fda].flatMap((group) => group?.values.map((value) => value.count) ?? []),
  );
  return {
    euStatus: statusChart(
      "chart-eu-status",
      "euRegulatoryStatus",
      "EU regulatory status",
      eu,
      request,
      basePath,
      scaleMax,
    ),
    fdaStatus: statusChart(
      "chart-fda-status",
      "fdaRegulatoryStatus",
      "FDA regulatory status",
      fda,
      request,
      basePath,
      scaleMax,
    ),
    euYears: yearsChart(result.eventYears ?? { years: [], none: 0 }, request, basePath, today),
  };
}
