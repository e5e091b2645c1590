import { TableScroll } from "~/components/TableScroll";
import type { ReactNode } from "react";
import { formatDate } from "~/lib/dates";
import { FieldLabel } from "./record/glossary";
import { withContentKeys } from "~/lib/keys";
import { textWidth, wrapText } from "~/lib/svg-text";

/**
 * A server-rendered regulatory timeline: a captioned SVG chart plus a table of the same
 * events. It needs no client JavaScript and no inline styles (the CSP has no
 * 'unsafe-inline'); colours come from classes in ~/styles/components/timeline.css.
 *
 * Layout: a vertical time axis (oldest at the top, years on the left) with the event
 * labels to its right. Time runs down the page, so on a 320 px phone the labels get
 * almost the full width and wrap onto extra lines instead of overlapping. Each year is a
 * band that grows to fit its labels (a run of years without events shrinks to one short
 * "No events in …" band), so every label sits beside its own year; inside a year, dates
 * are placed in proportion, labels for close dates are stacked, and a leader joins each
 * label to its date's notch on the axis. Agencies differ by marker shape (EMA circle,
 * FDA square) and an "EMA:"/"FDA:" prefix as well as colour.
 *
 * Given `today`, an event dated after it is expected, not yet happened (an expected CHMP
 * opinion, a PDUFA date): its marker is hollow with a dashed outline and its date says
 * "expected", in the chart and in the table, so that it is told apart by text as well.
 */

export interface TimelineEvent {
  agency: "EMA" | "FDA";
  event: string;
  /** YYYY-MM-DD */
  date: string;
  note?: string;
}

const AGENCY_ORDER: Record<TimelineEvent["agency"], number> = { EMA: 0, FDA: 1 };

const AGENCY_NAMES: Record<TimelineEvent["agency"], string> = {
  EMA: "European Medicines Agency",
  FDA: "US Food and Drug Administration",
};

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds since the epoch for a valid YYYY-MM-DD date (UTC), else null. */
function parseDate(value: string): number | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  ) {
    return null;
  }
  return time;
}

interface SortedEvent extends TimelineEvent {
  time: number | null;
  /** Dated after today: still to come. */
  expected?: boolean;
}

/** An event's identity in lists (the same event twice is numbered by withContentKeys). */
function eventKey(event: TimelineEvent): string {
  return `${event.date} ${event.agency} ${event.event} ${event.note ?? ""}`;
}

/** Oldest first; on the same date EMA before FDA; otherwise the order given. Unreadable dates go last. */
export function sortTimelineEvents(events: TimelineEvent[]): SortedEvent[] {
  return events
    .map((event, index) => ({ ...event, time: parseDate(event.date), index }))
    .sort((a, b) => {
      if (a.time === null || b.time === null) {
        if (a.time !== b.time) return a.time === null ? 1 : -1;
      } else if (a.time !== b.time) {
        return a.time - b.time;
      }
      return AGENCY_ORDER[a.agency] - AGENCY_ORDER[b.agency] || a.index - b.index;
    })
    .map(({ index: _index, ...event }) => event);
}

function displayDate(event: SortedEvent) {
  return event.time === null ? event.date : formatDate(event.date);
}

/** Marks the events dated after `today` (YYYY-MM-DD) as expected; none without it. */
function markExpected(events: SortedEvent[], today: string | undefined): SortedEvent[] {
  const now = today === undefined ? null : parseDate(today);
  if (now === null) return events;
  return events.map((event) =>
    event.time !== null && event.time > now ? { ...event, expected: true } : event,
  );
}

/** What an expected event's date says after it. */
const EXPECTED = "(expected)";

/* ---------------------------------------------------------------- geometry ---- */

// Everything is in viewBox units. The viewBox is about as wide as the narrowest
// screen the chart is drawn on, so the text shrinks little there; CSS caps the width
// so it doesn't grow too large on desktops.
const VIEW_WIDTH = 320;
const PAD_TOP = 14;
const PAD_BOTTOM = 14;
const YEAR_TEXT_X = 40; // right edge of the year labels
const AXIS_X = 52;
const TICK_HALF = 6; // year ticks cross the axis
const NOTCH_END = 60; // an event's notch on the axis runs from AXIS_X to here
const NOTCH_CLEAR = 8; // the least distance from a notch to its year's ticks
const LEADER_BEND = 66; // the leader leaves the notch horizontally up to here…
const LEADER_END = 80; // …then slants to the label's row
const MARKER_X = 88; // centre of the agency marker
const MARKER_SIZE = 12;
const TEXT_X = 100;
const TEXT_WIDTH = VIEW_WIDTH - TEXT_X - 2;
const LABEL_FONT = 15;
const LABEL_LINE = 19;
const DATE_FONT = 14;
const DATE_LINE = 18;
const YEAR_FONT = 14;
const LABEL_GAP = 10; // between stacked labels

interface Block {
  event: SortedEvent & { time: number };
  lines: string[];
  height: number;
}

interface PlacedLabel extends Block {
  /** Where the event's date falls on the axis. */
  axisY: number;
  /** Top of the label block (its first line is centred on axisY when there is room). */
  top: number;
}

interface Band {
  /** First year of the band; a band of years without events may span several. */
  from: number;
  to: number;
  top: number;
  height: number;
  empty: boolean;
}

/**
 * Place label blocks, in order, as near as possible to their wanted tops without
 * overlapping and within [minTop, maxBottom]: overlapping neighbours are merged into a
 * stack centred on the mean of their wanted positions, repeatedly. The caller makes sure
 * the blocks fit.
 */
function placeLabels(
  wanted: number[],
  heights: number[],
  minTop: number,
  maxBottom: number,
): number[] {
  interface Stack {
    first: number;
    last: number;
    top: number;
    height: number;
  }
  const clampTop = (top: number, height: number) =>
    Math.max(minTop, Math.min(top, maxBottom - height));
  const stacks: Stack[] = [];
  const offsets: number[] = []; // of each label inside its stack
  wanted.forEach((want, i) => {
    let stack: Stack = { first: i, last: i, top: clampTop(want, heights[i]), height: heights[i] };
    offsets[i] = 0;
    for (;;) {
      const previous = stacks[stacks.length - 1];
      if (!previous || previous.top + previous.height + LABEL_GAP <= stack.top + 0.01) break;
      stacks.pop();
      const shift = previous.height + LABEL_GAP;
      for (let j = stack.first; j <= stack.last; j++) offsets[j] += shift;
      const height = previous.height + LABEL_GAP + stack.height;
      let sum = 0;
      for (let j = previous.first; j <= stack.last; j++) sum += wanted[j] - offsets[j];
      const mean = sum / (stack.last - previous.first + 1);
      stack = { first: previous.first, last: stack.last, top: clampTop(mean, height), height };
    }
    stacks.push(stack);
  });
  const tops: number[] = [];
  for (const stack of stacks) {
    for (let j = stack.first; j <= stack.last; j++) tops[j] = stack.top + offsets[j];
  }
  return tops;
}

const MIN_YEAR_HEIGHT = 64; // a year with events
const EMPTY_BAND_HEIGHT = 40; // a run of years without events
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The axis is drawn as a band per year. Each year with events is at least
 * MIN_YEAR_HEIGHT tall and grows to fit its labels, so every label stays beside its own
 * year; inside a year, dates are placed in proportion. A run of years without events
 * shrinks to one short band that says so.
 */
function layout(events: SortedEvent[]) {
  const dated = events.filter(
    (event): event is SortedEvent & { time: number } => event.time !== null,
  );
  const prefixWidth = (agency: string) => textWidth(`${agency}: `, LABEL_FONT, true);
  const blocks: Block[] = dated.map((event) => {
    const lines = wrapText(event.event, TEXT_WIDTH, LABEL_FONT, prefixWidth(event.agency));
    return { event, lines, height: lines.length * LABEL_LINE + DATE_LINE };
  });
  const yearOf = (time: number) => new Date(time).getUTCFullYear();
  const firstYear = yearOf(dated[0].time);
  const lastYear = yearOf(dated[dated.length - 1].time);

  const bands: Band[] = [];
  const labels: PlacedLabel[] = [];
  let y = PAD_TOP;
  for (let year = firstYear; year <= lastYear; year++) {
    const inYear = blocks.filter((block) => yearOf(block.event.time) === year);
    if (inYear.length === 0) {
      const previous = bands[bands.length - 1];
      if (previous?.empty) {
        previous.to = year;
      } else {
        bands.push({ from: year, to: year, top: y, height: EMPTY_BAND_HEIGHT, empty: true });
        y += EMPTY_BAND_HEIGHT;
      }
      continue;
    }
    const needed = inYear.reduce((sum, block) => sum + block.height + LABEL_GAP, 0);
    const height = Math.max(MIN_YEAR_HEIGHT, needed);
    const start = Date.UTC(year, 0, 1);
    const length = (isLeapYear(year) ? 366 : 365) * DAY_MS;
    // A notch keeps NOTCH_CLEAR from its year's ticks: an event in late December drew its notch
    // 2 px from the next year's tick, and the two read as one doubled tick. Its label gives the
    // exact date.
    const axisYs = inYear.map((block) =>
      Math.min(
        y + height - NOTCH_CLEAR,
        Math.max(y + NOTCH_CLEAR, y + ((block.event.time - start) / length) * height),
      ),
    );
    // The first text line is centred on the point it labels, when there is room.
    const tops = placeLabels(
      axisYs.map((axisY) => axisY - LABEL_LINE / 2),
      inYear.map((block) => block.height),
      y + LABEL_GAP / 2,
      y + height - LABEL_GAP / 2,
    );
    for (const [i, block] of inYear.entries()) {
      labels.push({ ...block, axisY: axisYs[i], top: tops[i] });
    }
    bands.push({ from: year, to: year, top: y, height, empty: false });
    y += height;
  }
  return { bands, labels, axisEnd: y, height: Math.ceil(y + PAD_BOTTOM) };
}

/* ------------------------------------------------------------------ markers ---- */

function Marker({
  agency,
  x,
  y,
  size,
  expected = false,
}: {
  agency: TimelineEvent["agency"];
  x: number;
  y: number;
  size: number;
  expected?: boolean;
}) {
  const className = `timeline-marker timeline-marker-${agency.toLowerCase()}${
    expected ? " timeline-marker-expected" : ""
  }`;
  return agency === "EMA" ? (
    <circle className={className} cx={x} cy={y} r={size / 2} />
  ) : (
    <rect
      className={className}
      x={x - size / 2 + 0.5}
      y={y - size / 2 + 0.5}
      width={size - 1}
      height={size - 1}
    />
  );
}

/** A small marker to sit beside text in the legend and the table; decorative. */
function MarkerIcon({
  agency,
  expected = false,
}: {
  agency: TimelineEvent["agency"];
  expected?: boolean;
}) {
  return (
    <svg
      className="timeline-icon"
      viewBox="0 0 14 14"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <Marker agency={agency} x={7} y={7} size={12} expected={expected} />
    </svg>
  );
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Text for a table cell with a break opportunity every few characters inside very long
 * words (URLs, chemical names), so one word can't make the table wider than a phone.
 */
function breakable(text: string): ReactNode {
  if (!/\S{19}/.test(text)) return text;
  const parts: ReactNode[] = [];
  let at = 0; // where the next chunk starts in the text: each <wbr>'s key
  for (const word of text.split(/(\s+)/)) {
    const chunks = word.length < 19 ? [word] : (word.match(/.{1,12}/gu) ?? []);
    for (const [j, chunk] of chunks.entries()) {
      if (j > 0) parts.push(<wbr key={at} />);
      parts.push(chunk);
      at += chunk.length;
    }
  }
  return parts;
}

/* ---------------------------------------------------------------- component ---- */

export function RegulatoryTimeline({
  events,
  id = "regulatory-timeline",
  today,
}: {
  events: TimelineEvent[];
  id?: string;
  /** YYYY-MM-DD: the events dated after it are shown as expected. */
  today?: string;
}) {
  if (events.length === 0) {
    return <p className="timeline-empty">No EMA or FDA events are recorded.</p>;
  }

  const sorted = markExpected(sortTimelineEvents(events), today);
  const dated = sorted.filter((event) => event.time !== null);
  const captionId = `${id}-caption`;
  const hasNotes = sorted.some((event) => event.note?.trim());

  const chart = dated.length > 0 ? layout(sorted) : null;

  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const byAgency = (["EMA", "FDA"] as const)
    .map((agency) => [agency, sorted.filter((event) => event.agency === agency).length] as const)
    .filter(([, n]) => n > 0)
    .map(([agency, n]) => `${n} ${agency}`)
    .join(", ");
  let range = "";
  if (dated.length > 0) {
    const first = formatDate(dated[0].date);
    const last = formatDate(dated[dated.length - 1].date);
    range = first === last ? ` on ${first}` : ` from ${first} to ${last}`;
  }
  const undated = sorted.length - dated.length;
  const expected = sorted.filter((event) => event.expected).length;
  const summary = [
    `Regulatory timeline: ${plural(sorted.length, "event")} (${byAgency})${range}.`,
    expected > 0 && today
      ? `${expected === 1 ? "One is" : `${expected} are`} expected, dated after ${formatDate(today)}.`
      : "",
    undated > 0
      ? `${plural(undated, "event")} without a valid date ${undated === 1 ? "is" : "are"} not drawn.`
      : "",
    `The same events are listed in the table of regulatory events.`,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="timeline" id={id}>
      {chart && (
        <figure className="timeline-figure">
          <figcaption id={captionId} className="timeline-caption">
            {summary}
          </figcaption>
          <ul className="timeline-legend">
            <li>
              <MarkerIcon agency="EMA" /> Circle: EMA ({AGENCY_NAMES.EMA})
            </li>
            <li>
              <MarkerIcon agency="FDA" /> Square: FDA ({AGENCY_NAMES.FDA})
            </li>
            {expected > 0 && today ? (
              <li>
                <MarkerIcon agency="EMA" expected /> <MarkerIcon agency="FDA" expected /> Dashed
                outline: expected, dated after {formatDate(today)}
              </li>
            ) : null}
          </ul>
          {/* biome-ignore lint/a11y/noSvgWithoutTitle: aria-labelledby names it (the caption); the rule only reads literal ids. */}
          <svg
            className="timeline-svg"
            role="img"
            aria-labelledby={captionId}
            focusable="false"
            viewBox={`0 0 ${VIEW_WIDTH} ${chart.height}`}
            width="100%"
            preserveAspectRatio="xMinYMin meet"
          >
            {chart.bands.map((band, i) => (
              <g
                key={band.from}
                className={band.empty ? "timeline-band timeline-band-empty" : "timeline-band"}
              >
                {i % 2 === 1 && (
                  <rect
                    className="timeline-band-shade"
                    x={0}
                    y={round(band.top)}
                    width={VIEW_WIDTH}
                    height={round(band.height)}
                  />
                )}
                <line
                  className={
                    band.empty ? "timeline-axis-line timeline-axis-gap" : "timeline-axis-line"
                  }
                  x1={AXIS_X}
                  y1={round(band.top)}
                  x2={AXIS_X}
                  y2={round(band.top + band.height)}
                />
                <line
                  className="timeline-tick"
                  x1={AXIS_X - TICK_HALF}
                  y1={round(band.top)}
                  x2={AXIS_X + TICK_HALF}
                  y2={round(band.top)}
                />
                <text
                  className="timeline-year"
                  x={YEAR_TEXT_X}
                  y={round(band.top + 3)}
                  dy="1em"
                  textAnchor="end"
                  fontSize={YEAR_FONT}
                >
                  {band.from}
                </text>
                {band.empty && (
                  <text
                    className="timeline-gap-note"
                    x={TEXT_X}
                    y={round(band.top + band.height / 2)}
                    dy="0.35em"
                    fontSize={DATE_FONT}
                  >
                    {band.to === band.from
                      ? `No events in ${band.from}`
                      : `No events in ${band.from}\u2013${band.to}`}
                  </text>
                )}
              </g>
            ))}
            <line
              className="timeline-tick"
              x1={AXIS_X - TICK_HALF}
              y1={round(chart.axisEnd)}
              x2={AXIS_X + TICK_HALF}
              y2={round(chart.axisEnd)}
            />
            {withContentKeys(chart.labels, (label) => eventKey(label.event)).map(
              ({ key, item: label }) => {
                const rowY = round(label.top + LABEL_LINE / 2);
                const axisY = round(label.axisY);
                const agencyClass = `timeline-event-${label.event.agency.toLowerCase()}`;
                return (
                  <g key={key} className={`timeline-event ${agencyClass}`}>
                    <polyline
                      className="timeline-leader"
                      points={`${AXIS_X},${axisY} ${NOTCH_END},${axisY} ${LEADER_BEND},${axisY} ${LEADER_END},${rowY} ${
                        MARKER_X - MARKER_SIZE / 2 - 1
                      },${rowY}`}
                    />
                    <line
                      className="timeline-notch"
                      x1={AXIS_X - 3}
                      y1={axisY}
                      x2={NOTCH_END}
                      y2={axisY}
                    />
                    <Marker
                      agency={label.event.agency}
                      x={MARKER_X}
                      y={rowY}
                      size={MARKER_SIZE}
                      expected={label.event.expected}
                    />
                    <text
                      className="timeline-label"
                      x={TEXT_X}
                      y={round(label.top)}
                      fontSize={LABEL_FONT}
                    >
                      {withContentKeys(label.lines, (line) => line).map(
                        ({ key, item: line }, n) => (
                          <tspan
                            key={key}
                            x={n === 0 ? undefined : TEXT_X}
                            dy={n === 0 ? "1em" : LABEL_LINE}
                          >
                            {n === 0 && (
                              <tspan className="timeline-label-agency">
                                {label.event.agency}:{" "}
                              </tspan>
                            )}
                            {line}
                          </tspan>
                        ),
                      )}
                    </text>
                    <text
                      className={
                        label.event.expected
                          ? "timeline-date timeline-date-expected"
                          : "timeline-date"
                      }
                      x={TEXT_X}
                      y={round(label.top + label.lines.length * LABEL_LINE)}
                      dy="1em"
                      fontSize={DATE_FONT}
                    >
                      {label.event.expected
                        ? `${displayDate(label.event)} ${EXPECTED}`
                        : displayDate(label.event)}
                    </text>
                  </g>
                );
              },
            )}
          </svg>
        </figure>
      )}
      <TableScroll
        className="timeline-table"
        id={`${id}-table`}
        caption="Regulatory events, oldest first"
      >
        <thead>
          <tr>
            <th scope="col">
              <FieldLabel label="Date" />
            </th>
            <th scope="col">
              <FieldLabel label="Agency" />
            </th>
            <th scope="col">
              <FieldLabel label="Event" />
            </th>
            {hasNotes && (
              <th scope="col">
                <FieldLabel label="Note" />
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {withContentKeys(sorted, eventKey).map(({ key, item: event }) => (
            <tr key={key} className={`timeline-row timeline-row-${event.agency.toLowerCase()}`}>
              <td className="timeline-cell-date">
                {event.time === null ? (
                  event.date
                ) : (
                  <time dateTime={event.date}>{displayDate(event)}</time>
                )}
                {event.expected ? (
                  <>
                    {" "}
                    <span className="timeline-expected">{EXPECTED}</span>
                  </>
                ) : null}
              </td>
              <td className="timeline-cell-agency">
                <MarkerIcon agency={event.agency} expected={event.expected} /> {event.agency}
              </td>
              <th scope="row" className="timeline-cell-event">
                {breakable(event.event)}
              </th>
              {hasNotes && (
                <td className="timeline-cell-note">{breakable(event.note?.trim() ?? "")}</td>
              )}
            </tr>
          ))}
        </tbody>
      </TableScroll>
    </div>
  );
}
