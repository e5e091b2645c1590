// Written with React.createElement: vitest.config.ts only collects *.test.ts files. That each
// page's trail goes through Home (and Dashboard under /dashboard/) is checked on the pages
// themselves, by the route walk of tests/e2e/every-page.spec.ts.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { Breadcrumb, type Crumb, DashboardBreadcrumb, trail } from "~/components/Breadcrumb";

const render = (component: typeof Breadcrumb, items: Crumb[]) =>
  renderToStaticMarkup(createElement(MemoryRouter, null, createElement(component, { items })));

/** The trail's items as the reader sees them. */
const words = (html: string) =>
  [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((match) => match[1].replace(/<[^>]+>/g, ""));

describe("the breadcrumb trail", () => {
  it("starts every member page's trail at Home", () => {
    const html = render(Breadcrumb, [{ label: "Search", to: "/search" }, { label: "Export" }]);
    expect(words(html)).toEqual(["Home", "Search", "Export"]);
    expect(html).toMatch(/<a [^>]*href="\/"><span class="nowrap">Home<\/span><\/a>/);
    expect(html).toContain('<li aria-current="page"><span class="nowrap">Export</span></li>');
  });

  it("keeps a short step whole and lets a long one (a record's title) wrap", () => {
    const title = "Zalutinib for previously treated KRAS G12C-mutated non-small cell lung cancer";
    const html = render(Breadcrumb, [
      { label: title, to: "/record/HSS-000001" },
      { label: "Print: choose sections" },
    ]);
    expect(words(html)).toEqual(["Home", title, "Print: choose sections"]);
    expect(html).toMatch(new RegExp(`<a [^>]*href="/record/HSS-000001">${title}</a>`));
    expect(html).toContain('<span class="nowrap">Print: choose sections</span>');
  });

  it("puts Dashboard after Home on every dashboard page", () => {
    const html = render(DashboardBreadcrumb, [
      { label: "Users", to: "/dashboard/users" },
      { label: "Ada Admin" },
    ]);
    expect(words(html)).toEqual(["Home", "Dashboard", "Users", "Ada Admin"]);
    expect(html).toMatch(/<a [^>]*href="\/dashboard"><span class="nowrap">Dashboard<\/span><\/a>/);
  });

  it("makes Dashboard the current page when nothing follows it", () => {
    expect(trail([], { dashboard: true }).map((crumb) => crumb.label)).toEqual([
      "Home",
      "Dashboard",
    ]);
  });
});
