import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { Page } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";
import { required } from "../../app/lib/required";

// The e2e server's demo catalogue; each test starts its own search (other criteria clear
// any selection an earlier test left behind) and clears it too.

const selectionCount = (page: Page) => page.locator(".selection-count");
const boxes = (page: Page) => page.locator(".search-results input[type=checkbox][name=selected]");

/** Opens a search, ready for the selection: scripts running (with JS) and nothing selected. */
async function openSearch(page: Page, url: string, jsEnabled: boolean) {
  await page.goto(url);
  if (jsEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  if (await page.getByRole("button", { name: "Clear All" }).count()) {
    await page.getByRole("button", { name: "Clear All" }).click();
  }
  await expect(selectionCount(page)).toHaveText("No results selected");
}

/** Ticks the nth result: with JS that saves at once; without, "Update selection" sends the page's boxes. */
async function tick(page: Page, n: number, jsEnabled: boolean, expected: number) {
  const box = boxes(page).nth(n);
  const hssId = required(await box.getAttribute("value"), "the box's HSS ID");
  await box.check();
  if (!jsEnabled) await page.getByRole("button", { name: "Update selection" }).click();
  await expect(selectionCount(page)).toHaveText(`Selected ${expected} result(s)`);
  return hssId;
}

async function download(page: Page) {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download" }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^export\.(csv|xlsx|xml)$/);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

const csvIds = (bytes: Buffer) => {
  const text = bytes.toString("utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  expect(rows[0].slice(0, 2)).toEqual(["HSS ID", "Title"]);
  return rows.slice(1).map((row) => row[0]);
};

test.describe("selection and export", () => {
  test.describe.configure({ timeout: 120_000 });

  test("select two results on different pages, export them as CSV, then clear a selection", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    await logIn(page, "member@example.org");
    await openSearch(page, "/search?q=cancer&sort=title", jsEnabled);
    const first = await tick(page, 1, jsEnabled, 1);
    await axe();

    await page
      .getByRole("navigation", { name: "Search results pages" })
      .getByRole("link", { name: "Next page" })
      .click();
    await expect(page).toHaveTitle(/page 2/);
    await expect(page.locator(".search-results[aria-busy]")).toHaveCount(0);
    const second = await tick(page, 4, jsEnabled, 2);
    // The selection is kept while moving to a record and back.
    await page.locator(".result-card h2 a").first().click();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Search");
    await page.goBack();
    await expect(selectionCount(page)).toHaveText("Selected 2 result(s)");
    await expect(boxes(page).nth(4)).toBeChecked();

    await page.getByRole("link", { name: "Export", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Export");
    await expect(page.getByText("Export is under development")).toBeVisible();
    await expect(page.getByRole("link", { name: "exporting data in the FAQ" })).toHaveAttribute(
      "href",
      "/faq#EXPORTINGDATA",
    );
    await expect(page.getByLabel("The selected results (2)")).toBeChecked();
    await axe();
    await page.getByLabel(/^CSV/).check();
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await expect(page.getByText("Export Successful. Please download your file here.")).toBeVisible({
      timeout: 30_000,
    });
    await axe();
    const file = await download(page);
    expect(file.name).toBe("export.csv");
    expect(csvIds(file.bytes).sort()).toEqual([first, second].sort());

    // The export cleared the selection; a new one is emptied by Clear All.
    await page.getByRole("link", { name: "Back to the search" }).click();
    await expect(selectionCount(page)).toHaveText("No results selected");
    await page.getByRole("button", { name: "Select all on this page" }).click();
    await expect(selectionCount(page)).toHaveText("Selected 20 result(s)");
    await expect(boxes(page).first()).toBeChecked();
    await page.getByRole("button", { name: "Clear All" }).click();
    await expect(selectionCount(page)).toHaveText("No results selected");
    await expect(boxes(page).first()).not.toBeChecked();
  });

  test("an admin exports all results as XLSX", async ({ page, axe, jsEnabled }) => {
    await logIn(page, "admin@example.org");
    await openSearch(page, "/search?q=lymphoma", jsEnabled);
    const count = required(
      await page.locator(".result-count strong").textContent(),
      "the result count's text",
    );
    const total = Number(count.replace(/[^0-9]/g, ""));
    expect(total).toBeGreaterThan(20);
    await page.getByRole("button", { name: `Select all ${total} results` }).click();
    await expect(selectionCount(page)).toContainText(`Selected ${total} result(s)`);
    await expect(boxes(page).first()).toBeDisabled();
    await page.getByRole("link", { name: "Export", exact: true }).click();
    await page.getByLabel(`All ${total} results of this search`).check();
    await page.getByLabel(/^XLSX/).check();
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await expect(page.getByText("Export Successful. Please download your file here.")).toBeVisible({
      timeout: 30_000,
    });
    await axe();
    const file = await download(page);
    expect(file.name).toBe("export.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe("HSS ID");
  });

  test("a member's 'all results' takes the fallback: their selection", async ({
    page,
    jsEnabled,
  }) => {
    await logIn(page, "member@example.org");
    await openSearch(page, "/search?q=lymphoma&sort=title", jsEnabled);
    const chosen = await tick(page, 0, jsEnabled, 1);
    await page.getByRole("link", { name: "Export", exact: true }).click();
    await page.getByLabel(/^All [\d,]+ results of this search/).check();
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await expect(page.getByText("Export Successful. Please download your file here.")).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByText(
        "Exports of all results are for administrators, so your selection is exported instead",
      ),
    ).toBeVisible();
    expect(csvIds((await download(page)).bytes)).toEqual([chosen]);
  });

  test("an export with nothing selected says so, and offers only the way back", async ({
    page,
    axe,
  }) => {
    await logIn(page, "member@example.org");
    // A search with other criteria starts with nothing selected.
    await page.goto("/search?q=asthma");
    await page.goto("/export?q=asthma");
    // A member's "all results" would export that same empty selection: no form to fill in
    // and no button that could only fail, but the reason and the way back.
    await expect(page.getByText("Nothing is selected yet.")).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Export", exact: true })).toHaveCount(0);
    await axe();
    await page.getByRole("link", { name: "Back to the search" }).click();
    await expect(page).toHaveURL(/\/search\?q=asthma/);
  });

  test("an admin with nothing selected starts on all results", async ({ page }) => {
    await logIn(page, "admin@example.org");
    await page.goto("/search?q=asthma");
    await page.goto("/export?q=asthma");
    await expect(page.getByLabel("The selected results (0)")).toBeDisabled();
    await expect(page.getByLabel(/^All [\d,]+ results of this search/)).toBeChecked();
  });
});
