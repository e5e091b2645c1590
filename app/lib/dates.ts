import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(advancedFormat);

/** Dates are shown as 'MMM Do YYYY' in UTC, e.g. Nov 22nd 2026 (docs/product.md). */
export function formatDate(value: string | Date) {
  return dayjs.utc(value).format("MMM Do YYYY");
}

export function formatDateTime(value: string | Date) {
  return `${dayjs.utc(value).format("MMM Do YYYY, HH:mm")} UTC`;
}

/** Search and export dates: YYYY-MM-DD. */
export function isoDate(value: string | Date) {
  return dayjs.utc(value).format("YYYY-MM-DD");
}

const ISO_DAY = /(?<![\d-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/g;

/**
 * A stored text with the house's date format in place of each calendar date written as
 * YYYY-MM-DD (a change log's before and after: "Event: CHMP opinion, Date: 2025-01-26"), so
 * a page does not mix two formats. Anything that is not a real day (a trial number's digits)
 * is left as it is.
 */
export function formatDatesIn(text: string) {
  return text.replace(ISO_DAY, (whole, year: string, month: string, day: string) => {
    const parsed = dayjs.utc(whole);
    const real =
      parsed.isValid() &&
      parsed.year() === Number(year) &&
      parsed.month() + 1 === Number(month) &&
      parsed.date() === Number(day);
    return real ? formatDate(whole) : whole;
  });
}
