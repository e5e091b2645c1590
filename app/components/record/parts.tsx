import type { ReactNode } from "react";
import { formatDate } from "~/lib/dates";
import { type Stacked, TableScroll } from "~/components/TableScroll";
import { FieldLabel } from "./glossary";

export type FactValue = ReactNode | string | number | boolean | null | undefined;

function show(value: FactValue): ReactNode {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value;
}

const isEmpty = (value: FactValue) => value === undefined || value === null || value === "";

/** A definition list of the facts that have a value. */
export function Facts({ items }: { items: Array<[string, FactValue]> }) {
  const present = items.filter(([, value]) => !isEmpty(value));
  if (!present.length) return <p className="muted">No information recorded.</p>;
  return (
    <dl className="facts">
      {present.map(([label, value]) => (
        <div key={label}>
          <dt>
            <FieldLabel label={label} />
          </dt>
          <dd>{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** The row header (th scope=row). */
  rowHeader?: boolean;
  /** Running text (a title): kept wide enough that it does not fall to a word a line. */
  prose?: boolean;
  /** A code, phase or short label: kept on one line (dates always are). */
  nowrap?: boolean;
  /** A class of the column's cells of its own (`title-cell`: a narrower minimum than prose). */
  className?: string;
}

/**
 * A captioned table; an empty list says so in words instead. A column with nothing in any
 * row is left out and named below the table, so it takes no width and the reader knows it
 * was not forgotten.
 */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  rows,
  columns,
  empty,
  rowKey,
  stacked,
  className,
}: {
  caption: string;
  /** A class for the table, for a table's own column widths. */
  className?: string;
  /** The section's heading, just above, already says what the caption would. */
  captionHidden?: boolean;
  /** Rows as blocks on a phone (TableScroll): each cell labelled with its column's header. */
  stacked?: Stacked;
  rows: Row[];
  columns: Array<Column<Row>>;
  empty: string;
  rowKey: (row: Row, index: number) => string;
}) {
  if (!rows.length) return <p className="muted">{empty}</p>;
  const filled = (column: Column<Row>) =>
    column.rowHeader || rows.some((row) => !isEmpty(column.cell(row) as FactValue));
  const shown = columns.filter(filled);
  const missing = columns.filter((column) => !filled(column)).map((column) => column.header);
  const cellClass = (column: Column<Row>) =>
    [
      column.numeric ? "numeric" : "",
      column.prose ? "prose-cell" : "",
      column.nowrap ? "nowrap" : "",
      column.className ?? "",
    ]
      .join(" ")
      .trim() || undefined;
  return (
    <>
      <TableScroll
        caption={caption}
        captionHidden={captionHidden}
        stacked={stacked}
        className={className}
        columns={shown.length}
      >
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.header} scope="col" className={cellClass(column)}>
                <FieldLabel label={column.header} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {shown.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={cellClass(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={cellClass(column)}
                    data-label={stacked ? column.header : undefined}
                  >
                    {isEmpty(column.cell(row) as FactValue) ? <NotRecorded /> : column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </TableScroll>
      {missing.length > 0 ? (
        <p className="muted table-note">Not recorded for any of these: {missing.join(", ")}.</p>
      ) : null}
    </>
  );
}

/** An empty cell among filled ones: a dash, read as "Not recorded" (a blank cell looked lost). */
function NotRecorded() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Not recorded</span>
    </>
  );
}

export const date = (value: string | undefined | null) =>
  value ? <time dateTime={value}>{formatDate(value)}</time> : undefined;

/** A formatter for each currency, made once: making one costs far more than using it. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function money(cost: { amount: number; currency: string; basis: string } | undefined) {
  if (!cost) return undefined;
  let format = moneyFormats.get(cost.currency);
  if (!format) {
    format = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: cost.currency,
      maximumFractionDigits: 0,
    });
    moneyFormats.set(cost.currency, format);
  }
  return `${format.format(cost.amount)} ${cost.basis}`;
}
