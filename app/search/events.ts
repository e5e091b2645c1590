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

/** Counts `docs` by the year of their day in `dayOf` (0: no event), years ascending. */
export function countByYear(dayOf: ArrayLike<number>, docs: Iterable<number>): EventYearCounts {
  const byYear = new Map<number, number>();
  let none = 0;
  for (const doc of docs) {
    const day = dayOf[doc];
    if (day === 0) {
      none++;
      continue;
    }
    const year = Math.floor(day / 10000);
    byYear.set(year, (byYear.get(year) ?? 0) + 1);
  }
  const years = [...byYear]
    .map(([year, count]) => ({ year, count }))
    .sort((a, b) => a.year - b.year);
  return { years, none };
}
