import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(advancedFormat);

/** Spec section 9: dates are shown as 'MMM Do YYYY' in UTC, e.g. Nov 22nd 2026. */
export function formatDate(value: string | Date) {
  return dayjs.utc(value).format("MMM Do YYYY");
}

export function formatDateTime(value: string | Date) {
  return `${dayjs.utc(value).format("MMM Do YYYY, HH:mm:ss")} UTC`;
}

/** Search and export dates: YYYY-MM-DD. */
export function isoDate(value: string | Date) {
  return dayjs.utc(value).format("YYYY-MM-DD");
}
