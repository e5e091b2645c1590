import { scaleBand, scaleLinear } from "d3-scale";
import { area, line } from "d3-shape";
import type { BarChartData, BarRow, SeriesChart } from "~/charts/types";
import { textWidth, wrapText } from "~/lib/svg-text";

/**
 * The geometry of the charts (docs/decisions/021-charts.md), worked out on the server with
 * d3-scale and d3-shape; the components in app/components/charts only draw what this returns.
 *
 * The viewBox is 280 units wide, about the width a chart gets on a 320 px screen, so its text
 * (15 units) stays near 14 px there; the stylesheet caps how wide a chart grows, and with it
 * its text. Time runs down the page in the year histogram, as in the regulatory timeline, so
 * the labels get the width on a phone.
 */

export const CHART_WIDTH = 280;
const LABEL_FONT = 15;
const LINE = 19;
const COUNT_FONT = 15;
const MAX_LINES = 3;
const BAR_HEIGHT = 16;
const ROW_GAP = 12;
/** A side row: the same bar as a stacked row's, with the same gap under it. */
const SIDE_ROW = BAR_HEIGHT + ROW_GAP;

export interface BarInput {
  key: string;
  label: string;
  count: number;
  href: string | null;
  applied?: boolean;
}

export interface BarChartInput {
  id: string;
  title: string;
  description: string;
  unit: string;
  unitOne: string;
  category: string;
  action: string;
  layout: BarChartData["layout"];
  bars: BarInput[];
  notes?: string[];
  more?: BarChartData["more"];
  /**
   * The count a full-length bar stands for, where charts drawn side by side are to be compared
   * bar for bar (the EU and FDA statuses): give each the largest count of them all. Without
   * it, the chart's own largest count.
   */
  scaleMax?: number;
}

const number = (n: number) => n.toLocaleString("en-GB");
const round = (n: number) => Math.round(n * 10) / 10;

/** Wraps a label to at most MAX_LINES lines, the last cut short with an ellipsis if need be. */
function labelLines(text: string, width: number, bold: boolean) {
  // wrapText measures regular text: bold is 15% wider.
  if (bold) width /= 1.15;
  const lines = wrapText(text, width, LABEL_FONT);
  if (lines.length <= MAX_LINES) return lines;
  const kept = lines.slice(0, MAX_LINES);
  let last = `${kept[MAX_LINES - 1]} ${lines.slice(MAX_LINES).join(" ")}`;
  while (last.length > 1 && textWidth(`${last}…`, LABEL_FONT) > width) last = last.slice(0, -1);
  kept[MAX_LINES - 1] = `${last.trimEnd()}…`;
  return kept;
}

/**
 * The height of a stacked row with a label of 1, 2 or 3 lines. The links laid over the picture
 * (app/components/charts/BarChart.tsx) share its height in these proportions (flex-grow in
 * ~/styles/components/charts.css, .chart-link-lines-N): change both together.
 */
export const stackedRowHeight = (lines: number) => 4 + lines * LINE + 4 + BAR_HEIGHT + ROW_GAP;

/**
 * A list of horizontal bars, one row per value, every bar drawn alike (BAR_HEIGHT, ROW_GAP
 * apart, no track or axis): a stacked row with its label above the bar, as tall as the label
 * needs (stackedRowHeight); a side row (the years') with its short label to the left.
 */
export function barChart(input: BarChartInput): BarChartData {
  const { bars } = input;
  const side = input.layout === "side";
  const counts = bars.map((bar) => number(bar.count));
  // A value in force says so in words: after its label in a stacked row, after its count
  // beside a short (year) label, which keeps the label column narrow.
  const drawnCounts = bars.map((bar, i) =>
    side && bar.applied ? `${counts[i]} (applied)` : counts[i],
  );
  const max = Math.max(1, input.scaleMax ?? 0, ...bars.map((bar) => bar.count));
  // Room for the widest count, and for the shared largest one (bold: a value in force), so
  // that charts on one scale give their bars the same length to grow in.
  const countSpace =
    Math.max(
      input.scaleMax === undefined ? 0 : textWidth(number(max), COUNT_FONT, true),
      ...drawnCounts.map((text, i) => textWidth(text, COUNT_FONT, bars[i].applied === true)),
    ) + 8;
  const shown = bars.map((bar) => (bar.applied && !side ? `${bar.label} (applied)` : bar.label));

  const labelColumn = side
    ? Math.ceil(
        Math.max(
          36,
          ...shown.map((text, i) => textWidth(text, LABEL_FONT, bars[i].applied === true)),
        ) + 10,
      )
    : 0;
  const lines = shown.map((text, i) =>
    side ? [text] : labelLines(text, CHART_WIDTH - 4, bars[i].applied === true),
  );
  const heights = lines.map((each) => (side ? SIDE_ROW : stackedRowHeight(each.length)));
  const tops: number[] = [];
  let height = 0;
  for (const rowHeight of heights) {
    tops.push(height);
    height += rowHeight;
  }
  // The histogram's rows are one band each, in order (d3's band scale); stacked rows stack.
  const band = scaleBand<string>()
    .domain(bars.map((bar) => bar.key))
    .range([0, bars.length * SIDE_ROW]);
  const length = scaleLinear()
    .domain([0, max])
    .range([0, CHART_WIDTH - labelColumn - countSpace]);

  const rows: BarRow[] = bars.map((bar, i) => {
    const top = side ? (band(bar.key) ?? tops[i]) : tops[i];
    // A count above zero always shows a sliver of bar.
    const barWidth = bar.count > 0 ? Math.max(2, length(bar.count)) : 0;
    const barY = side ? top + ROW_GAP / 2 : top + 4 + lines[i].length * LINE + 4;
    const barHeight = BAR_HEIGHT;
    return {
      key: bar.key,
      lines: lines[i],
      label: bar.label,
      count: bar.count,
      countText: counts[i],
      drawnCount: drawnCounts[i],
      href: bar.href,
      applied: bar.applied === true,
      top: round(top),
      barX: labelColumn,
      barY: round(barY),
      barWidth: round(barWidth),
      barHeight,
      labelX: side ? labelColumn - 6 : 0,
      // Beside its bar, a side label sits on the bar's middle as the count does.
      labelY: round(side ? barY + BAR_HEIGHT / 2 + LABEL_FONT * 0.35 : top + 4 + LABEL_FONT),
      labelAnchor: side ? "end" : "start",
      countX: round(labelColumn + barWidth + 5),
      countY: round(barY + barHeight / 2 + COUNT_FONT * 0.35),
    };
  });
  return {
    id: input.id,
    title: input.title,
    description: input.description,
    unit: input.unit,
    unitOne: input.unitOne,
    category: input.category,
    action: input.action,
    layout: input.layout,
    width: CHART_WIDTH,
    height: Math.max(height, 1),
    rows,
    notes: input.notes ?? [],
    more: input.more ?? null,
  };
}

export interface SeriesInput {
  key: string;
  title: string;
  values: number[];
}

const SERIES_HEIGHT = 132;
const SINGLE_BAR = 48;
const PLOT = { left: 40, right: CHART_WIDTH - 14, top: 34, bottom: 104 };

/**
 * Small multiples: one line chart per measure over the same periods, each with its own scale
 * (its largest value is labelled), its name drawn above it, and the first, middle and last
 * periods named below.
 */
export function seriesCharts(
  periods: Array<{ short: string; long: string }>,
  measures: SeriesInput[],
): SeriesChart[] {
  const n = periods.length;
  const x = scaleLinear()
    .domain([0, Math.max(1, n - 1)])
    .range(n === 1 ? [(PLOT.left + PLOT.right) / 2, 0] : [PLOT.left, PLOT.right]);
  const tickAt = [...new Set([0, Math.floor((n - 1) / 2), n - 1])].filter((i) => i >= 0);
  return measures.map((measure) => {
    const total = measure.values.reduce((sum, value) => sum + value, 0);
    const max = Math.max(0, ...measure.values);
    const y = scaleLinear()
      .domain([0, Math.max(1, max)])
      .nice(3)
      .range([PLOT.bottom, PLOT.top]);
    const top = y.domain()[1];
    const points = measure.values.map((value, i) => ({ x: round(x(i)), y: round(y(value)) }));
    const path = line<{ x: number; y: number }>()
      .x((point) => point.x)
      .y((point) => point.y);
    const under = area<{ x: number; y: number }>()
      .x((point) => point.x)
      .y0(PLOT.bottom)
      .y1((point) => point.y);
    const peak = measure.values.indexOf(max);
    // Nothing to draw is said in words: a flat line on an invented scale of 1 looked like data.
    const empty = total === 0;
    // One period is one value: a bar, where a line of one point drew nothing and its area a
    // sliver.
    const bar =
      n === 1 && !empty
        ? {
            x: round(x(0) - SINGLE_BAR / 2),
            y: points[0].y,
            width: SINGLE_BAR,
            height: round(PLOT.bottom - points[0].y),
          }
        : null;
    const description =
      total === 0
        ? n === 1
          ? `None ${periods[0].long}.`
          : `None in these ${n} periods.`
        : `${number(total)} in all; the most, ${number(max)}, ${periods[peak].long}.`;
    return {
      key: measure.key,
      title: `${measure.title}: ${number(total)}`,
      description,
      total,
      max,
      width: CHART_WIDTH,
      height: SERIES_HEIGHT,
      line: empty || bar ? "" : (path(points) ?? ""),
      area: empty || bar ? "" : (under(points) ?? ""),
      bar,
      empty: empty ? "None in this range" : null,
      // A dot per period while they stay apart (a month of days); a line alone beyond that.
      points: empty || bar || n > 62 ? [] : points,
      yTicks: (empty ? [0] : [0, top]).map((value) => ({
        y: round(y(value)),
        text: number(value),
      })),
      xTicks: tickAt.map((i, k) => ({
        x: round(x(i)),
        text: periods[i].short,
        anchor: n === 1 ? "middle" : k === 0 ? "start" : k === tickAt.length - 1 ? "end" : "middle",
      })),
      plot: PLOT,
    };
  });
}
