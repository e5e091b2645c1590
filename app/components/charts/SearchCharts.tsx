import {
  Link,
  type ShouldRevalidateFunction,
  useLocation,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import type { SyntheticEvent } from "react";
import { SEARCH_FORM_ID } from "~/components/search/FacetPanel";
import { CHARTS_PARAM } from "~/search/request";
import { BarChart } from "./BarChart";
import type { BarChartData } from "~/charts/types";

export interface SearchChartsData {
  euStatus: BarChartData;
  fdaStatus: BarChartData;
  euYears: BarChartData;
}

/** The page's address with the charts open (charts=1) or closed (charts=0). */
function withCharts(pathname: string, search: string, open: boolean) {
  const params = new URLSearchParams(search);
  params.set(CHARTS_PARAM, open ? "1" : "0");
  return `${pathname}?${params}`;
}

/**
 * For the results routes: closing the charts changes the address alone, so their data is not
 * asked for again (opening them needs the loader: it draws them).
 */
export const chartsShouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const before = new URLSearchParams(currentUrl.search);
    const after = new URLSearchParams(nextUrl.search);
    const opening = after.get(CHARTS_PARAM) === "1";
    before.delete(CHARTS_PARAM);
    after.delete(CHARTS_PARAM);
    if (!opening && before.toString() === after.toString()) return false;
  }
  return defaultShouldRevalidate;
};

/**
 * "Charts" (of these results): a disclosure above the results list, closed by default, whose
 * state is kept in the URL (charts=1), so a bookmark or a shared link opens it, and the server
 * counts for the charts only while it is open.
 *
 * Without JavaScript the summary opens the box as any <details> does, and a link in it asks
 * the server for the charts (charts=1); with the charts open, a link closes them (charts=0).
 * With JavaScript the summary does both itself: opening navigates to charts=1 in place (the
 * loader draws the charts; the history entry is replaced, the scroll kept), closing changes
 * the address alone (the route's shouldRevalidate skips the loader for it).
 */
export function SearchCharts({
  open,
  charts,
  total,
}: {
  open: boolean;
  charts: SearchChartsData | null;
  total: number;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const openHref = withCharts(location.pathname, location.search, true);
  const closeHref = withCharts(location.pathname, location.search, false);
  const loading =
    navigation.state === "loading" &&
    new URLSearchParams(navigation.location?.search).get(CHARTS_PARAM) === "1";

  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const nowOpen = event.currentTarget.open;
    if (nowOpen === open) return;
    navigate(nowOpen ? openHref : closeHref, { replace: true, preventScrollReset: true });
  };

  return (
    <details className="search-charts" open={open} onToggle={onToggle}>
      <summary>
        Charts<span className="visually-hidden"> of these results</span>
      </summary>
      {open ? (
        // A new search from the form keeps the charts open.
        <input type="hidden" name={CHARTS_PARAM} value="1" form={SEARCH_FORM_ID} />
      ) : null}
      {open && charts ? (
        <>
          <p className="chart-intro">
            The {total === 1 ? "result" : `${total.toLocaleString("en-GB")} results`} by EU and FDA
            regulatory status and by the year of their next or last EU event. The EU and FDA charts
            share one scale. Choose a bar to show only its records.{" "}
            <Link to={closeHref} replace preventScrollReset>
              Close the charts
            </Link>
          </p>
          <div className="chart-grid">
            <BarChart chart={charts.euStatus} />
            <BarChart chart={charts.fdaStatus} />
            <BarChart chart={charts.euYears} wide />
          </div>
        </>
      ) : (
        <p className="chart-intro" aria-live="polite">
          {loading ? (
            "Drawing the charts…"
          ) : (
            <Link to={openHref} replace preventScrollReset>
              Show the charts of these results
            </Link>
          )}
        </p>
      )}
    </details>
  );
}
