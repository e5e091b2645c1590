import { Link } from "@remix-run/react";
import { TableScroll } from "~/components/TableScroll";
import type { BarChartData } from "~/charts/types";

/**
 * A bar list drawn on the server (geometry from app/charts/charts.server.ts), as the regulatory
 * timeline is: an SVG picture with a title and description (role="img"), and the same numbers
 * in a captioned table under "Show the data". It needs no script and no inline style (the
 * CSP has no 'unsafe-inline'); colours come from ~/styles/components/charts.css.
 *
 * Each bar is a link: a list of links lies over the picture, one per row, each as tall as its
 * row of the picture (in proportion: ~/styles/components/charts.css), so a click on a bar follows it, the
 * keyboard reaches each bar in turn with a visible focus ring, and a screen reader hears
 * "Authorised: 532 records. Show only these". The picture itself, an image, holds no links:
 * an image's content is presentational. A value in force is hatched and says "(applied)":
 * never colour alone.
 */
export function BarChart({
  chart,
  wide = false,
}: {
  chart: BarChartData;
  /**
   * The chart has a row of a grid to itself (the years under the EU and FDA statuses): given
   * the room, its notes and table sit beside the picture rather than under it (app/styles/components/charts.css).
   */
  wide?: boolean;
}) {
  const { id, rows } = chart;
  const hatch = `${id}-hatch`;
  const side = chart.layout === "side";
  return (
    <figure className={`chart chart-${chart.layout}${wide ? " chart-wide" : ""}`} id={id}>
      <figcaption className="chart-title">{chart.title}</figcaption>
      <div className="chart-body">
        {rows.length > 0 ? (
          <div className="chart-picture">
            <svg
              className="chart-svg"
              role="img"
              aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
              focusable="false"
              viewBox={`0 0 ${chart.width} ${chart.height}`}
              width="100%"
              preserveAspectRatio="xMinYMin meet"
            >
              <title id={`${id}-svg-title`}>{chart.title}</title>
              <desc id={`${id}-svg-desc`}>{chart.description}</desc>
              <defs>
                <pattern
                  id={hatch}
                  patternUnits="userSpaceOnUse"
                  width="6"
                  height="6"
                  patternTransform="rotate(45)"
                >
                  <rect className="chart-hatch-ground" width="6" height="6" />
                  <line className="chart-hatch-line" x1="1.5" y1="0" x2="1.5" y2="6" />
                </pattern>
              </defs>
              {rows.map((row) => (
                <g
                  key={row.key}
                  className={row.applied ? "chart-row chart-row-applied" : "chart-row"}
                >
                  <text
                    className={row.href ? "chart-label chart-label-link" : "chart-label"}
                    x={row.labelX}
                    y={row.labelY}
                    textAnchor={row.labelAnchor}
                    fontSize={15}
                  >
                    {row.lines.map((line, n) => (
                      // A line's position is its identity (the same words twice are two lines).
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                      <tspan key={n} x={row.labelX} dy={n === 0 ? 0 : 19}>
                        {line}
                      </tspan>
                    ))}
                  </text>
                  {row.barWidth > 0 ? (
                    <rect
                      className={row.applied ? "chart-bar chart-bar-applied" : "chart-bar"}
                      x={row.barX}
                      y={row.barY}
                      width={row.barWidth}
                      height={row.barHeight}
                      fill={row.applied ? `url(#${hatch})` : undefined}
                    />
                  ) : null}
                  <text className="chart-count" x={row.countX} y={row.countY} fontSize={15}>
                    {row.drawnCount}
                  </text>
                </g>
              ))}
            </svg>
            <ol className="chart-links" aria-label={`${chart.title}: the bars`}>
              {rows.map((row) => {
                const unit = row.count === 1 ? chart.unitOne : chart.unit;
                const text = `${row.label}${row.applied ? " (applied)" : ""}: ${row.countText} ${unit}`;
                return (
                  <li
                    key={row.key}
                    className={side ? undefined : `chart-link-lines-${row.lines.length}`}
                  >
                    {row.href ? (
                      <Link to={row.href} preventScrollReset>
                        <span className="visually-hidden">
                          {text}. {chart.action}
                        </span>
                      </Link>
                    ) : (
                      <span className="visually-hidden">{text}</span>
                    )}
                  </li>
                );
              })}
            </ol>
          </div>
        ) : null}
        <div className="chart-aside">
          {chart.notes.map((note) => (
            <p key={note} className="chart-note">
              {note}
            </p>
          ))}
          {chart.more ? (
            <p className="chart-note">
              <Link to={chart.more.href}>{chart.more.text}</Link>
            </p>
          ) : null}
          {rows.length > 0 ? <ChartTable chart={chart} /> : null}
        </div>
      </div>
    </figure>
  );
}

function ChartTable({ chart }: { chart: BarChartData }) {
  return (
    <details className="chart-data">
      <summary>
        Show the data<span className="visually-hidden">: {chart.title}</span>
      </summary>
      <TableScroll caption={chart.title} id={`${chart.id}-table`}>
        <thead>
          <tr>
            <th scope="col">{chart.category}</th>
            <th scope="col" className="numeric">
              {chart.unit.charAt(0).toUpperCase() + chart.unit.slice(1)}
            </th>
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                {row.label}
                {row.applied ? " (applied)" : ""}
              </th>
              <td className="numeric">{row.countText}</td>
            </tr>
          ))}
        </tbody>
      </TableScroll>
    </details>
  );
}
