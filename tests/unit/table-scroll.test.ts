// Written with React.createElement: vitest.config.ts only collects *.test.ts files.
import {
  type ComponentProps,
  createElement as h,
  type FunctionComponent,
  type ReactNode,
} from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { DataTable } from "~/components/record/parts";
import { headerCells, tableRole, TableScroll } from "~/components/TableScroll";
import { statusTone, TONE_ICON } from "~/lib/status-tone";
import { IMPORT_STATES } from "~/records/import-states";
import { TRIAL_STATUSES } from "~/records/vocabulary";

const rows = () =>
  h(
    "tbody",
    null,
    h(
      "tr",
      null,
      h("th", { scope: "row" }, "Ada Admin"),
      h("td", { "data-label": "Email" }, "a@x"),
    ),
  );

type Props = Omit<ComponentProps<typeof TableScroll>, "children">;
/** A table of one row, rendered to HTML (children as createElement's argument, as biome asks). */
const scroll = (props: Props) =>
  renderToStaticMarkup(
    h(TableScroll as FunctionComponent<Props & { children?: ReactNode }>, props, rows()),
  );

describe("TableScroll", () => {
  it("is a scroll region named by its caption, with no stacking unless asked", () => {
    const html = scroll({ caption: "Users", id: "users" });
    expect(html).toContain('<section class="table-scroll" aria-labelledby="users-caption"');
    expect(html).toContain('<caption id="users-caption">Users</caption>');
    expect(html).not.toContain("stacked");
  });

  it("marks a stacked table with its width, beside its own class", () => {
    const phone = scroll({ caption: "Users", stacked: "phone", className: "users" });
    expect(phone).toMatch(/<table class="stacked stacked-phone users">/);
    const tablet = scroll({ caption: "Alerts", stacked: "tablet" });
    expect(tablet).toMatch(/<table class="stacked stacked-tablet">/);
  });

  it("serves a stacked table without ARIA roles, which the HTML checker rejects on a table's parts", () => {
    const html = scroll({ caption: "Users", stacked: "phone" });
    expect(html).not.toContain("role=");
  });

  it("says in a line above the table that it scrolls sideways, for the CSS to show while it overflows", () => {
    const html = scroll({ caption: "Trials", columns: 9 });
    expect(html).toMatch(
      /<section class="table-scroll"[^>]*><p class="scroll-hint scroll-hint--many" aria-hidden="true">Scroll the table sideways to see all 9 columns.<\/p><table/,
    );
    // A table of few columns, or one that stacks, is not among the widest (the fallback's rule).
    expect(scroll({ caption: "Users", columns: 3 })).toContain('<p class="scroll-hint" ');
    expect(scroll({ caption: "Users", columns: 9, stacked: "phone" })).toContain(
      '<p class="scroll-hint" ',
    );
    expect(scroll({ caption: "Users" })).toContain("to see all its columns.");
  });

  it("counts the columns from the header row for that line", () => {
    const head = h(
      "thead",
      null,
      h(
        "tr",
        null,
        [1, 2, 3, 4, 5, 6].map((n) => h("th", { key: n, scope: "col" }, n)),
      ),
    );
    expect(headerCells([head, rows()])).toBe(6);
    expect(headerCells(rows())).toBeUndefined();
  });

  it("names the role each part of a table has, which the browser adds to a stacked table", () => {
    const part = (tagName: string, scope?: string) =>
      ({
        tagName,
        getAttribute: (name: string) => (name === "scope" ? (scope ?? null) : null),
      }) as Element;
    expect(tableRole(part("TABLE"))).toBe("table");
    expect(["THEAD", "TBODY", "TFOOT"].map((tag) => tableRole(part(tag)))).toEqual([
      "rowgroup",
      "rowgroup",
      "rowgroup",
    ]);
    expect(tableRole(part("TR"))).toBe("row");
    expect(tableRole(part("TH", "col"))).toBe("columnheader");
    expect(tableRole(part("TH"))).toBe("columnheader");
    expect(tableRole(part("TH", "row"))).toBe("rowheader");
    expect(tableRole(part("TD"))).toBe("cell");
    expect(tableRole(part("CAPTION"))).toBeNull();
  });
});

describe("DataTable (the record's tables)", () => {
  const table = (stacked?: "phone") =>
    renderToStaticMarkup(
      h(
        MemoryRouter,
        null,
        h(DataTable<{ title: string; source: string; date: string }>, {
          caption: "References",
          stacked,
          rows: [{ title: "Trial record", source: "ClinicalTrials.gov", date: "" }],
          rowKey: (row) => row.title,
          empty: "No references recorded.",
          columns: [
            { header: "Reference", rowHeader: true, cell: (row) => row.title },
            { header: "Source", cell: (row) => row.source },
            { header: "Date", cell: (row) => row.date },
          ],
        }),
      ),
    );

  it("labels each cell of a stacked table with its column's header; the row's header needs none", () => {
    const html = table("phone");
    expect(html).toContain('<th scope="row">Trial record</th>');
    expect(html).toContain('<td data-label="Source">ClinicalTrials.gov</td>');
    // The empty column is left out and named below, so no cell is labelled with it.
    expect(html).not.toContain('data-label="Date"');
    expect(html).toContain("Not recorded for any of these: Date.");
  });

  it("leaves the labels out of a table that scrolls", () => {
    expect(table()).not.toContain("data-label");
  });
});

describe("the tones of the staff pages' statuses", () => {
  it("gives every import state a tone: applied positive, rejected negative", () => {
    expect(statusTone("import", IMPORT_STATES.applied)).toBe("positive");
    expect(statusTone("import", IMPORT_STATES.invalid)).toBe("negative");
    expect(statusTone("import", IMPORT_STATES.cancelled)).toBe("neutral");
    // Only a cancelled import is neutral: a state reworded in IMPORT_STATES alone would fall
    // to neutral, as an unknown value does, and fail here.
    for (const [state, word] of Object.entries(IMPORT_STATES))
      if (state !== "cancelled") expect(statusTone("import", word), word).not.toBe("neutral");
    expect(statusTone("import", IMPORT_STATES.checking)).toBe("progress");
  });

  it("gives every trial status a tone: recruiting in progress, terminated negative", () => {
    for (const status of TRIAL_STATUSES) expect(statusTone("trial", status)).toBeTruthy();
    expect(statusTone("trial", "Recruiting")).toBe("progress");
    expect(statusTone("trial", "Completed")).toBe("positive");
    expect(statusTone("trial", "Terminated")).toBe("negative");
    expect(statusTone("trial", "Not yet recruiting")).toBe("neutral");
  });

  it("draws shown topics, active accounts and showing alerts as positive, the rest apart", () => {
    expect(statusTone("topic", "Shown")).toBe("positive");
    expect(statusTone("topic", "Archived")).toBe("neutral");
    expect(statusTone("account", "Active")).toBe("positive");
    expect(statusTone("account", "Suspended")).toBe("caution");
    expect(statusTone("account", "Deleted")).toBe("negative");
    expect(statusTone("alert", "Showing")).toBe("positive");
    expect(statusTone("alert", "Scheduled")).toBe("progress");
    expect(statusTone("alert", "Disabled")).toBe("neutral");
  });

  it("draws an information alert with the alert bar's ℹ, not progress's arrow", () => {
    expect(statusTone("severity", "info")).toBe("information");
    expect(TONE_ICON.information).toBe("ℹ");
    expect(TONE_ICON.information).not.toBe(TONE_ICON.progress);
    expect(statusTone("severity", "error")).toBe("negative");
  });
});
