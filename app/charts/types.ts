/**
 * What the chart components draw: plain numbers and strings, worked out on the server
 * (app/charts/charts.server.ts, with d3-scale and d3-shape) and sent in the loader's data, so
 * that no charting library ships to the browser (docs/decisions/021-charts.md).
 * Every length is in viewBox units.
 */

/** One bar of a bar list: a value, its count, and the link that applies it. */
export interface BarRow {
  key: string;
  /** The label as drawn: wrapped to the chart's width. */
  lines: string[];
  /** The label in full, for the link and the table. */
  label: string;
  count: number;
  /** "532". */
  countText: string;
  /** The count as drawn ("532", or "532 (applied)" beside a short label). */
  drawnCount: string;
  /** Where the bar leads (applies the value); none for an empty bin. */
  href: string | null;
  /** The value is the one in force (drawn hatched, and said in words). */
  applied: boolean;
  top: number;
  barX: number;
  barY: number;
  barWidth: number;
  barHeight: number;
  /** Where the first label line's baseline is, and where the label starts or ends. */
  labelX: number;
  labelY: number;
  labelAnchor: "start" | "end";
  countX: number;
  countY: number;
}

export interface BarChartData {
  /** Unique on the page: ids of the SVG's title, description and patterns start with it. */
  id: string;
  title: string;
  /** Says what the picture shows in a sentence or two (the SVG's description). */
  description: string;
  /** "records", "records changed": what the counts are of, for link names and the table. */
  unit: string;
  /** The same of a count of 1: "record", "record changed". */
  unitOne: string;
  /** The table's first column heading. */
  category: string;
  /** How a link says what it does ("Show only these", "Run this search"). */
  action: string;
  /** Stacked: the label above its bar. Side: a short label (a year) to the left, bars touching (a histogram). */
  layout: "stacked" | "side";
  width: number;
  height: number;
  rows: BarRow[];
  /** Lines below the chart, with no bar of their own ("12 records have no EU event"). */
  notes: string[];
  /** A link to more values than the chart shows (a facet's "more" page). */
  more: { href: string; text: string } | null;
}

/** One measure of a small multiple: its line over the periods. */
export interface SeriesChart {
  key: string;
  title: string;
  description: string;
  total: number;
  max: number;
  width: number;
  height: number;
  /** d3-shape paths: the line and the area under it. */
  line: string;
  area: string;
  /** A single period's value, drawn as one bar instead of a line. */
  bar: { x: number; y: number; width: number; height: number } | null;
  /** Said in the plot instead of a line when every value is 0: "None in this range". */
  empty: string | null;
  points: Array<{ x: number; y: number }>;
  yTicks: Array<{ y: number; text: string }>;
  xTicks: Array<{ x: number; text: string; anchor: "start" | "middle" | "end" }>;
  plot: { left: number; right: number; top: number; bottom: number };
}

export interface SeriesTable {
  /** "Day", "Week starting", "Month", "Year". */
  period: string;
  columns: string[];
  rows: Array<{ key: string; period: string; dateTime: string; values: number[] }>;
  totals: number[];
}
