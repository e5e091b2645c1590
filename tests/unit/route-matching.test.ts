import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * The router that answers every request is patched (patches/, docs/decisions/033): a route
 * tree is ranked once and its branches grouped by their first word. These cases are the ones
 * the grouping could get wrong; each must give what the router's own ranking gives.
 */
const tree = (): AgnosticRouteObject[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "record", path: "record/:id" },
      { id: "records", path: "records" },
      { id: "records-new", path: "records/new" },
      { id: "slug", path: ":slug" },
      { id: "api", path: "api", children: [{ id: "api-v1", path: "v1/*" }] },
      { id: "optional", path: "lang/:code?/about" },
      { id: "everything-else", path: "*" },
    ],
  },
];

const ids = (routes: AgnosticRouteObject[], pathname: string) =>
  matchRoutes(routes, pathname)?.map((match) => match.route.id) ?? null;

describe("route matching (patched router)", () => {
  it("runs the patched router, not the one as published", () => {
    const file = createRequire(import.meta.url).resolve("@remix-run/router");
    expect(readFileSync(file, "utf8")).toContain("rankedBranchesCache");
  });

  it.each([
    ["/", ["root", "home"]],
    ["/record/HSS1", ["root", "record"]],
    ["/RECORD/HSS2", ["root", "record"]],
    ["/record", ["root", "slug"]],
    ["/records", ["root", "records"]],
    ["/records/new", ["root", "records-new"]],
    ["/records/other", ["root", "everything-else"]],
    ["/anything", ["root", "slug"]],
    ["/%20odd", ["root", "slug"]],
    ["/api", ["root", "api"]],
    ["/api/v1/a/b", ["root", "api", "api-v1"]],
    ["/lang/about", ["root", "optional"]],
    ["/lang/en/about", ["root", "optional"]],
    ["/no/such/page", ["root", "everything-else"]],
  ])("matches %s to %j, on first use and again", (pathname, expected) => {
    const routes = tree();
    expect(ids(routes, pathname)).toEqual(expected);
    expect(ids(routes, pathname)).toEqual(expected);
  });

  it("gives each match its own parameters, one pathname after another on the same tree", () => {
    const routes = tree();
    expect(matchRoutes(routes, "/record/A")?.[1].params).toEqual({ id: "A" });
    expect(matchRoutes(routes, "/record/B")?.[1].params).toEqual({ id: "B" });
    expect(matchRoutes(routes, "/madeup")?.[1].params).toEqual({ slug: "madeup" });
    expect(matchRoutes(routes, "/another")?.[1].params).toEqual({ slug: "another" });
  });

  it("ranks a tree of its own, not the one it saw first", () => {
    const first = tree();
    expect(ids(first, "/records")).toEqual(["root", "records"]);
    const second: AgnosticRouteObject[] = [{ id: "only", path: "records/:id" }];
    expect(ids(second, "/records")).toBeNull();
    expect(ids(second, "/records/7")).toEqual(["only"]);
  });
});
