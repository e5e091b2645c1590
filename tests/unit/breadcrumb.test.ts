// Written with React.createElement: vitest.config.ts only collects *.test.ts files.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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

describe("the pages' trails", () => {
  const routes = path.resolve(__dirname, "../../app/routes");
  const app = path.resolve(__dirname, "../../app");
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(path.join(dir, entry.name))
        : entry.name.endsWith(".tsx")
          ? [path.join(dir, entry.name)]
          : [],
    );

  it("never name Home or Dashboard themselves: the components add them", () => {
    const offenders = sources(app)
      .filter((file) => !file.endsWith(path.join("components", "Breadcrumb.tsx")))
      .filter((file) => /label: "(Home|Dashboard)"/.test(readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("go through Dashboard on every page under /dashboard", () => {
    // dashboard.tsx is the frame around them, not a page.
    const pages = readdirSync(routes).filter(
      (name) =>
        name.startsWith("dashboard.") &&
        name !== "dashboard.tsx" &&
        name.endsWith(".tsx") &&
        readFileSync(path.join(routes, name), "utf8").includes("export default"),
    );
    expect(pages.length).toBeGreaterThan(30);
    const withoutTrail = pages.filter(
      (name) =>
        !/<(DashboardBreadcrumb|RegisterBreadcrumb|DeleteConfirmation)\b/.test(
          readFileSync(path.join(routes, name), "utf8"),
        ),
    );
    expect(withoutTrail).toEqual([]);
  });
});
