import type { ReactNode } from "react";
import { formatDate } from "~/lib/dates";
import { TableScroll } from "~/components/TableScroll";

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
          <dt>{label}</dt>
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
}

/** A captioned table; an empty list says so in words instead. */
export function DataTable<Row>({
  caption,
  rows,
  columns,
  empty,
  rowKey,
}: {
  caption: string;
  rows: Row[];
  columns: Array<Column<Row>>;
  empty: string;
  rowKey: (row: Row, index: number) => string;
}) {
  if (!rows.length) return <p className="muted">{empty}</p>;
  return (
    <TableScroll label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={column.numeric ? "numeric" : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.numeric ? "numeric" : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export const date = (value: string | undefined | null) =>
  value ? <time dateTime={value}>{formatDate(value)}</time> : undefined;

export function money(cost: { amount: number; currency: string; basis: string } | undefined) {
  if (!cost) return undefined;
  const amount = new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency: cost.currency,
    maximumFractionDigits: 0,
  }).format(cost.amount);
  return `${amount} ${cost.basis}`;
}
