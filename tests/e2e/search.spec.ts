import type { Page } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";
import { required } from "../../app/lib/required";

// The e2e server starts on a fresh demo catalogue (2,000 generated records).

const count = (page: Page) => page.locator(".result-count strong");
/**
 * The count on screen once the page has caught up. With JS, a client navigation changes the
 * URL a moment before React draws the new results; until then the old results carry aria-busy.
 */
async function resultCount(page: Page) {
  await expect(page.locator(".search-results[aria-busy]")).toHaveCount(0);
  const text = required(await count(page).textContent(), "the result count's text");
  return Number(text.replace(/[^0-9]/g, ""));
}
const facet = (page: Page, legend: string) =>
  page.getByRole("group", { name: legend, exact: true });
const selectedFilters = (page: Page) => page.locator(".selected-filters");

test.describe("search", () => {
  // Whole flows with axe on every page: longer than one page's worth of time.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await logIn(page, "member@example.org");
  });

  test("search, apply two filters, remove one, open a more page, page forward and switch to the table view", async ({
    page,
    axe,
  }) => {
    await page.goto("/search");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    // The demo catalogue, plus what other tests imported.
    const everything = await resultCount(page);
    expect(everything).toBeGreaterThanOrEqual(2000);
    await axe();

    // A scale or a process reads in its own order, not by count (app/search/facet-order.ts).
    const valuesOf = async (legend: string) =>
      (await facet(page, legend).locator("label > .visually-hidden").allTextContents()).map(
        (text) => text.replace(/, [\d,]+ records?$/, ""),
      );
    expect(await valuesOf("Price tier")).toEqual(["Low", "Medium", "High", "Very high"]);
    expect((await valuesOf("Trial phase")).join(" < ")).toMatch(
      /^(Phase I < )?Phase I\/II < Phase II < Phase II\/III < Phase III( < Phase IV)?$/,
    );
    // The pages: the first marked as current, Previous in its place but not a link.
    const pager = page.getByRole("navigation", { name: "Search results pages" });
    await expect(pager.locator('[aria-current="page"]')).toHaveText("Page 1");
    await expect(pager.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await expect(pager.locator(".pager-off")).toHaveCount(1);

    await page.getByLabel("Search records").fill("cancer");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/q=cancer/);
    await expect(page).toHaveTitle(/^Search “cancer”: [\d,]+ results, page 1/);
    const cancer = await resultCount(page);
    expect(cancer).toBeGreaterThan(100);
    expect(cancer).toBeLessThan(everything);
    await expect(page.locator(".result-card mark").first()).toHaveText(/cancer/i);

    await facet(page, "Therapeutic area")
      .getByRole("checkbox", { name: /^Oncology, [\d,]+ records?$/ })
      .check();
    await facet(page, "Record status")
      .getByRole("checkbox", { name: /^Active, [\d,]+ records?$/ })
      .check();
    await page.getByRole("button", { name: "Apply filters" }).last().click();
    await expect(
      selectedFilters(page).getByRole("link", { name: /Therapeutic area: Oncology/ }),
    ).toBeVisible();
    await expect(
      selectedFilters(page).getByRole("link", { name: /Record status: Active/ }),
    ).toBeVisible();
    const both = await resultCount(page);
    expect(both).toBeLessThan(cancer);
    await expect(
      facet(page, "Record status").getByRole("checkbox", { name: /^Active, [\d,]+ records?$/ }),
    ).toBeChecked();
    await axe();

    await selectedFilters(page)
      .getByRole("link", { name: /Record status: Active/ })
      .click();
    await expect(
      selectedFilters(page).getByRole("link", { name: /Record status: Active/ }),
    ).toHaveCount(0);
    // The panel is redrawn for the new search (with JS, inputs would otherwise keep their old state).
    await expect(
      facet(page, "Record status").getByRole("checkbox", { name: /^Active, [\d,]+ records?$/ }),
    ).not.toBeChecked();
    await expect(
      selectedFilters(page).getByRole("link", { name: /Therapeutic area: Oncology/ }),
    ).toBeVisible();
    const oneFilter = await resultCount(page);
    expect(oneFilter).toBeGreaterThan(both);

    await facet(page, "Company").getByRole("link", { name: /More/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Company values");
    await axe();
    await page.getByLabel("Order").selectOption("az");
    await page.getByRole("button", { name: "Show values" }).click();
    await expect(page).toHaveURL(/fsort=az/);
    const values = page.getByRole("group", { name: /^Company \(page 1 of/ }).getByRole("checkbox");
    // With scripts the address changes before the list is drawn again: wait for A to Z order.
    await expect
      .poll(async () => {
        const names = await values.evaluateAll((boxes) =>
          boxes.map((box) => (box as HTMLInputElement).value),
        );
        return names.join("|") === [...names].sort((a, b) => a.localeCompare(b)).join("|");
      }, "the company values in A to Z order")
      .toBe(true);
    const first = values.first();
    const firstName = ((await first.getAttribute("value")) ?? "").replace(/^company:/, "");
    await first.check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/search\?/);
    await expect(
      selectedFilters(page).getByRole("link", { name: `Company: ${firstName} (remove)` }),
    ).toBeVisible();
    await expect(
      selectedFilters(page).getByRole("link", { name: /Therapeutic area: Oncology/ }),
    ).toBeVisible();

    await selectedFilters(page)
      .getByRole("link", { name: /^Company:/ })
      .click();
    await page
      .getByRole("navigation", { name: "Search results pages" })
      .getByRole("link", { name: "Next page" })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveTitle(/page 2/);
    await expect(
      page
        .getByRole("navigation", { name: "Search results pages" })
        .locator('[aria-current="page"]'),
    ).toHaveText("Page 2");
    await expect(
      page
        .getByRole("navigation", { name: "Search results pages" })
        .getByRole("link", { name: "Previous page" }),
    ).toBeVisible();
    await expect(page.locator(".result-cards")).toHaveAttribute("start", "21");

    await page.getByRole("button", { name: "Table view" }).click();
    try {
      await expect(page.getByRole("table")).toBeVisible();
      await expect(page.getByRole("button", { name: "Table view" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(page).toHaveURL(/page=2/);
      // The table takes the page's width: the filters wait above it, closed, at 1280 px too.
      const filters = page.locator("details.filters-disclosure");
      await expect(filters.locator("> summary")).toHaveText("Filters (1 applied)");
      await expect(filters).not.toHaveAttribute("open");
      await expect(page.getByRole("checkbox", { name: /^Oncology/ })).toBeHidden();
      await axe();
      // The preference is the user's: a new search keeps the table.
      await page.goto("/search?q=lymphoma");
      await expect(page.getByRole("table")).toBeVisible();
    } finally {
      // Back to cards, saved for the user, even when a step above failed: the tests after this
      // one sign in as the same member and expect the filters beside the results.
      await page.goto("/search?q=lymphoma");
      await page.getByRole("button", { name: "Card view" }).click();
    }
    await expect(page.locator(".result-cards")).toBeVisible();
  });

  test("offers Did you mean, explains bad input, and an empty result has a way out", async ({
    page,
    axe,
  }) => {
    await page.goto("/search?q=micesertb");
    await expect(count(page)).toHaveText("0 results");
    await expect(page.getByRole("heading", { name: "No records match this search" })).toBeVisible();
    await page.getByRole("link", { name: "micesertib" }).click();
    await expect(page).toHaveURL(/q=micesertib/);
    await expect(page).toHaveTitle(/^Search “micesertib”: [\d,]+ results?, page 1/);
    expect(await resultCount(page)).toBeGreaterThan(0);

    // Substance names are too many to list: a box takes one (suggesting names when JS runs).
    await page.goto("/search");
    await page.getByLabel("Substance name", { exact: true }).fill("micesertib");
    await page.getByRole("button", { name: "Apply filters" }).last().click();
    await expect(
      selectedFilters(page).getByRole("link", { name: "Substance name: micesertib (remove)" }),
    ).toBeVisible();
    expect(await resultCount(page)).toBeGreaterThan(0);

    const response = await page.goto("/search?luFrom=2026-02-30&f=nosuch:1&page=x");
    expect(response?.status()).toBe(200);
    const notice = page.locator(".notice");
    await expect(notice).toContainText(
      'The last updated from date "2026-02-30" is not a real date',
    );
    await expect(notice).toContainText('"nosuch" is not a filter here');
    await expect(notice).toContainText("the first page is shown");
    expect(await resultCount(page)).toBeGreaterThanOrEqual(2000);
    await axe();
  });

  test("an advanced search with an added row, and its errors", async ({ page, axe, jsEnabled }) => {
    await page.goto("/advancedsearch");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Advanced search");
    await axe();
    const row = (n: number) => page.getByRole("group", { name: `Row ${n}` });
    // With scripts a row shows only the fields its operator uses; without, every field shows,
    // its label saying which operators it is for.
    const dates = row(1).getByLabel("From date (for between dates)");
    if (jsEnabled) await expect(dates).toBeHidden();
    else await expect(dates).toBeVisible();
    await row(1).getByLabel("Field").selectOption("company");
    await row(1).getByLabel("Operator").selectOption("contains");
    await row(1).getByLabel("Value (for contains, is, is not)").fill("Norvane");
    await page.getByRole("button", { name: "Add row" }).click();
    await expect(row(2)).toBeVisible();
    // What was typed in row 1 is still there.
    await expect(row(1).getByLabel("Value (for contains, is, is not)")).toHaveValue("Norvane");
    await expect(row(1).getByLabel("Field")).toHaveValue("company");
    await row(2).getByLabel("Join with the rows before").selectOption("or");
    await row(2).getByLabel("Field").selectOption("company");
    await row(2).getByLabel("Value (for contains, is, is not)").fill("Corvance");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.locator(".advanced-search-bar")).toContainText(
      'Company contains "Norvane" OR Company contains "Corvance"',
    );
    const either = await resultCount(page);
    expect(either).toBeGreaterThan(0);
    await axe();

    // Removing the first row: what was typed in the second moves up with it.
    await page.getByRole("button", { name: "Remove row 1" }).click();
    await expect(row(2)).toHaveCount(0);
    await expect(row(1).getByLabel("Field")).toHaveValue("company");
    await expect(row(1).getByLabel("Value (for contains, is, is not)")).toHaveValue("Corvance");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.locator(".advanced-search-bar")).toContainText('Company contains "Corvance"');
    await expect(page.locator(".advanced-search-bar")).not.toContainText("Norvane");
    const one = await resultCount(page);
    expect(one).toBeLessThan(either);

    // A date field with a text operator: the error summary names the row and links to the field.
    await row(1).getByLabel("Field").selectOption("lastUpdated");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveTitle(/^Error: Advanced search/);
    const summary = page.getByRole("alert");
    await expect(summary).toContainText('Row 1: Last updated is a date: choose "between dates"');
    // Beside the field, inside Row 1's own fieldset, the row is not said again.
    await expect(row(1).locator(".field-error")).toHaveText(
      'Error: Last updated is a date: choose "between dates"',
    );
    await axe();
    await row(1).getByLabel("Operator").selectOption("between");
    if (jsEnabled) await expect(row(1).getByLabel("Value (for contains, is, is not)")).toBeHidden();
    await row(1).getByLabel("From date (for between dates)").fill("2025-01-01");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/dateFrom=2025-01-01/);
    expect(await resultCount(page)).toBeGreaterThan(0);

    // Enter in a box runs the search, the page's purpose, not Add row (the first button drawn).
    await row(1).getByLabel("From date (for between dates)").fill("2025-06-01");
    await row(1).getByLabel("From date (for between dates)").press("Enter");
    await expect(page).toHaveURL(/dateFrom=2025-06-01/);
    await expect(page).not.toHaveURL(/addRow/);
    await expect(row(2)).toHaveCount(0);
    expect(await resultCount(page)).toBeGreaterThan(0);
  });

  test("every example on the search tips page finds records", async ({ page, axe }) => {
    await page.goto("/searchtips");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search tips");
    await axe();
    const hrefs = await page
      .locator("[data-example]")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThanOrEqual(9);
    let quotedOnce = 0;
    for (const [index, link] of hrefs.entries()) {
      const href = required(link, `an href on search tip example ${index + 1}`);
      await page.goto(href);
      if (href.includes("micesertb"))
        await expect(page.getByRole("link", { name: "micesertib" })).toBeVisible();
      else expect(await resultCount(page), href).toBeGreaterThan(0);
      // A phrase that is one quoted phrase whole is quoted once in the results line.
      const whole = /^"([^"]+)"$/.exec(new URL(href, "http://x").searchParams.get("q") ?? "");
      if (whole) {
        await expect(page.locator(".result-count")).toContainText(`for “${whole[1]}”`);
        quotedOnce++;
      }
    }
    expect(quotedOnce, "search tips with a quoted phrase").toBeGreaterThan(0);
  });
});
