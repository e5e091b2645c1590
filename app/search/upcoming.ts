import { dayNumber, dayText } from "./days";
import { filterIndexOf } from "./filters";
import { lowerBound } from "./sorted";
import type { IndexStore } from "./store";

/** A dated event of a record, as the date filters hold it (the home page's upcoming dates). */
export interface UpcomingDate {
  recordId: number;
  /** The date filter it belongs to ("euEventDates", "fdaEventDates"). */
  filterId: string;
  eventName: string;
  /** YYYY-MM-DD */
  date: string;
}

/**
 * The soonest dates of the given date filters from `from` (YYYY-MM-DD) on, at most `limit`,
 * in order of day, then of the filters as given, record id and event name: a binary search
 * into each filter's sorted date table, then a walk of the entries after it.
 */
export function upcomingDates(
  store: IndexStore,
  filterIds: string[],
  from: string,
  limit: number,
): UpcomingDate[] {
  if (limit <= 0) return [];
  const start = dayNumber(from);
  const found: Array<UpcomingDate & { day: number; rank: number }> = [];
  const live = store.live;
  filterIds.forEach((filterId, rank) => {
    const { days, docs, events } = store.dateTable(filterIndexOf(filterId));
    const low = lowerBound(days.length, (i) => days[i] < start);
    let taken = 0;
    // Past the limit, entries of the last day taken still count: ties are ordered below.
    for (let i = low; i < days.length; i++) {
      if (taken >= limit && days[i] > days[i - 1]) break;
      const doc = docs[i];
      if (!(live[doc >>> 5] & (1 << (doc & 31)))) continue;
      taken++;
      found.push({
        recordId: store.recordIdOf[doc],
        filterId,
        eventName: store.dates.eventNames[events[i]] ?? "",
        date: dayText(days[i]),
        day: days[i],
        rank,
      });
    }
  });
  found.sort(
    (a, b) =>
      a.day - b.day ||
      a.rank - b.rank ||
      a.recordId - b.recordId ||
      (a.eventName < b.eventName ? -1 : a.eventName > b.eventName ? 1 : 0),
  );
  return found.slice(0, limit).map(({ recordId, filterId, eventName, date }) => ({
    recordId,
    filterId,
    eventName,
    date,
  }));
}
