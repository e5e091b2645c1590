// Written with React.createElement: vitest.config.ts only collects *.test.ts files.
import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "~/components/charts/BarChart";
import { SeriesCharts } from "~/components/charts/SeriesCharts";
import { barChart, CHART_WIDTH, seriesCharts, stackedRowHeight } from "~/charts/charts.server";
import { yearBinWidth } from "~/charts/search-charts.server";
import { textWidth } from "~/lib/svg-text";
import { periodOf } from "~/models/user-admin.server";

const statuses = barChart({
  id: "chart-test",
  title: "Matches by EU regulatory status",
  description: "Three statuses.",
  unit: "records",
  unitOne: "record",
  category: "EU regulatory status",
  action: "Show only these",
  layout: "stacked",
  bars: [
    { key: "a", label: "Authorised", count: 1234, href: "/search?f=a" },
    {
      key: "b",
      label: "Authorised under exceptional circumstances",
      count: 56,
      href: "/search?f=b",
      applied: true,
    },
    { key: "c", label: "Refused", count: 0, href: null },
  ],
});

const years = barChart({
  id: "chart-years",
  title: "Matches by year",
  description: "Years.",
  unit: "records",
  unitOne: "record",
  category: "Year",
  action: "Show only these",
  layout: "side",
  bars: [
    { key: "2024", label: "2024", count: 7, href: "/search?y=2024" },
    { key: "2025", label: "2025", count: 0, href: null },
    { key: "2026", label: "2026", count: 3, href: "/search?y=2026", applied: true },
  ],
});

describe("bar chart geometry", () => {
  it("stacks rows as tall as their labels, without gaps or overlaps, inside the picture", () => {
    let top = 0;
    for (const row of statuses.rows) {
      expect(row.top).toBe(top);
      top += stackedRowHeight(row.lines.length);
    }
    expect(statuses.height).toBe(top);
    expect(statuses.rows[1].lines.length).toBe(2);
    expect(statuses.rows[1].lines.join(" ")).toBe(
      "Authorised under exceptional circumstances (applied)",
    );
    for (const row of [...statuses.rows, ...years.rows]) {
      // Bars in proportion, the count beside its bar and inside the picture.
      expect(row.countX + textWidth(row.drawnCount, 15, row.applied)).toBeLessThanOrEqual(
        CHART_WIDTH + 0.5,
      );
      for (const line of row.lines)
        expect(textWidth(line, 15, row.applied)).toBeLessThanOrEqual(CHART_WIDTH);
    }
    const [big, small, none] = statuses.rows;
    expect(small.barWidth / big.barWidth).toBeCloseTo(56 / 1234, 2);
    expect(none.barWidth).toBe(0);
  });

  it("keeps the histogram's years in a column of their own and says which years apply beside the count", () => {
    const [first, empty, applied] = years.rows;
    expect(first.barX).toBe(empty.barX);
    expect(first.labelAnchor).toBe("end");
    expect(first.labelX).toBeLessThan(first.barX);
    expect(empty.href).toBeNull();
    expect(applied.lines).toEqual(["2026"]);
    expect(applied.drawnCount).toBe("3 (applied)");
    // One bar style for every chart: a year's bar is as thick as a status's, as far apart.
    expect(first.barHeight).toBe(statuses.rows[0].barHeight);
    expect(years.height).toBe(3 * (first.barHeight + 12));
    for (const row of years.rows) {
      expect(row.barY).toBeGreaterThan(row.top);
      expect(row.barY + row.barHeight).toBeLessThan(row.top + years.height / 3);
    }
  });

  it("draws equal counts as equal bars in charts given one scale, and in proportion to it", () => {
    const chart = (id: string, counts: number[], scaleMax?: number) =>
      barChart({
        id,
        title: id,
        description: id,
        unit: "records",
        unitOne: "record",
        category: "Status",
        action: "Show only these",
        layout: "stacked",
        scaleMax,
        bars: counts.map((count, i) => ({
          key: `${id}${i}`,
          label: `Value ${i}`,
          count,
          href: null,
          applied: i === 1,
        })),
      });
    const eu = chart("eu", [144, 42], 144);
    const fda = chart("fda", [99, 42], 144);
    expect(fda.rows[1].barWidth).toBe(eu.rows[1].barWidth);
    expect(fda.rows[0].barWidth / eu.rows[0].barWidth).toBeCloseTo(99 / 144, 2);
    // On its own scale, the FDA chart's largest bar would be as long as the EU chart's.
    expect(chart("own", [99, 42]).rows[0].barWidth).toBeGreaterThan(fda.rows[0].barWidth);
  });

  it("gives the links laid over the picture the same share of its height as their rows (the charts stylesheet)", () => {
    const css = readFileSync("app/styles/components/charts.css", "utf8");
    for (const lines of [1, 2, 3]) {
      const rule = new RegExp(`\\.chart-link-lines-${lines} \\{\\s*flex-grow: (\\d+);`).exec(css);
      expect(Number(rule?.[1]), `${lines} line(s)`).toBe(stackedRowHeight(lines));
    }
  });

  it("bins a long span of years by 1, 2, 5, 10… into at most 20 bars", () => {
    expect(yearBinWidth(2010, 2029)).toBe(1);
    expect(yearBinWidth(2010, 2030)).toBe(2);
    expect(yearBinWidth(1990, 2030)).toBe(5);
    expect(yearBinWidth(1900, 2030)).toBe(10);
    expect(yearBinWidth(1000, 2030)).toBe(100);
  });
});

describe("the bar chart as HTML", () => {
  // Its links are Remix links: they need a router around them.
  const html = renderToStaticMarkup(
    createElement(StaticRouter, { location: "/" }, createElement(BarChart, { chart: statuses })),
  );

  it("is an image with a title and a description, and its bars are links named with their counts", () => {
    expect(html).toMatch(
      /<svg[^>]*role="img"[^>]*aria-labelledby="chart-test-svg-title chart-test-svg-desc"/,
    );
    expect(html).toContain('<title id="chart-test-svg-title">Matches by EU regulatory status');
    expect(html).toContain('<desc id="chart-test-svg-desc">Three statuses.');
    // No link inside the image: its content is presentational.
    const svg = /<svg[\s\S]*<\/svg>/.exec(html)?.[0] ?? "";
    expect(svg).not.toContain("<a ");
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)];
    expect(links.map((link) => link[1])).toEqual(["/search?f=a", "/search?f=b"]);
    expect(links[0][2]).toContain("Authorised: 1,234 records. Show only these");
    expect(links[1][2]).toContain(
      "Authorised under exceptional circumstances (applied): 56 records. Show only these",
    );
    // The empty value is still listed, without a link.
    expect(html).toContain("Refused: 0 records");
  });

  it("hatches the value in force through its fill, and has the data in a captioned table", () => {
    expect(html).toMatch(/class="chart-bar chart-bar-applied"[^>]*fill="url\(#chart-test-hatch\)"/);
    expect(html).toContain('<pattern id="chart-test-hatch"');
    expect(html).toMatch(/<caption[^>]*>Matches by EU regulatory status<\/caption>/);
    expect(html).toContain(
      '<th scope="row">Authorised under exceptional circumstances (applied)</th>',
    );
    expect(html).not.toContain("style=");
  });
});

describe("small multiples", () => {
  const periods = Array.from({ length: 5 }, (_, i) => ({
    short: `d${i}`,
    long: `on day ${i}`,
  }));
  const charts = seriesCharts(periods, [
    { key: "searches", title: "Searches", values: [0, 4, 2, 0, 9] },
    { key: "views", title: "Views", values: [0, 0, 0, 0, 0] },
  ]);

  it("draws one line per measure on its own scale, its largest value named", () => {
    const [searches, views] = charts;
    expect(searches.title).toBe("Searches: 15");
    expect(searches.description).toBe("15 in all; the most, 9, on day 4.");
    expect(searches.line).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){4}$/);
    expect(searches.points).toHaveLength(5);
    // The peak reaches the top of the plot or near it; zero sits on the baseline.
    expect(searches.points[0].y).toBe(searches.plot.bottom);
    expect(searches.yTicks[0]).toEqual({ y: searches.plot.bottom, text: "0" });
    expect(Number(searches.yTicks[1].text)).toBeGreaterThanOrEqual(9);
    expect(searches.xTicks.map((tick) => tick.text)).toEqual(["d0", "d2", "d4"]);
    expect(views.description).toBe("None in these 5 periods.");
  });

  it("says 'None' for a measure that is 0 throughout, with no flat line on an invented scale", () => {
    const views = charts[1];
    expect(views.empty).toBe("None in this range");
    expect(views.line).toBe("");
    expect(views.points).toEqual([]);
    expect(views.yTicks).toEqual([{ y: views.plot.bottom, text: "0" }]);
    expect(charts[0].empty).toBeNull();
  });

  it("draws a single period as one bar, not a line of one point", () => {
    const [one, none] = seriesCharts(
      [{ short: "2026", long: "in 2026" }],
      [
        { key: "searches", title: "Searches", values: [7] },
        { key: "views", title: "Views", values: [0] },
      ],
    );
    expect(one.line).toBe("");
    expect(one.area).toBe("");
    expect(one.bar).not.toBeNull();
    expect((one.bar?.y ?? 0) + (one.bar?.height ?? 0)).toBe(one.plot.bottom);
    expect(one.bar?.height).toBeGreaterThan(0);
    expect(one.xTicks).toEqual([expect.objectContaining({ text: "2026", anchor: "middle" })]);
    expect(none.bar).toBeNull();
    expect(none.empty).toBe("None in this range");
    expect(none.description).toBe("None in 2026.");
    expect(one.description).toBe("7 in all; the most, 7, in 2026.");
  });

  it("renders images with titles and a table whose totals add up", () => {
    const html = renderToStaticMarkup(
      createElement(SeriesCharts, {
        id: "chart-activity",
        title: "Activity per day",
        charts,
        table: {
          period: "Day",
          columns: ["Searches", "Views"],
          rows: periods.map((period, i) => ({
            key: period.short,
            period: period.short,
            dateTime: `2026-01-0${i + 1}`,
            values: [[0, 4, 2, 0, 9][i], 0],
          })),
          totals: [15, 0],
        },
      }),
    );
    expect(html.match(/role="img"/g)).toHaveLength(2);
    expect(html).toContain('<title id="chart-activity-searches-title">Searches: 15</title>');
    expect(html).toMatch(/<caption[^>]*>Activity per day<\/caption>/);
    expect(html).toContain('<time dateTime="2026-01-05">d4</time>');
  });
});

describe("the report's periods", () => {
  it("are days up to 62 days, weeks up to a year, months up to five years, else years", () => {
    expect(periodOf("2026-01-01", "2026-01-01")).toBe("day");
    expect(periodOf("2026-01-01", "2026-03-03")).toBe("day");
    expect(periodOf("2026-01-01", "2026-03-04")).toBe("week");
    expect(periodOf("2026-01-01", "2026-12-31")).toBe("week");
    expect(periodOf("2026-01-01", "2027-01-01")).toBe("week");
    expect(periodOf("2026-01-01", "2027-01-02")).toBe("month");
    expect(periodOf("2026-01-01", "2030-12-31")).toBe("month");
    expect(periodOf("2020-01-01", "2030-12-31")).toBe("year");
  });
});
