import { required } from "../../app/lib/required";
import { expect, logIn, test } from "./fixtures";

/**
 * What a screen reader is given, read from the browser's accessibility tree (Playwright's
 * ariaSnapshot), not from the markup. The every-page test adds titles, repeated buttons
 * and icons on every page.
 */

test.describe("screen-reader semantics", () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page }) => {
    await logIn(page, "member@example.org");
  });

  test("the result count is a status, updated in place; every facet box names its count", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/search?q=cancer");
    if (jsEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const status = page.getByRole("status").filter({ hasText: /^\s*[\d,]+ results?\b/ });
    await expect(status).toHaveCount(1);
    await expect(status).toHaveText(/[\d,]+ results?/);
    const before = await status.textContent();

    const filters = page.getByRole("complementary", { name: /filters/i });
    const tree = await filters.ariaSnapshot();
    const boxes = [...tree.matchAll(/- checkbox "([^"]*)"/g)].map((match) => match[1]);
    expect(boxes.length, "facet checkboxes in the tree").toBeGreaterThan(10);
    expect(boxes.filter((name) => !/^.+, [\d,]+ records?$/.test(name))).toEqual([]);

    // With JS the same live region stays in the page and its words change, which is what
    // a screen reader announces; without JS the new page reads it as part of the page.
    await status.evaluate((element) => {
      element.setAttribute("data-probe", "kept");
    });
    await page.getByRole("checkbox", { name: /^Active, [\d,]+ records?$/ }).check();
    await page.getByRole("button", { name: "Apply filters" }).last().click();
    await expect(page).toHaveURL(/f=recordStatus%3AActive/);
    await expect(status).not.toHaveText(required(before, "the count before"));
    await expect(page.locator("[role=status][data-probe=kept]")).toHaveCount(jsEnabled ? 1 : 0);
    if (jsEnabled) {
      await expect(page.locator("[role=status][data-probe=kept]")).toHaveText(/[\d,]+ results?/);
    }
  });

  test("on a phone the results come first, the filters wait closed in a disclosure, and the chosen ones stay visible", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto("/search?q=cancer&f=therapeuticArea%3AOncology");
    const filters = page.locator("details.filters-disclosure");
    await expect(filters).not.toHaveAttribute("open");
    await expect(filters.locator("> summary")).toHaveText("Filters (1 applied)");
    await expect(page.getByRole("checkbox", { name: /^Oncology, / })).toBeHidden();
    await expect(
      page
        .getByRole("region", { name: "Selected filters" })
        .getByRole("link", { name: /Therapeutic area: Oncology/ }),
    ).toBeVisible();
    // The first result starts within about one screen, not nine.
    const first = required(
      await page.locator(".result-card").first().boundingBox(),
      "the first result's box",
    );
    expect(first.y).toBeLessThan(1000);
    // The disclosure opens natively, with or without scripts.
    await filters.locator("> summary").click();
    await expect(filters).toHaveAttribute("open", "");
    await expect(page.getByRole("checkbox", { name: /^Oncology, / })).toBeChecked();
  });

  test("on a 320 px phone the selection's bulk choices wait in a disclosure and the first result starts within one and a half screens", async ({
    page,
    jsEnabled,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/search?q=cancer");
    if (jsEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const selectPage = page.getByRole("button", { name: "Select all on this page" });
    await expect(selectPage).toBeHidden();
    const first = required(
      await page.locator(".result-card").first().boundingBox(),
      "the first result's box",
    );
    expect(first.y).toBeLessThanOrEqual(960);
    await page.locator("details.select-many > summary").click();
    await selectPage.click();
    await expect(page.locator(".selection-count")).toHaveText(/^Selected \d+ result\(s\)/);
    await page.getByRole("button", { name: "Clear All" }).click();
    await expect(page.locator(".selection-count")).toHaveText("No results selected");
    // Wider, the same two buttons stand in the row, no disclosure to open.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator("details.select-many > summary")).toBeHidden();
    await expect(selectPage).toBeVisible();
  });

  test("the regulatory timeline is an image with a text alternative, and a table of the same events", async ({
    page,
  }) => {
    await page.goto("/record/HSS-000001");
    const timeline = page.locator(".timeline");
    const chart = timeline.getByRole("img", {
      name: /^Regulatory timeline: \d+ events? \((\d+ EMA)?(, )?(\d+ FDA)?\).* The same events are listed in the table of regulatory events\.$/,
    });
    await expect(chart).toHaveCount(1);
    const table = timeline.getByRole("table", { name: "Regulatory events, oldest first" });
    await expect(table).toHaveCount(1);
    // The table sits in its own named, focusable scroll region.
    await expect(
      timeline.getByRole("region", { name: "Regulatory events, oldest first" }),
    ).toHaveAttribute("tabindex", "0");
    const name = required(await chart.getAttribute("aria-labelledby"), "the chart's label");
    const summary = required(await page.locator(`[id="${name}"]`).textContent(), "its text");
    const count = Number(required(/(\d+) events?/.exec(summary), "the event count")[1]);
    expect(await table.getByRole("row").count(), "a table row for every event").toBe(count + 1);
  });

  test("repeated buttons on the saved searches page carry each search's name", async ({
    page,
  }, testInfo) => {
    for (const name of ["Alpha", "Beta"]) {
      const title = `${name} watch (${testInfo.project.name}) ${Date.now()}`;
      await page.goto(`/dashboard/savedsearches/new?q=${name.toLowerCase()}`);
      await page.getByLabel("Title").fill(title);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText(`Search saved as “${title}”.`)).toBeVisible();
      const saved = page.getByRole("article", { name: title });
      // Closed, each disclosure reads as its summary, which names the search.
      const closed = await page.getByRole("main").ariaSnapshot();
      expect(closed).toContain(`- group: Rename or set alert for “${title}”`);
      await saved.locator("summary", { hasText: "Rename or set alert" }).click();
      const tree = await page.getByRole("main").ariaSnapshot();
      expect(tree).toContain(`- button "Rename “${title}”"`);
      expect(tree).toContain(`- button "Save alert for “${title}”"`);
      // Deleting asks first: a disclosure named for the search, and inside it the button.
      expect(tree).toContain(`- group: Delete “${title}”`);
      await saved.locator("summary", { hasText: "Delete" }).click();
      await expect(saved.getByRole("button", { name: `Yes, delete “${title}”` })).toBeVisible();
      expect(await page.getByRole("main").ariaSnapshot()).not.toMatch(
        /- button "(Yes, delete|Rename)"$/m,
      );
    }
  });
});
