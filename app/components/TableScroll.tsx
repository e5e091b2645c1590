import {
  Children,
  isValidElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from "react";

/**
 * Where a stacked table turns each row into a block of "label: value" lines: when its box is
 * narrower than 40rem (a phone, or text enlarged), or for a table of many columns that cannot
 * fit beside the dashboard's menu on a tablet either, narrower than 48rem; "wide", narrower than
 * 64rem, for the staff's imaging list, which does not fit beside the menu at 1280 px either;
 * "always" at every width, its facts side by side in the block (a record's trials, ten facts
 * a trial, which fit no record column as columns). One set of rules draws all of them
 * (app/styles/components/tables.css, the stacked table).
 */
export type Stacked = "phone" | "tablet" | "wide" | "always";

/** More columns than a phone shows at once (where the browser cannot tell, see app/styles/components/tables.css). */
const MANY_COLUMNS = 5;

/**
 * A data table with its caption, inside a scroll box for when it is wider than the screen
 * (WCAG 1.4.10: the table scrolls, the page does not). The box is a region named by the
 * caption (a named section), and it takes keyboard focus, so keyboard users can scroll it (WCAG 2.1.1).
 * While the table is wider than the box, a shadow at the overflowing edge and a line of text
 * above the table say so (CSS only: app/styles/components/tables.css, the scroll cues).
 *
 * A `stacked` table does not scroll on a narrow screen: each row becomes a block, the row's
 * header (`<th scope="row">`) its heading line, then each cell on a line of its own after its
 * column's name, which the cell carries in `data-label` (a cell without one, a row's actions,
 * takes the whole line). It stays a table for screen readers; see `useTableRoles`.
 */
export function TableScroll({
  caption,
  captionHidden = false,
  className,
  id,
  stacked,
  columns,
  children,
}: {
  caption: ReactNode;
  /** For a table whose section heading already says what the caption would. */
  captionHidden?: boolean;
  className?: string;
  id?: string;
  /** Rows as blocks below this width, instead of a table that scrolls sideways. */
  stacked?: Stacked;
  /** How many columns the table has, for the line that says it scrolls sideways (by default
   * the cells of the header row, where the children hold it as elements). */
  columns?: number;
  children: ReactNode;
}) {
  // From the table's id where it has one, so ids stay stable and unique across renders.
  const generated = useId();
  const captionId = id ? `${id}-caption` : generated;
  const table = useRef<HTMLTableElement>(null);
  useTableRoles(table, Boolean(stacked));
  const count = columns ?? headerCells(children);
  const classes = [stacked ? `stacked stacked-${stacked}` : "", className ?? ""].join(" ").trim();
  return (
    // A section named by the caption is a region landmark (role="region").
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard.
    <section className="table-scroll" aria-labelledby={captionId} tabIndex={0}>
      {/* Shown by CSS only while the table overflows its box (a scroll-state query), so it
          needs no script; for sight only: the region's name and focus tell a screen reader. */}
      <p
        className={`scroll-hint${!stacked && count !== undefined && count > MANY_COLUMNS ? " scroll-hint--many" : ""}`}
        aria-hidden="true"
      >
        Scroll the table sideways to see all {count ?? "its"} columns.
      </p>
      <table ref={table} className={classes || undefined} id={id}>
        <caption id={captionId} className={captionHidden ? "visually-hidden" : undefined}>
          {caption}
        </caption>
        {children}
      </table>
    </section>
  );
}

/** The number of cells in the table's header row (thead > tr), where the children hold them. */
export function headerCells(children: ReactNode): number | undefined {
  const elements = (node: ReactNode) => Children.toArray(node).filter(isValidElement);
  const head = elements(children).find((child) => child.type === "thead");
  const row = head
    ? elements((head.props as { children?: ReactNode }).children).find(
        (child) => child.type === "tr",
      )
    : undefined;
  if (!row) return undefined;
  const cells = elements((row.props as { children?: ReactNode }).children);
  return cells.length || undefined;
}

/** The role each part of a table has by default, which a stacked table states outright. */
export function tableRole(element: Element): string | null {
  switch (element.tagName) {
    case "TABLE":
      return "table";
    case "THEAD":
    case "TBODY":
    case "TFOOT":
      return "rowgroup";
    case "TR":
      return "row";
    case "TD":
      return "cell";
    case "TH":
      return element.getAttribute("scope") === "row" ? "rowheader" : "columnheader";
    default:
      return null;
  }
}

/**
 * A stacked table's rows are drawn as blocks (`display: block`), and some browsers (WebKit)
 * then stop announcing the table as a table. Stating each part's role puts the table back.
 * Chromium and Firefox keep it anyway, and without scripts each cell's visible label still says
 * which column it is in. The roles are added in the browser only: in the served HTML they
 * would be redundant, which the HTML checker rejects. Run after every render, so rows that a
 * client-side navigation brings (another page, another sort) get them too.
 */
function useTableRoles(table: RefObject<HTMLTableElement>, stacked: boolean) {
  useEffect(() => {
    if (!stacked || !table.current) return;
    const parts = [
      table.current,
      ...table.current.querySelectorAll(":scope > :is(thead, tbody, tfoot)"),
      ...table.current.querySelectorAll(":scope > * > tr, :scope > * > tr > :is(th, td)"),
    ];
    for (const part of parts) {
      const role = tableRole(part);
      if (role && part.getAttribute("role") !== role) part.setAttribute("role", role);
    }
  });
}
