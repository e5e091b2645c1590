import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Keyboard-only journeys (WCAG 2.1.1, 2.1.2, 2.4.1, 2.4.3, 2.4.7, 2.4.13): after each
 * page.goto, everything is done with key presses: no clicks, no fill(). At every stop
 * focus must be visible, and the whole page must be traversable and left again. Runs in
 * the JS project only (see playwright.config.ts): without scripts the same pages are plain
 * links and forms, which the browser's own keyboard handling covers.
 */

const USER = "alerts@example.org";
const PASSWORD = "horizon-demo";

interface Stop {
  what: string;
  /** Whether the focused element is the one tabTo is looking for (marked data-tab-target). */
  target: boolean;
  /** Why the focus indicator fails, or null when it passes. */
  fault: string | null;
}

/**
 * The focused element, and whether its focus indicator is at least 2 px (outline, or a
 * box-shadow ring) in a colour with 3:1 contrast against the background around it.
 */
function inspectFocus(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { what: "body", target: false, fault: null };
    const target = element.hasAttribute("data-tab-target");
    const label = (element.getAttribute("aria-label") ?? element.textContent ?? "")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 40);
    const what = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${label}"`;

    const parse = (colour: string) => {
      const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [];
      return { rgb: parts.slice(0, 3), alpha: parts.length > 3 ? parts[3] : 1 };
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    // The background the ring is drawn on: the nearest ancestor with an opaque colour, or
    // the first colour of a gradient (the header's).
    let background = [255, 255, 255];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const colour = parse(style.backgroundColor);
      if (colour.alpha === 1) {
        background = colour.rgb;
        break;
      }
      const gradient = /gradient\((.*)\)/.exec(style.backgroundImage)?.[1];
      const first = gradient && /rgba?\([^)]*\)/.exec(gradient)?.[0];
      if (first) {
        background = parse(first).rgb;
        break;
      }
    }

    const style = getComputedStyle(element);
    const rings: Array<{ width: number; colour: number[] }> = [];
    if (style.outlineStyle !== "none")
      rings.push({
        width: Number.parseFloat(style.outlineWidth),
        colour: parse(style.outlineColor).rgb,
      });
    // Box shadows: "rgb(…) 0px 0px 0px 6px, …"; a ring has no offset and a spread.
    for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
      if (shadow.trim() === "none" || shadow.includes("inset")) continue;
      const colour = /rgba?\([^)]*\)/.exec(shadow)?.[0];
      const lengths = shadow
        .replace(/rgba?\([^)]*\)/, "")
        .match(/-?[\d.]+px/g)
        ?.map(Number.parseFloat);
      if (!colour || !lengths || lengths.length < 4) continue;
      if (parse(colour).alpha < 1) continue;
      rings.push({ width: lengths[3], colour: parse(colour).rgb });
    }
    const good = rings.filter((ring) => ring.width >= 2 && contrast(ring.colour, background) >= 3);
    if (good.length > 0) return { what, target, fault: null };
    const seen = rings
      .map(
        (ring) =>
          `${ring.width}px rgb(${ring.colour.join(",")}) at ${contrast(ring.colour, background).toFixed(2)}:1`,
      )
      .join("; ");
    return {
      what,
      target,
      fault: `no 2 px ring with 3:1 against rgb(${background.join(",")}) (${seen || "none"})`,
    };
  });
}

/** Every focus indicator problem seen in the journey, checked at its end. */
class Journey {
  readonly faults: string[] = [];

  constructor(readonly page: Page) {}

  async tab(shift = false) {
    await this.page.keyboard.press(shift ? "Shift+Tab" : "Tab");
    const stop = await inspectFocus(this.page);
    if (stop.fault)
      this.faults.push(`${new URL(this.page.url()).pathname}: ${stop.what}: ${stop.fault}`);
    return stop;
  }

  /** Presses Tab until the target has focus; fails if the whole page goes by without it. */
  async tabTo(target: Locator, limit = 400) {
    // Marked once, so each stop costs one round trip to the page.
    await target.evaluate((element) => element.setAttribute("data-tab-target", ""));
    try {
      for (let i = 0; i < limit; i++) if ((await this.tab()).target) return;
      throw new Error(`${limit} presses of Tab did not reach ${target}`);
    } finally {
      await target
        .evaluate((element) => element.removeAttribute("data-tab-target"))
        .catch(() => {});
    }
  }

  /**
   * From wherever focus is, Tab must leave the page; the next stop is the skip link; from
   * there Tab passes every stop and leaves the page again. A focus trap anywhere fails it.
   */
  async traverse() {
    const tabbable = await this.page
      .locator(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex='0']",
      )
      .count();
    const leave = async () => {
      // A date field is three stops (day, month, year): a bound with room for that.
      for (let i = 0; i <= 3 * tabbable; i++) if ((await this.tab()).what === "body") return;
      throw new Error(`Tab did not leave ${this.page.url()} after all of its ${tabbable} stops`);
    };
    await leave();
    let first = await this.tab();
    // Once more if the page was still drawing: a focused element it replaced drops focus to the
    // body mid-page, which looks like leaving it, and Tab then goes on from that point.
    if (!first.what.includes("Skip to main content")) {
      await leave();
      first = await this.tab();
    }
    expect(first.what, "the first stop on the page").toContain("Skip to main content");
    await leave();
  }

  async type(text: string) {
    await this.page.keyboard.type(text);
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
  }
}

const hydrated = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(1);

test.describe("keyboard only", () => {
  test.describe.configure({ timeout: 180_000 });

  test("sign in, search, two facets, a record, print two sections, export two results and save a search", async ({
    page,
    axe,
  }) => {
    const keys = new Journey(page);
    const main = page.locator("main");
    const focused = page.locator(":focus");

    // Sign in. The skip link is the first stop and lands on main.
    await page.goto("/login");
    await hydrated(page);
    await keys.traverse();
    await keys.tab();
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await keys.press("Enter");
    await expect(main).toBeFocused();
    await keys.tabTo(page.getByLabel("Email"));
    await keys.type(USER);
    await keys.tabTo(page.getByLabel("Password", { exact: true }));
    await keys.type(PASSWORD);
    await keys.press("Enter");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await hydrated(page);

    // The avatar menu: Enter and Space open it, Escape closes it and focus goes back.
    const menu = page.locator(".site-header details.avatar-menu");
    const summary = menu.locator("> summary");
    await keys.tabTo(summary);
    await keys.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    await keys.tab();
    await expect(focused).toHaveCount(1);
    expect(await menu.evaluate((details) => details.contains(document.activeElement))).toBe(true);
    await keys.press("Escape");
    await expect(menu).not.toHaveAttribute("open");
    await expect(summary).toBeFocused();
    await keys.press("Space");
    await expect(menu).toHaveAttribute("open", "");
    await keys.press("Escape");
    await expect(menu).not.toHaveAttribute("open");
    await expect(summary).toBeFocused();

    // Search.
    await page.goto("/search");
    await hydrated(page);
    await keys.tabTo(page.getByLabel("Search records"));
    await keys.type("cancer");
    await keys.press("Enter");
    await expect(page).toHaveURL(/q=cancer/);
    await expect(page).toHaveTitle(/^Search “cancer”/);

    // Two facets, then Apply filters.
    const oncology = page.getByRole("checkbox", { name: /^Oncology, [\d,]+ records?$/ });
    const active = page.getByRole("checkbox", { name: /^Active, [\d,]+ records?$/ });
    await keys.tabTo(oncology);
    await keys.press("Space");
    await expect(oncology).toBeChecked();
    await keys.tabTo(active);
    await keys.press("Space");
    await expect(active).toBeChecked();
    await keys.tabTo(page.getByRole("button", { name: "Apply filters" }).last());
    await keys.press("Enter");
    await expect(page).toHaveURL(/f=therapeuticArea%3AOncology/);
    await expect(page).toHaveURL(/f=recordStatus%3AActive/);
    // With scripts the address changes before the page is drawn again; the walk starts after.
    const chosen = page.getByRole("region", { name: "Selected filters" });
    await expect(chosen.getByRole("link", { name: /Record status: Active/ })).toBeVisible();
    const filtered = page.url();
    await keys.traverse();
    await axe();

    // Open a record.
    const firstResult = page.locator(".search-results a[href^='/record/']").first();
    const recordHref = await firstResult.getAttribute("href");
    await keys.tabTo(firstResult);
    await keys.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${recordHref}$`));
    await hydrated(page);
    await keys.traverse();

    // Print two sections: clear all, tick Key facts and EMA, show the preview.
    await keys.tabTo(page.getByRole("link", { name: "Print" }));
    await keys.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Print: choose sections");
    await hydrated(page);
    await keys.tabTo(page.getByRole("button", { name: "Clear all" }));
    await keys.press("Enter");
    await expect(page).toHaveURL(/select=none/);
    await expect(page.getByLabel("Key facts")).not.toBeChecked();
    await keys.tabTo(page.getByLabel("Key facts"));
    await keys.press("Space");
    await keys.tabTo(page.getByLabel("EMA", { exact: true }));
    await keys.press("Space");
    await keys.tabTo(page.getByRole("button", { name: "Show print preview" }));
    await keys.press("Enter");
    await expect(page).toHaveURL(/\/printpreview\?/);
    await expect(page.getByRole("heading", { level: 3, name: "EMA" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "FDA" })).toHaveCount(0);
    await keys.traverse();

    // Select two results and export them.
    await page.goto(filtered);
    await hydrated(page);
    const boxes = page.locator(".search-results input[type=checkbox][name=selected]");
    if (await page.getByRole("button", { name: "Clear All" }).count()) {
      await keys.tabTo(page.getByRole("button", { name: "Clear All" }));
      await keys.press("Enter");
    }
    await expect(page.locator(".selection-count")).toHaveText("No results selected");
    await keys.tabTo(boxes.nth(0));
    await keys.press("Space");
    await expect(page.locator(".selection-count")).toHaveText("Selected 1 result(s)");
    await keys.tabTo(boxes.nth(1));
    await keys.press("Space");
    await expect(page.locator(".selection-count")).toHaveText("Selected 2 result(s)");
    await keys.tabTo(page.getByRole("link", { name: "Export", exact: true }));
    await keys.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Export");
    await expect(page.getByLabel("The selected results (2)")).toBeChecked();
    await keys.tabTo(page.getByRole("button", { name: "Export", exact: true }));
    await keys.press("Enter");
    await expect(page.getByText("Export Successful. Please download your file here.")).toBeVisible({
      timeout: 30_000,
    });
    await keys.traverse();

    // Save the search; a failed POST puts focus on the error summary.
    await page.goto(filtered);
    await hydrated(page);
    await keys.tabTo(page.getByRole("link", { name: "Save this search" }));
    await keys.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Save this search");
    await hydrated(page);
    await keys.tabTo(page.getByLabel("Title"));
    await keys.press("ControlOrMeta+A");
    await keys.press("Delete");
    await keys.tabTo(page.getByRole("button", { name: "Save", exact: true }));
    await keys.press("Enter");
    await expect(page).toHaveTitle(/^Error: Save this search/);
    const errors = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(errors).toBeFocused();
    await keys.tabTo(page.getByRole("link", { name: "Enter a title" }));
    await keys.press("Enter");
    await expect(page.getByLabel("Title")).toBeFocused();
    const title = `Keyboard watch ${Date.now()}`;
    await keys.type(title);
    await keys.tabTo(page.getByRole("button", { name: "Save", exact: true }));
    await keys.press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/savedsearches$/);
    await expect(page.getByText(`Search saved as “${title}”.`)).toBeVisible();
    await keys.traverse();

    expect(keys.faults, "focus indicators that are missing or too faint").toEqual([]);
  });

  test("on a phone, the filters open from the keyboard and the header menu holds Search", async ({
    page,
  }) => {
    const keys = new Journey(page);
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto("/login");
    await hydrated(page);
    await keys.tabTo(page.getByLabel("Email"));
    await keys.type(USER);
    await keys.tabTo(page.getByLabel("Password", { exact: true }));
    await keys.type(PASSWORD);
    await keys.press("Enter");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));

    await page.goto("/search?q=cancer");
    await hydrated(page);
    const filters = page.locator("details.filters-disclosure");
    await expect(filters).not.toHaveAttribute("open");
    await keys.tabTo(filters.locator("> summary"));
    await expect(filters.locator("> summary")).toHaveText("Filters (0 applied)");
    await keys.press("Enter");
    await expect(filters).toHaveAttribute("open", "");
    const oncology = page.getByRole("checkbox", { name: /^Oncology, [\d,]+ records?$/ });
    await keys.tabTo(oncology);
    await keys.press("Space");
    await keys.tabTo(page.getByRole("button", { name: "Apply filters" }).first());
    await keys.press("Enter");
    await expect(page).toHaveURL(/f=therapeuticArea%3AOncology/);
    await expect(page.locator("details.filters-disclosure > summary")).toHaveText(
      "Filters (1 applied)",
    );
    await keys.traverse();

    // Search and My Dashboard move into the menu on a phone.
    const menu = page.locator(".site-header details.avatar-menu");
    await keys.tabTo(menu.locator("> summary"));
    await keys.press("Enter");
    await keys.tabTo(menu.getByRole("link", { name: "My Dashboard" }));
    await keys.press("Enter");
    await expect(page).toHaveURL(/\/dashboard/);
    expect(keys.faults, "focus indicators that are missing or too faint").toEqual([]);
  });
});
