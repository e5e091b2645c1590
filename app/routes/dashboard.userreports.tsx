import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Pagination } from "~/components/search/SearchResults";
import { listHref, SortHeader, UserFilters } from "~/components/users/ListControls";
import { requirePermission } from "~/auth/auth.server";
import { formatDate, isoDate } from "~/lib/dates";
import { pagedTitle, type RouteHandle } from "~/lib/route-handle";
import {
  ACTIVITY_MEASURES,
  type ActivityBin,
  type ActivityPeriod,
  readReportQuery,
  userReport,
  userReportSeries,
} from "~/models/user-admin.server";
import { TableScroll } from "~/components/TableScroll";
import { SeriesCharts } from "~/components/charts/SeriesCharts";
import type { SeriesTable } from "~/charts/types";
import { seriesCharts } from "~/charts/charts.server";
import { can } from "~/lib/roles";

type LoaderData = {
  errors: { from?: string; to?: string };
  query: { page: number; size: number };
  report: { total: number } | null;
};

export const handle: RouteHandle<LoaderData> = {
  title: (data) => {
    if (data?.errors?.from || data?.errors?.to) return "Error: User reports";
    if (!data?.report) return "User reports";
    return pagedTitle(
      "User reports",
      data.query.page,
      Math.ceil(data.report.total / data.query.size),
    );
  },
};

const PATH = "/dashboard/userreports";

const MEASURE_NAMES = {
  signIns: "Sign-ins",
  searches: "Searches",
  views: "Record views",
  exports: "Exports",
  downloads: "HIR downloads",
} as const;

const PERIOD_HEADINGS: Record<ActivityPeriod, string> = {
  day: "Day",
  week: "Week from",
  month: "Month",
  year: "Year",
};

/** How a bin is named: below the chart (short), in its description (long), in the table. */
function binNames(period: ActivityPeriod, bin: ActivityBin) {
  const date = formatDate(bin.start);
  const [year, month] = [bin.start.slice(0, 4), bin.start.slice(5, 7)];
  const monthName = formatDate(`${year}-${month}-01`).split(" ")[0];
  switch (period) {
    case "day":
      return {
        short: date.replace(/ \d{4}$/, ""),
        long: `on ${date}`,
        table: date,
        dateTime: bin.start,
      };
    case "week":
      return {
        short: date.replace(/ \d{4}$/, ""),
        long: `in the week from ${date}`,
        table: `${date} to ${formatDate(bin.end)}`,
        dateTime: bin.start,
      };
    case "month":
      return {
        short: `${monthName} ${year}`,
        long: `in ${monthName} ${year}`,
        table: `${monthName} ${year}`,
        dateTime: `${year}-${month}`,
      };
    default:
      return { short: year, long: `in ${year}`, table: year, dateTime: year };
  }
}

/** The report's activity over time: small multiples, one per measure, and their table. */
async function activityChart(query: Parameters<typeof userReportSeries>[0]) {
  const { period, bins: all } = await userReportSeries(query);
  // Periods that have not begun are not drawn: a line down to 0 through 2027-2030 read as
  // measured years of no activity. The first period always stays (a range wholly ahead).
  const today = isoDate(new Date());
  const bins = all.filter((bin, i) => i === 0 || bin.start <= today);
  const future = all.length - bins.length;
  const names = bins.map((bin) => binNames(period, bin));
  const charts = seriesCharts(
    names,
    ACTIVITY_MEASURES.map((measure) => ({
      key: measure,
      title: MEASURE_NAMES[measure],
      values: bins.map((bin) => bin[measure]),
    })),
  );
  const table: SeriesTable = {
    period: PERIOD_HEADINGS[period],
    columns: ACTIVITY_MEASURES.map((measure) => MEASURE_NAMES[measure]),
    rows: bins.map((bin, i) => ({
      key: bin.start,
      period: names[i].table,
      dateTime: names[i].dateTime,
      values: ACTIVITY_MEASURES.map((measure) => bin[measure]),
    })),
    totals: ACTIVITY_MEASURES.map((measure) => bins.reduce((sum, bin) => sum + bin[measure], 0)),
  };
  const note =
    future > 0
      ? `${future === 1 ? `The last ${period}` : `The last ${future} ${period}s`} of the range ${future === 1 ? "has" : "have"} not begun yet, so ${future === 1 ? "it is" : "they are"} not shown.`
      : null;
  return { period, charts, table, note };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "readUserReports");
  const { query, errors, typed } = readReportQuery(new URL(request.url).searchParams);
  const failed = Boolean(errors.from || errors.to);
  const report = failed ? null : await userReport(query);
  const activity = failed ? null : await activityChart(query);
  return data(
    { query, errors, typed, report, activity, canManage: can(user.roles, "manageUsers") },
    { status: failed ? 400 : 200 },
  );
}

const count = (n: number) => n.toLocaleString("en-GB");

/** A row's five figures (a user's, or the totals'), each labelled for the stacked phone layout. */
function FigureCells({ figures }: { figures: Record<keyof typeof MEASURE_NAMES, number> }) {
  return (
    <>
      {(Object.keys(MEASURE_NAMES) as Array<keyof typeof MEASURE_NAMES>).map((measure) => (
        <td key={measure} data-label={MEASURE_NAMES[measure]} className="numeric">
          {count(figures[measure])}
        </td>
      ))}
    </>
  );
}

export default function UserReports() {
  const { query, errors, typed, report, activity, canManage } = useLoaderData<typeof loader>();
  const pages = report ? Math.max(1, Math.ceil(report.total / query.size)) : 1;
  const summary = [
    ...(errors.from ? [{ fieldId: "report-from", message: errors.from }] : []),
    ...(errors.to ? [{ fieldId: "report-to", message: errors.to }] : []),
  ];
  return (
    <>
      <DashboardBreadcrumb items={[{ label: "User reports" }]} />
      <ErrorSummary items={summary} />
      <h1>User reports</h1>
      <p>
        Sign-ins, searches, record views, exports and HIR downloads per user, over whole days in
        UTC, both dates included.
      </p>
      <UserFilters query={query} submitLabel="Show report">
        <fieldset className="date-range">
          <legend>Date range</legend>
          <div className="filter-row">
            <div className="field">
              <label htmlFor="report-from">From</label>
              <input
                id="report-from"
                name="from"
                type="date"
                defaultValue={typed.from}
                aria-invalid={errors.from ? true : undefined}
                aria-describedby={errors.from ? "report-from-error" : undefined}
              />
              {errors.from ? (
                <small id="report-from-error" className="field-error">
                  <span className="visually-hidden">Error: </span>
                  {errors.from}
                </small>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="report-to">To</label>
              <input
                id="report-to"
                name="to"
                type="date"
                defaultValue={typed.to}
                aria-invalid={errors.to ? true : undefined}
                aria-describedby={errors.to ? "report-to-error" : undefined}
              />
              {errors.to ? (
                <small id="report-to-error" className="field-error">
                  <span className="visually-hidden">Error: </span>
                  {errors.to}
                </small>
              ) : null}
            </div>
          </div>
        </fieldset>
      </UserFilters>
      {report ? (
        <>
          <h2>
            {formatDate(query.from)} to {formatDate(query.to)}
          </h2>
          <p>
            <a href={listHref(`${PATH}.csv`, query, { page: 1 })} download>
              Download this report as CSV
            </a>{" "}
            ({report.total === 1 ? "1 user" : `${count(report.total)} users`}, every page)
          </p>
          {activity ? (
            <SeriesCharts
              id="chart-activity"
              // The dates are the H2 just above: the caption does not repeat them.
              title={`Activity of these users per ${activity.period}`}
              charts={activity.charts}
              table={activity.table}
              note={activity.note}
            />
          ) : null}
          {report.rows.length === 0 ? (
            <p>No users match these filters.</p>
          ) : (
            <TableScroll
              caption={
                <>
                  Activity per user from {formatDate(query.from)} to {formatDate(query.to)}
                </>
              }
              captionHidden
              stacked="tablet"
            >
              <thead>
                <tr>
                  <SortHeader pathname={PATH} query={query} column="name">
                    Name
                  </SortHeader>
                  <SortHeader pathname={PATH} query={query} column="email">
                    Email
                  </SortHeader>
                  <SortHeader pathname={PATH} query={query} column="signIns" className="numeric">
                    {/* Not "Sign- / ins": the name breaks at its hyphen otherwise. */}
                    <span className="nowrap">Sign-ins</span>
                  </SortHeader>
                  <SortHeader pathname={PATH} query={query} column="searches" className="numeric">
                    Searches
                  </SortHeader>
                  <SortHeader pathname={PATH} query={query} column="views" className="numeric">
                    Record views
                  </SortHeader>
                  <SortHeader pathname={PATH} query={query} column="exports" className="numeric">
                    Exports
                  </SortHeader>
                  <SortHeader pathname={PATH} query={query} column="downloads" className="numeric">
                    HIR downloads
                  </SortHeader>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className="nowrap">
                      {canManage ? (
                        <Link to={`/dashboard/users/${row.id}`}>{row.name}</Link>
                      ) : (
                        row.name
                      )}
                    </th>
                    <td data-label="Email">{row.email}</td>
                    <FigureCells figures={row} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    All {report.total === 1 ? "1 user" : `${count(report.total)} users`}
                  </th>
                  <FigureCells figures={report.totals} />
                </tr>
              </tfoot>
            </TableScroll>
          )}
          <Pagination
            page={query.page}
            pages={pages}
            href={(page) => listHref(PATH, query, { page })}
            label="User report pages"
          />
        </>
      ) : null}
    </>
  );
}
