import { join } from "node:path";
import type { Page } from "@playwright/test";
import { required } from "../../app/lib/required";
import { dataDirOf } from "../../playwright.config";
import { expect, keepDocuments, keepTrail, test } from "./fixtures";
import { findExtraPrimaryActions, findLayoutFaults, LAYOUT_SIZES } from "./layout-check";
import {
  allVisits,
  deleteAlerts,
  expectedLanding,
  type Fixtures,
  MORE_VISITS,
  makeFixtures,
  openVisit,
  pageRoutes,
  signedInPages,
  VISITS,
  type Who,
  type WalkOptions,
} from "./route-walk";

/**
 * Every page of the app, as the least-privileged user who may open it: WCAG 1.4.10
 * (reflow at 320 px) and 1.4.4 (text at 200%) with no sideways scrolling, a title no other
 * page has (2.4.2), buttons that say which item they act on, and icons kept out of the
 * accessibility tree. And the layout check (tests/e2e/layout-check.ts) at 1280,
 * 768 and 375 px: no box sticking out to the right of its parent or the viewport outside a
 * labelled scroll region, no two controls on top of each other, no more than one filled
 * primary action (the house style's Actions). The list of pages comes from
 * the app's own route table (`remix routes --json`): a new page without a visit in
 * tests/e2e/route-walk.ts fails the test, so no page escapes it.
 */

/** Buttons that may appear twice on a page because both copies do the same thing. */
const SAME_ACTION_TWICE = new Set(["Apply filters"]);
/** Icon glyphs the app draws; each must be hidden from assistive technology. */
const ICONS = /[✖⚠ℹ✔✓✕★☆▲▼›‹»«]/u;

/** How far the document scrolls sideways, and the header's height. */
function measure(page: Page) {
  return page.evaluate(() => ({
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    header: Math.round(document.querySelector(".site-header")?.getBoundingClientRect().height ?? 0),
  }));
}

test.describe("every page", () => {
  test.describe.configure({ timeout: 480_000 });

  test("reflows at 320 px and at 200% text, lays out at 1280, 768 and 375 px, has its own title, names its buttons and hides its icons", async ({
    browser,
    jsEnabled,
  }) => {
    const routes = pageRoutes();
    expect(Object.keys(VISITS).sort(), "a visit for every page route of the app").toEqual(routes);
    const options: WalkOptions = {
      baseURL: required(test.info().project.use.baseURL, "the base URL"),
      javaScriptEnabled: jsEnabled,
      label: test.info().project.name,
      mailDir: join(dataDirOf(test.info().project.name), "mail"),
      viewport: { width: 320, height: 640 },
    };
    const saving: ReturnType<typeof keepDocuments>[] = [];
    const trails: ReturnType<typeof keepTrail>[] = [];
    const pages = await signedInPages(browser, options, (page, who) => {
      saving.push(keepDocuments(page));
      trails.push(keepTrail(page, `the ${who}'s page`));
    });
    const saved = () => Promise.all(saving.map((each) => each.done()));
    let walked = false;
    try {
      await visitEveryPage(pages, await makeFixtures(pages, options), saved, options);
      walked = true;
    } finally {
      if (!walked) for (const trail of trails) trail.print();
      // After a failure the tidying up may fail too; the walk's own error is the one to see.
      await deleteAlerts(required(pages.get("alerts"), "the website-alerts page"), "Reflow ").catch(
        (error) => {
          if (walked) throw error;
        },
      );
      for (const page of pages.values()) await page.context().close();
    }
  });
});

/**
 * The breadcrumb trail as a reader meets it: it starts at Home, every page under /dashboard/
 * has one that goes through Dashboard, and neither step is named twice (the trail components
 * add them; a page that names them itself doubles them).
 */
async function trailFaults(page: Page, pathname: string) {
  const trail = page.getByRole("navigation", { name: "breadcrumb" }).getByRole("listitem");
  const steps = (await trail.allInnerTexts()).map((step) => step.trim());
  const faults: string[] = [];
  if (pathname.startsWith("/dashboard/") && steps.slice(0, 2).join(" › ") !== "Home › Dashboard")
    faults.push(`its trail is "${steps.join(" › ")}", not Home › Dashboard › …`);
  else if (steps.length > 0 && steps[0] !== "Home")
    faults.push(`its trail starts at "${steps[0]}", not Home`);
  for (const step of ["Home", "Dashboard"])
    if (steps.filter((each) => each === step).length > 1)
      faults.push(`its trail names ${step} twice`);
  return faults;
}

/**
 * The layout check at each width, into `faults`, each fault named with `where` and the width.
 * With scripts, two animation frames first, for anything the page redraws on resizing.
 */
async function checkLayout(page: Page, where: string, jsEnabled: boolean, faults: string[]) {
  for (const size of LAYOUT_SIZES) {
    await page.setViewportSize(size);
    if (jsEnabled)
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
          }),
      );
    for (const fault of await page.evaluate(findLayoutFaults))
      faults.push(`${where} at ${size.width} px: ${fault}`);
    // The house style's one primary action: per width, as a phone closes the search filters.
    for (const fault of await page.evaluate(findExtraPrimaryActions))
      faults.push(`${where} at ${size.width} px: ${fault}`);
  }
}

async function visitEveryPage(
  pages: Map<Who, Page>,
  ids: Fixtures,
  saved: () => Promise<unknown>,
  options: WalkOptions,
) {
  const faults: string[] = [];
  const layoutFaults: string[] = [];
  const titles: Array<{ page: string; title: string }> = [];
  const visits = allVisits(ids);
  for (const visit of visits) {
    const { pattern, as, path } = visit;
    const page = required(pages.get(as), `a page for ${as}`);
    await page.setViewportSize({ width: 320, height: 640 });
    const response = await openVisit(page, visit, options.baseURL);
    // The page itself, not a refusal or a sign-in page in its place.
    const landing = expectedLanding(visit, options.baseURL);
    expect(new URL(page.url()).pathname, `${pattern} as ${as}`).toBe(landing.pathname);
    expect(response?.status(), `${path} as ${as}`).toBe(landing.status);
    const narrow = await measure(page);
    // Error pages (404, 410) share their title by design; every real page has its own.
    if (
      !MORE_VISITS.some((more) => more.path === path && more.as === as) &&
      pattern !== "/dashboard" &&
      response?.status() === 200
    )
      titles.push({ page: `${pattern} as ${as}`, title: await page.title() });
    const tree = await page.locator("body").ariaSnapshot();
    const buttons = [...tree.matchAll(/- button "([^"]*)"/g)].map((match) => match[1]);
    for (const name of new Set(buttons)) {
      if (buttons.filter((other) => other === name).length > 1 && !SAME_ACTION_TWICE.has(name))
        faults.push(`${path}: more than one button is called "${name}"`);
    }
    for (const line of tree.split("\n")) {
      if (/- img\s*$/.test(line)) faults.push(`${path}: an image without a name`);
      // Text that is only an icon (a glyph with at most punctuation beside it).
      const text = /- (?:text: |[\w]+ ")(.*?)"?$/.exec(line)?.[1] ?? "";
      if (ICONS.test(text) && text.replace(ICONS, "").replace(/[\s:()]/g, "").length === 0)
        faults.push(`${path}: an icon is in the accessibility tree (${line.trim()})`);
    }
    if (response?.status() === 200)
      for (const fault of await trailFaults(page, landing.pathname))
        faults.push(`${path}: ${fault}`);
    if (narrow.sideways > 0) faults.push(`${path}: ${narrow.sideways} px sideways at 320 px`);
    if (narrow.header > 120) faults.push(`${path}: the header is ${narrow.header} px tall`);
    const where = `${pattern} (${path} as ${as})`;
    await checkLayout(page, where, options.javaScriptEnabled, layoutFaults);

    await page.setViewportSize({ width: 1280, height: 800 });
    // Set through the CSSOM: the content security policy refuses an added style element.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = "200%";
    });
    const large = await measure(page);
    if (large.sideways > 0) faults.push(`${path}: ${large.sideways} px sideways with 200% text`);

    // Search results in both saved views: the table as well as the cards.
    if (pattern === "/search") {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(path);
      await page.getByRole("button", { name: "Table view" }).click();
      await expect(page.getByRole("region", { name: /^Search results, page 1/ })).toBeVisible();
      const table = await measure(page);
      if (table.sideways > 0) faults.push(`${path}: ${table.sideways} px sideways in table view`);
      await checkLayout(
        page,
        `${pattern} (${path} as ${as}, table view)`,
        options.javaScriptEnabled,
        layoutFaults,
      );
      await page.getByRole("button", { name: "Card view" }).click();
      await expect(page.locator(".result-cards")).toBeVisible();
    }
  }
  await saved();
  for (const { page, title } of titles) {
    const same = titles.filter((other) => other.title === title && other.page !== page);
    if (same.length > 0)
      faults.push(`${page} has the title "${title}", as ${same.map((o) => o.page).join(", ")}`);
  }
  // Both lists in one run: the reflow, title and naming checks, then the layout check.
  expect.soft(faults).toEqual([]);
  expect(layoutFaults, "layout faults (tests/e2e/layout-check.ts)").toEqual([]);
}
