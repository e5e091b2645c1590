// Written with React.createElement: vitest.config.ts only collects *.test.ts files.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RegulatoryTimeline, type TimelineEvent } from "~/components/RegulatoryTimeline";

const events: TimelineEvent[] = [
  {
    agency: "FDA",
    event: "Accelerated approval",
    date: "2022-01-27",
    note: "Confirmatory trial required.",
  },
  { agency: "EMA", event: "Conditional marketing authorisation", date: "2022-03-30" },
  { agency: "FDA", event: "Breakthrough therapy designation", date: "2019-05-14" },
  { agency: "EMA", event: "Positive CHMP opinion", date: "2022-01-27" },
  { agency: "EMA", event: "PRIME eligibility granted", date: "2019-06-02" },
  { agency: "FDA", event: "Biologics licence application accepted", date: "2021-03-10" },
  { agency: "EMA", event: "Marketing authorisation application validated", date: "2021-03-03" },
  { agency: "EMA", event: "Extension of indication", date: "2025-10-12" },
];

const render = (list: TimelineEvent[], id?: string) =>
  renderToStaticMarkup(createElement(RegulatoryTimeline, { events: list, id }));

/** The text of each cell in each body row of the table. */
function bodyRows(html: string) {
  const tbody = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...tbody.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<(td|th)[^>]*>([\s\S]*?)<\/\1>/g)].map((cell) =>
      cell[2]
        .replace(/<svg[\s\S]*?<\/svg>/g, "")
        .replace(/<[^>]+>/g, "")
        .trim(),
    ),
  );
}

describe("RegulatoryTimeline", () => {
  const html = render(events);

  it("summarises the events in the figcaption", () => {
    expect(html).toContain(
      '<figcaption id="regulatory-timeline-caption" class="timeline-caption">' +
        "Regulatory timeline: 8 events (5 EMA, 3 FDA) from May 14th 2019 to Oct 12th 2025. " +
        "The same events are listed in the table of regulatory events.</figcaption>",
    );
  });

  it("gives the SVG role img, named by the figcaption", () => {
    const svg = /<svg class="timeline-svg"[^>]*>/.exec(html)?.[0] ?? "";
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="regulatory-timeline-caption"');
    expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('width="100%"');
    // One element with the caption's id, and it is the figcaption.
    expect(html.match(/id="regulatory-timeline-caption"/g)).toHaveLength(1);
  });

  it("draws EMA events as circles and FDA events as squares, with text labels", () => {
    const svg = /<svg class="timeline-svg"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
    expect(svg.match(/<circle class="timeline-marker timeline-marker-ema"/g)).toHaveLength(5);
    expect(svg.match(/<rect class="timeline-marker timeline-marker-fda"/g)).toHaveLength(3);
    expect(svg).toContain('<tspan class="timeline-label-agency">EMA: </tspan>');
    expect(svg).toContain('<tspan class="timeline-label-agency">FDA: </tspan>');
    for (const year of ["2019", "2021", "2022", "2025"]) expect(svg).toContain(`>${year}</text>`);
    expect(svg).toContain("No events in 2020");
    expect(svg).toContain("No events in 2023\u20132024");
    expect(svg).toContain("Oct 12th 2025");
    // The legend repeats the shapes beside text, hidden from assistive technology.
    expect(html).toMatch(
      /<svg class="timeline-icon"[^>]*aria-hidden="true"[\s\S]*?<\/svg> Circle: EMA/,
    );
    expect(html).toMatch(
      /<svg class="timeline-icon"[^>]*aria-hidden="true"[\s\S]*?<\/svg> Square: FDA/,
    );
  });

  it("lists one row per event, oldest first, EMA first on the same date", () => {
    expect(html).toContain(
      '<caption id="regulatory-timeline-table-caption">Regulatory events, oldest first</caption>',
    );
    expect(html).toContain(
      '<th scope="col">Date</th><th scope="col">Agency</th><th scope="col">Event</th><th scope="col">Note</th>',
    );
    expect(bodyRows(html)).toEqual([
      ["May 14th 2019", "FDA", "Breakthrough therapy designation", ""],
      ["Jun 2nd 2019", "EMA", "PRIME eligibility granted", ""],
      ["Mar 3rd 2021", "EMA", "Marketing authorisation application validated", ""],
      ["Mar 10th 2021", "FDA", "Biologics licence application accepted", ""],
      ["Jan 27th 2022", "EMA", "Positive CHMP opinion", ""],
      ["Jan 27th 2022", "FDA", "Accelerated approval", "Confirmatory trial required."],
      ["Mar 30th 2022", "EMA", "Conditional marketing authorisation", ""],
      ["Oct 12th 2025", "EMA", "Extension of indication", ""],
    ]);
    expect(html).toMatch(/<time datetime="2019-05-14">May 14th 2019<\/time>/i);
    expect(html.match(/<th scope="row"/g)).toHaveLength(8);
  });

  it("leaves out the Note column when no event has a note", () => {
    const plain = render(events.map(({ note: _note, ...event }) => event));
    expect(plain).not.toContain(">Note</th>");
    expect(bodyRows(plain)[0]).toEqual([
      "May 14th 2019",
      "FDA",
      "Breakthrough therapy designation",
    ]);
  });

  it("derives its ids from the id prop, so two timelines don't clash", () => {
    const one = render(events.slice(0, 2), "product-1");
    const two = render(events.slice(2, 4), "product-2");
    expect(one).toContain('aria-labelledby="product-1-caption"');
    expect(two).toContain('id="product-2-caption"');
    const ids = (markup: string) => [...markup.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    const all = [...ids(one), ...ids(two)];
    expect(new Set(all).size).toBe(all.length);
  });

  it("needs no script or inline style (the CSP allows neither)", () => {
    expect(html).not.toMatch(/<script|style="|\son[a-z]+=/i);
    expect(html).not.toMatch(/#[0-9a-f]{3,6}\b/i);
  });

  it("summarises a single event by its date", () => {
    expect(render([events[0]])).toContain(
      "Regulatory timeline: 1 event (1 FDA) on Jan 27th 2022. The same events are listed in the table of regulatory events.",
    );
  });

  it("shows the events dated after today as expected, by text as well as by a dashed hollow marker", () => {
    const today = "2025-06-01";
    const expected = renderToStaticMarkup(
      createElement(RegulatoryTimeline, {
        events: [
          ...events,
          { agency: "FDA", event: "PDUFA date", date: "2025-09-15" },
          { agency: "EMA", event: "EC decision", date: "2025-06-01" },
        ],
        today,
      }),
    );
    // The Extension of indication (Oct 12th 2025) and the PDUFA date; not the decision dated today.
    expect(expected).toContain("2 are expected, dated after Jun 1st 2025.");
    const svg = /<svg class="timeline-svg"[\s\S]*?<\/svg>/.exec(expected)?.[0] ?? "";
    expect(svg.match(/timeline-marker-expected/g)).toHaveLength(2);
    expect(svg).toContain(
      '<circle class="timeline-marker timeline-marker-ema timeline-marker-expected"',
    );
    expect(svg).toContain(
      '<rect class="timeline-marker timeline-marker-fda timeline-marker-expected"',
    );
    expect(svg).toContain(">Sep 15th 2025 (expected)</text>");
    expect(svg).toContain(">Jun 1st 2025</text>");
    const rows = bodyRows(expected);
    expect(rows.slice(-3).map((row) => row.slice(0, 3))).toEqual([
      ["Jun 1st 2025", "EMA", "EC decision"],
      ["Sep 15th 2025 (expected)", "FDA", "PDUFA date"],
      ["Oct 12th 2025 (expected)", "EMA", "Extension of indication"],
    ]);
    expect(expected).toContain("Dashed outline: expected, dated after Jun 1st 2025");
    // Without today, or with nothing after it, nothing is expected.
    for (const markup of [html, render(events.slice(0, 7))]) expect(markup).not.toMatch(/expected/);
    expect(
      renderToStaticMarkup(createElement(RegulatoryTimeline, { events, today: "2026-01-01" })),
    ).not.toMatch(/expected/);
  });

  it("says so, and nothing else, when there are no events", () => {
    expect(render([])).toBe('<p class="timeline-empty">No EMA or FDA events are recorded.</p>');
  });
});
