import { bitCount } from "./bitset";

/**
 * The product's rule for a record's EU regulatory events as the search page shows them: its
 * "next or last EU event" is the soonest event on or after today, or, when none is ahead, the
 * latest one before. The filter by that event's year and the chart of matches by year read it.
 * Days are numbers yyyymmdd (./days.ts).
 */

/** Matches by the year of their next or last EU event, and how many have none. */
export interface EventYearCounts {
  years: Array<{ year: number; count: number }>;
  /** Matches with no EU event at all. */
  none: number;
}

/** The day of the next event on or after `today`, else of the last one before; 0 for none. */
export function nextOrLastDay(eventDays: ArrayLike<number>, today: number) {
  let next = 0;
  let last = 0;
  for (let i = 0; i < eventDays.length; i++) {
    const day = eventDays[i];
    if (day >= today) {
      if (next === 0 || day < next) next = day;
    } else if (day > last) {
      last = day;
    }
  }
  return next || last;
}

/**
 * Counts the ordinals of the bitset `bits` by the year of their day in `dayOf` (0: no event),
 * years ascending. Days are yyyymmdd, so a year is at most 9999 and the counts fit one small
 * array: no map is touched per match, which at 100,000 matches was most of the chart's time.
 */
export function countByYear(dayOf: ArrayLike<number>, bits: Uint32Array): EventYearCounts {
  const byYear = new Int32Array(10_000);
  let none = 0;
  let low = byYear.length;
  let high = -1;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w];
    while (x !== 0) {
      const bit = x & -x;
      x ^= bit;
      const day = dayOf[(w << 5) + 31 - Math.clz32(bit)];
      if (day === 0) {
        none++;
        continue;
      }
      const year = (day / 10_000) | 0;
      byYear[year]++;
      if (year < low) low = year;
      if (year > high) high = year;
    }
  }
  const years: Array<{ year: number; count: number }> = [];
  for (let year = low; year <= high; year++)
    if (byYear[year] > 0) years.push({ year, count: byYear[year] });
  return { years, none };
}

/**
 * countByYear() over `bits`, a subset of `live`, given the counts over all of `live`: for a
 * set holding most of the catalogue, the catalogue's counts less those of the rest.
 */
export function countByYearWithin(
  dayOf: ArrayLike<number>,
  bits: Uint32Array,
  live: Uint32Array,
  catalogue: () => EventYearCounts,
): EventYearCounts {
  if (2 * bitCount(bits) <= bitCount(live)) return countByYear(dayOf, bits);
  const rest = new Uint32Array(bits.length);
  for (let w = 0; w < bits.length; w++) rest[w] = live[w] & ~bits[w];
  const left = countByYear(dayOf, rest);
  const all = catalogue();
  const minus = new Map(left.years.map(({ year, count }) => [year, count]));
  return {
    years: all.years
      .map(({ year, count }) => ({ year, count: count - (minus.get(year) ?? 0) }))
      .filter(({ count }) => count > 0),
    none: all.none - left.none,
  };
}

/** The date filter of the EU regulatory events: the one the next-or-last rule reads. */
export const EU_EVENT_DATES = "euEventDates";

/** What the rule reads of the index: each ordinal's days of a date filter. */
export interface DatedOrdinals {
  /** Ordinals given out so far. */
  readonly used: number;
  readonly dates: {
    /** Replaces `into` by the ordinal's days of one filter. */
    daysOf(ordinal: number, filterIndex: number, into: number[]): void;
  };
}

/** Per ordinal, the day of its next or last event of a date filter as seen on `today` (0: none). */
export function nextOrLastDays(index: DatedOrdinals, filterIndex: number, today: number) {
  const days = new Int32Array(index.used);
  const eventDays: number[] = [];
  for (let doc = 0; doc < index.used; doc++) {
    index.dates.daysOf(doc, filterIndex, eventDays);
    days[doc] = nextOrLastDay(eventDays, today);
  }
  return days;
}

/** The first and last day of the years [from, to] (an open end: null), as days compare. */
export function yearBounds(from: number | null, to: number | null) {
  return {
    low: from === null ? 1 : from * 10000 + 101,
    high: to === null ? Infinity : to * 10000 + 1231,
  };
}
