import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import type { SearchHit } from "~/search/results";

/** The user's selection as a results page sees it (kept on the server: models/selection.server.ts). */
export interface Selection {
  count: number;
  all: boolean;
  selectedHssIds: string[];
}

export const SELECTION_FORM_ID = "selection-form";

/**
 * A result's checkbox. Without JS it belongs to the selection form ("Update selection");
 * with JS, ticking it saves at once. The box is left to the browser (a tick made before
 * the page's script ran is kept, and focus stays put); it follows the server's selection
 * when that changes ("Select all on this page", "Clear All").
 */
export function SelectBox({
  value,
  label,
  selected,
  all = false,
  formId = SELECTION_FORM_ID,
}: {
  /** What the form sends for this item (a record's HSS ID, an entry's id). */
  value: string;
  /** The item's name, read after "Select" by screen readers. */
  label: string;
  selected: boolean;
  all?: boolean;
  /** The selection form the box belongs to without JS. */
  formId?: string;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const box = useRef<HTMLInputElement>(null);
  const checked = all || selected;
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current && box.current) box.current.checked = checked;
    mounted.current = true;
  }, [checked]);
  const id = `select-${value}`;
  return (
    <label htmlFor={id} className="select-result">
      <input
        type="checkbox"
        id={id}
        form={formId}
        name="selected"
        value={value}
        ref={box}
        defaultChecked={checked}
        disabled={all}
        onChange={(event) => {
          const data = new FormData();
          data.set("intent", "select");
          data.set("js", "1");
          data.append("shown", value);
          if (event.currentTarget.checked) data.append("selected", value);
          fetcher.submit(data, {
            method: "post",
            action: `${location.pathname}${location.search}`,
          });
        }}
      />
      <span className="select-word">Select</span>
      <span className="visually-hidden"> {label}</span>
    </label>
  );
}

/**
 * The export status bar: 'Selected N result(s)', word for word. With nothing selected it names
 * what the page lists (`none`: "No entries selected" on imaging and diagnostics).
 */
export function SelectionCount({
  count,
  none = "No results selected",
  children,
}: {
  count: number;
  none?: string;
  children?: ReactNode;
}) {
  return (
    <p role="status" className="selection-count">
      {count > 0 ? `Selected ${count.toLocaleString("en-GB")} result(s)` : none}
      {children}
    </p>
  );
}

/**
 * The buttons that choose a page's items: "Update selection" sends the page's boxes (needed
 * only without JS, where a tick is not sent at once) and "Select all on this page".
 */
export function PageSelectionButtons() {
  return (
    <>
      <button type="submit" name="intent" value="select" className="secondary outline no-js-only">
        Update selection
      </button>
      <button type="submit" name="intent" value="selectPage" className="secondary outline">
        Select all on this page
      </button>
    </>
  );
}

/** The export status bar, and the selection's buttons (each a POST that works without JS). */
export function SelectionBar({
  selection,
  hits,
  total,
}: {
  selection: Selection;
  hits: SearchHit[];
  total: number;
}) {
  const location = useLocation();
  return (
    <Form
      method="post"
      id={SELECTION_FORM_ID}
      className="selection-bar"
      replace
      preventScrollReset
      aria-label="Selection"
    >
      {hits.map((hit) => (
        <input key={hit.hssId} type="hidden" name="shown" value={hit.hssId} />
      ))}
      <SelectionCount count={selection.count}>
        {selection.all ? <span className="muted"> (all results of this search)</span> : null}
      </SelectionCount>
      <div className="selection-actions">
        {selection.count > 0 ? (
          <>
            {/* Secondary: Search is the page's primary action. */}
            <Link to={`/export${location.search}`} className="button-link secondary">
              Export
            </Link>
            <button type="submit" name="intent" value="clear" className="secondary">
              Clear All
            </button>
          </>
        ) : null}
        {selection.all ? null : (
          <>
            <button
              type="submit"
              name="intent"
              value="select"
              className="secondary outline no-js-only"
            >
              Update selection
            </button>
            {/* On a phone the two "Select all" wait in a disclosure, so that the first result
                is not pushed a screen down; wider, the disclosure shows them in the row. */}
            <details className="change-disclosure select-many">
              <summary>Select all</summary>
              <div className="select-many-actions">
                <button
                  type="submit"
                  name="intent"
                  value="selectPage"
                  className="secondary outline"
                >
                  Select all on this page
                </button>
                <button type="submit" name="intent" value="selectAll" className="secondary outline">
                  Select all {total.toLocaleString("en-GB")} results
                </button>
              </div>
            </details>
          </>
        )}
      </div>
    </Form>
  );
}
