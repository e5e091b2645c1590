import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SortableHeader } from "~/components/SortableHeader";
import { SelectBox } from "~/components/search/Selection";
import { Pagination } from "~/components/search/SearchResults";
import { StatusTag } from "~/components/StatusTag";
import { TableScroll } from "~/components/TableScroll";
import { formatDate } from "~/lib/dates";
import { type ImagingFields, type ImagingQuery, imagingListHref } from "~/lib/imaging-query";

export interface ImagingRowView extends ImagingFields {
  id: number;
  archived: boolean;
  latestEvent: { name: string; date: string } | null;
  /** The pieces of the list's links, made on the server. */
  label: string;
}

export const IMAGING_SELECTION_FORM = "imaging-selection";

/** An entry count in words: "1 entry", "57 entries". */
export const entriesText = (count: number) =>
  `${count.toLocaleString("en-GB")} ${count === 1 ? "entry" : "entries"}`;

/** How many entries match, said when the list holds more than it shows (the first 1,000). */
export function ResultCount({
  total,
  limit,
  filtered,
  query,
}: {
  total: number;
  limit: number;
  filtered: boolean;
  query: Pick<ImagingQuery, "sort" | "order">;
}) {
  return (
    <p role="status" className="result-count">
      <strong>{entriesText(total)}</strong>
      {filtered ? (total === 1 ? " matches the filters" : " match the filters") : null}
      {total > 1 ? `, ${imagingOrderText(query)}` : null}
      {total > limit
        ? `: the first ${limit.toLocaleString("en-GB")} are listed. Narrow the list with the filters to see the rest.`
        : null}
    </p>
  );
}

/** The list's order in words, for its count line ("55 entries, latest event first"). */
export function imagingOrderText({ sort, order }: Pick<ImagingQuery, "sort" | "order">) {
  const asc = order === "asc";
  if (sort === "latestEvent") return asc ? "by latest event, oldest first" : "latest event first";
  const by = {
    category: "category",
    emaCode: "EMA code",
    chemicalName: "chemical name",
    tradeName: "trade name",
  }[sort];
  return asc ? `by ${by} A–Z` : `by ${by} Z–A`;
}

/**
 * The filters: a GET form (bookmarkable, no JS needed). The sort is kept; the page starts
 * again at 1. Staff also filter by status. Apply filters is the members' list's primary
 * action (the list's search); on the staff page, whose primary is Add an entry, a secondary.
 */
export function ImagingFilters({
  pathname,
  query,
  categories,
  staff = false,
}: {
  pathname: string;
  query: ImagingQuery;
  categories: string[];
  staff?: boolean;
}) {
  const filtered = Boolean(query.q || query.category || query.status !== "all");
  return (
    <Form
      method="get"
      action={pathname}
      className="imaging-filters"
      aria-label="Filter the entries"
      key={`${query.q}|${query.category}|${query.status}`}
    >
      {query.sort !== "latestEvent" || query.order !== "desc" ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="order" value={query.order} />
        </>
      ) : null}
      <div className="filter-row">
        <div className="field">
          <label htmlFor="imaging-q">Name, code or indication contains</label>
          <input
            id="imaging-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={200}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor="imaging-category">Category</label>
          <select id="imaging-category" name="category" defaultValue={query.category}>
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        {staff ? (
          <div className="field">
            <label htmlFor="imaging-status">Status</label>
            <select id="imaging-status" name="status" defaultValue={query.status}>
              <option value="all">Active and archived</option>
              <option value="active">Active only</option>
              <option value="archived">Archived only</option>
            </select>
          </div>
        ) : null}
      </div>
      <div className="inline-actions">
        <button type="submit" className={staff ? "secondary" : undefined}>
          Apply filters
        </button>
        {filtered ? (
          <Link
            to={imagingListHref(pathname, query, { q: "", category: "", status: "all", page: 1 })}
          >
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** An empty value, shown as empty on purpose (an entry without an EMA code yet). */
function NoValue() {
  return (
    <span className="muted">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">None</span>
    </span>
  );
}

/**
 * The entries' table, for members (a select box a row) and for staff (status and actions).
 * Its column headers sort it by their links (GET), so it works without JS.
 */
export function ImagingTable({
  pathname,
  query,
  rows,
  page,
  pages,
  caption,
  selectedIds,
  staffActions,
}: {
  pathname: string;
  query: ImagingQuery;
  rows: ImagingRowView[];
  page: number;
  pages: number;
  caption: ReactNode;
  /** Members: the entries of this page that are selected. */
  selectedIds?: number[];
  /** Staff: the actions of a row. */
  staffActions?: (row: ImagingRowView) => ReactNode;
}) {
  const header = (column: ImagingQuery["sort"], label: string) => {
    const current = query.sort === column;
    const next = current && query.order === "asc" ? "desc" : "asc";
    return (
      <SortableHeader
        sorted={current ? query.order : null}
        href={imagingListHref(pathname, query, { sort: column, order: next, page: 1 })}
      >
        {label}
      </SortableHeader>
    );
  };
  const selected = new Set(selectedIds ?? []);
  return (
    <>
      {/* Rows stack below a tablet's width (56rem), the staff's below 64rem: their status and
          actions make the table too wide to read beside the menu even at 1280 px, and the
          members' seven columns fell to a word a line on a tablet. Stacked, an entry reads name, trade name, code, category, latest
          event, then the indication. */}
      <TableScroll
        caption={caption}
        // The count line above says what the table holds, and the pages below which page it
        // is: the caption, which said both again, is for screen readers.
        captionHidden
        className="imaging-table labels-above"
        id="imaging-table"
        stacked={staffActions ? "always" : "tablet"}
      >
        <thead>
          <tr>
            {selectedIds ? (
              // As narrow as its boxes, as in search's table: its name is for screen readers.
              <th scope="col" className="select-column">
                <span className="visually-hidden">Select</span>
              </th>
            ) : null}
            {header("chemicalName", "Chemical name")}
            {staffActions ? <th scope="col">Status</th> : null}
            {header("tradeName", "Trade name")}
            {header("emaCode", "EMA code")}
            {header("category", "Category")}
            {header("latestEvent", "Latest event")}
            <th scope="col">Indication statement</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {selectedIds ? (
                <td className="select">
                  <SelectBox
                    value={String(row.id)}
                    label={row.label}
                    selected={selected.has(row.id)}
                    formId={IMAGING_SELECTION_FORM}
                  />
                </td>
              ) : null}
              <th scope="row">
                {staffActions ? (
                  <Link to={`${pathname}/${row.id}`}>
                    {row.chemicalName}
                    <span className="visually-hidden">
                      {row.tradeName ? ` (${row.tradeName})` : ""}: edit
                    </span>
                  </Link>
                ) : (
                  row.chemicalName
                )}
              </th>
              {staffActions ? (
                // Next to the name, where staff see it without scrolling the wide table sideways.
                <td className="staff-status" data-label="Status">
                  <StatusTag kind="record" value={row.archived ? "Archived" : "Active"} />
                  {staffActions(row)}
                </td>
              ) : null}
              <td data-label="Trade name">{row.tradeName || <NoValue />}</td>
              <td className="nowrap" data-label="EMA code">
                {row.emaCode || <NoValue />}
              </td>
              <td data-label="Category">{row.category}</td>
              <td className="latest-event" data-label="Latest event">
                {row.latestEvent ? (
                  <>
                    {row.latestEvent.name}
                    <br />
                    <time dateTime={row.latestEvent.date} className="nowrap">
                      {formatDate(row.latestEvent.date)}
                    </time>
                  </>
                ) : (
                  <span className="muted">No events</span>
                )}
              </td>
              <td className="indication" data-label="Indication statement">
                {row.indicationStatement}
              </td>
            </tr>
          ))}
        </tbody>
      </TableScroll>
      <Pagination
        page={page}
        pages={pages}
        href={(target) => imagingListHref(pathname, query, { page: target })}
        label="Pages of entries"
      />
    </>
  );
}
