import { formatDate } from "~/lib/dates";

/**
 * A moment in a table cell: the date on its line in the house format and the time (UTC) under
 * it, small, so the column stays narrow and neither part wraps.
 */
export function DateTimeCell({ value }: { value: string | Date }) {
  const iso = new Date(value).toISOString();
  return (
    <time dateTime={iso} className="date-cell">
      {formatDate(iso)} <small>{iso.slice(11, 16)} UTC</small>
    </time>
  );
}
