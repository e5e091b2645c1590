import { TableScroll } from "~/components/TableScroll";
import type { SeriesChart, SeriesTable } from "~/charts/types";

/**
 * Small multiples drawn on the server (paths from d3-shape in app/charts/charts.server.ts): one
 * line chart per measure, each named above its line and with its own scale, so no colour or
 * legend tells them apart. Each is an image with a title and a description; the numbers are
 * in a captioned table under "Show the data".
 */
export function SeriesCharts({
  id,
  title,
  charts,
  table,
  note,
}: {
  id: string;
  title: string;
  charts: SeriesChart[];
  table: SeriesTable;
  /** A sentence under the charts: what they leave out and why. */
  note?: string | null;
}) {
  return (
    <figure className="chart chart-series" id={id}>
      <figcaption className="chart-title">{title}</figcaption>
      <ul className="chart-multiples">
        {charts.map((chart) => {
          const svgId = `${id}-${chart.key}`;
          const { plot } = chart;
          return (
            <li key={chart.key}>
              <svg
                className="chart-svg"
                role="img"
                aria-labelledby={`${svgId}-title ${svgId}-desc`}
                focusable="false"
                viewBox={`0 0 ${chart.width} ${chart.height}`}
                width="100%"
                preserveAspectRatio="xMinYMin meet"
              >
                <title id={`${svgId}-title`}>{chart.title}</title>
                <desc id={`${svgId}-desc`}>{chart.description}</desc>
                <text className="chart-series-name" x={0} y={16} fontSize={15}>
                  {chart.title}
                </text>
                {chart.yTicks.map((tick) => (
                  <g key={tick.text} className="chart-gridline">
                    <line x1={plot.left} y1={tick.y} x2={plot.right} y2={tick.y} />
                    <text
                      className="chart-tick"
                      x={plot.left - 6}
                      y={tick.y}
                      dy="0.35em"
                      textAnchor="end"
                      fontSize={14}
                    >
                      {tick.text}
                    </text>
                  </g>
                ))}
                {chart.line ? (
                  <>
                    <path className="chart-area" d={chart.area} />
                    <path className="chart-line" d={chart.line} />
                  </>
                ) : null}
                {chart.bar ? (
                  <rect
                    className="chart-single-bar"
                    x={chart.bar.x}
                    y={chart.bar.y}
                    width={chart.bar.width}
                    height={chart.bar.height}
                  />
                ) : null}
                {chart.empty ? (
                  <text
                    className="chart-tick"
                    x={(plot.left + plot.right) / 2}
                    y={(plot.top + plot.bottom) / 2}
                    dy="0.35em"
                    textAnchor="middle"
                    fontSize={14}
                  >
                    {chart.empty}
                  </text>
                ) : null}
                {chart.points.map((point) => (
                  <circle key={point.x} className="chart-point" cx={point.x} cy={point.y} r={2.5} />
                ))}
                {chart.xTicks.map((tick) => (
                  <text
                    key={tick.x}
                    className="chart-tick"
                    x={tick.x}
                    y={plot.bottom + 20}
                    textAnchor={tick.anchor}
                    fontSize={14}
                  >
                    {tick.text}
                  </text>
                ))}
              </svg>
            </li>
          );
        })}
      </ul>
      {note ? <p className="chart-series-note">{note}</p> : null}
      <details className="chart-data">
        <summary>
          Show the data<span className="visually-hidden">: {title}</span>
        </summary>
        <TableScroll caption={title} id={`${id}-table`}>
          <thead>
            <tr>
              <th scope="col">{table.period}</th>
              {table.columns.map((column) => (
                <th key={column} scope="col" className="numeric">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">
                  <time dateTime={row.dateTime}>{row.period}</time>
                </th>
                {row.values.map((value, i) => (
                  <td key={table.columns[i]} className="numeric">
                    {value.toLocaleString("en-GB")}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">All</th>
              {table.totals.map((value, i) => (
                <td key={table.columns[i]} className="numeric">
                  {value.toLocaleString("en-GB")}
                </td>
              ))}
            </tr>
          </tfoot>
        </TableScroll>
      </details>
    </figure>
  );
}
