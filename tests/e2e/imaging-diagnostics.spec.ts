import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import type { Browser, Page } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";

// The e2e server's demo list: 60 entries, 5 of them archived. The member's selection is the
// shared demo member's, so each test clears it when it ends.

const selectionCount = (page: Page) => page.locator(".selection-count");

async function clearSelection(page: Page) {
  await page.goto("/imagingdiagnostics");
  // With scripts, the click waits until the page has hydrated: in one CI run a click on Clear
  // All in that moment left the selection as it was.
  if (test.info().project.use.javaScriptEnabled !== false)
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const clear = page.getByRole("button", { name: "Clear All" });
  if (await clear.count()) await clear.click();
  await expect(selectionCount(page)).toHaveText("No entries selected");
}

/** The chemical names (column 3) of an XLSX's rows, after its header. */
async function namesIn(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const names: unknown[] = [];
  workbook.worksheets[0].eachRow((row, n) => {
    if (n === 1) expect(row.getCell(3).value).toBe("Chemical name");
    else names.push(row.getCell(3).value);
  });
  return names;
}

/** A member's page in its own browser context, in the same JS mode as the test. */
async function memberPage(browser: Browser, jsEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled: jsEnabled,
    baseURL: test.info().project.use.baseURL,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await logIn(page, "member@example.org");
  return page;
}

test.describe("imaging and diagnostics", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a member filters, selects two entries and exports them at once", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    await logIn(page, "member@example.org");
    try {
      await clearSelection(page);
      if (jsEnabled) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      await page.getByLabel("Category").selectOption("PET radiopharmaceutical");
      await page.getByLabel("Name, code or indication contains").fill("prostate");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(
        /\/imagingdiagnostics\?q=prostate&category=PET\+radiopharmaceutical$/,
      );
      await expect(page.locator(".result-count")).toHaveText(
        "5 entries match the filters, latest event first",
      );
      const rows = page.locator("#imaging-table tbody tr");
      await expect(rows).toHaveCount(5);
      await expect(page.getByRole("columnheader", { name: /^Latest event/ })).toHaveAttribute(
        "aria-sort",
        "descending",
      );
      await axe();

      // Sorted by chemical name through its column header (a link).
      await page.getByRole("link", { name: /^Chemical name/ }).click();
      await expect(page.getByRole("columnheader", { name: /^Chemical name/ })).toHaveAttribute(
        "aria-sort",
        "ascending",
      );
      const names = await rows.locator("th").allTextContents();
      expect(names).toEqual([...names].sort());
      const chosen = [names[1], names[3]];
      for (const [n, name] of chosen.entries()) {
        // The box's name is "Select", the chemical name and the trade name.
        await page.getByRole("checkbox", { name: `Select ${name} (` }).check();
        // With JS a tick is saved at once; without, the page's ticks go with a button.
        if (jsEnabled) await expect(selectionCount(page)).toHaveText(`Selected ${n + 1} result(s)`);
      }
      if (!jsEnabled) {
        await page.getByRole("button", { name: "Update selection" }).click();
        await expect(selectionCount(page)).toHaveText("Selected 2 result(s)");
      }
      await expect(page.locator("#export-hint")).toHaveText(
        "Export downloads an Excel (XLSX) file of the 2 entries you selected.",
      );
      await axe();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export", exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        /^imaging-and-diagnostics-\d{4}-\d{2}-\d{2}\.xlsx$/,
      );
      expect(await namesIn(readFileSync(await download.path()))).toEqual(chosen);
      // No dialog, no new page: the list is still there.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imaging and diagnostics");
    } finally {
      await clearSelection(page);
    }
  });

  test("an editor adds an entry with two events, archives it, and it leaves the members' list", async ({
    page,
    browser,
    axe,
    jsEnabled,
  }) => {
    const name = `testafluran ${test.info().project.name}-${Date.now().toString(36)}`;
    const member = await memberPage(browser, jsEnabled);
    await logIn(page, "editor@example.org");
    try {
      await page.goto("/dashboard/imagingdiagnostics");
      await page.getByRole("link", { name: "Add an entry" }).click();
      await expect(page).toHaveURL(/\/dashboard\/imagingdiagnostics\/new$/);
      // With JS the address changes a moment before the form is drawn, and the list it
      // replaces has a Category field of its own: wait for the form's heading.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Add an imaging and diagnostics entry",
      );
      await page.getByLabel("Category", { exact: true }).fill("PET radiopharmaceutical");
      // Five digits: the format check will ask for six.
      await page.getByLabel("EMA code").fill("EMEA/H/C/12345");
      await page.getByLabel("Chemical name").fill(name);
      await page.getByLabel("Indication statement").fill("PET imaging of test lesions in adults.");
      const first = page.getByRole("group", { name: "Event 1" });
      await first.getByLabel("Event name").selectOption("Validation");
      await first.getByLabel("Date").fill("2025-01-15");

      // A second row: the form comes back with everything typed kept.
      await page.getByRole("button", { name: "Add an event" }).click();
      const second = page.getByRole("group", { name: "Event 2" });
      await expect(second).toBeVisible();
      await expect(first.getByLabel("Date")).toHaveValue("2025-01-15");
      await expect(first.getByLabel("Event name")).toHaveValue(/\d+/);
      await expect(page.getByLabel("Chemical name")).toHaveValue(name);
      await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toHaveCount(
        0,
      );
      await second.getByLabel("Event name").selectOption("CHMP opinion");
      await second.getByLabel("Date").fill("2025-09-18");
      await page.getByRole("button", { name: "Add entry" }).click();

      // Told what is wrong, with nothing lost.
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(
        summary.getByRole("link", { name: /^Enter the EMA code as EMEA\/H\/C\// }),
      ).toBeVisible();
      await expect(page).toHaveTitle(/^Error: Add an imaging and diagnostics entry/);
      await expect(second.getByLabel("Date")).toHaveValue("2025-09-18");
      await axe();
      await page.getByLabel("EMA code").fill("EMEA/H/C/012345");
      await page.getByRole("button", { name: "Add entry" }).click();
      await expect(page.getByText(`Entry added: ${name}.`)).toBeVisible();

      // Members see it, with its latest event.
      await member.goto(`/imagingdiagnostics?q=${encodeURIComponent(name)}`);
      await expect(member.locator(".result-count")).toHaveText("1 entry matches the filters");
      await expect(member.getByRole("row").filter({ hasText: name })).toContainText(
        "CHMP opinionSep 18th 2025",
      );

      await page.goto(`/dashboard/imagingdiagnostics?q=${encodeURIComponent(name)}`);
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toContainText("Active");
      await expect(row.getByRole("button", { name: `Archive ${name}` })).toBeVisible();
      // Delete's page offers the kinder way out: archive instead (its own action, same form).
      await row.getByRole("link", { name: `Delete ${name}` }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete this entry?");
      await page.getByRole("button", { name: "Archive instead" }).click();
      await expect(page).toHaveURL(/\/dashboard\/imagingdiagnostics$/);
      await expect(page.getByText(`Archived: ${name}. Members no longer see it.`)).toBeVisible();
      await page.goto(`/dashboard/imagingdiagnostics?q=${encodeURIComponent(name)}`);
      await expect(row.getByText("Archived", { exact: true })).toBeVisible();
      await expect(row.getByRole("button", { name: `Unarchive ${name}` })).toBeVisible();
      await axe();

      await member.reload();
      await expect(member.locator(".result-count")).toHaveText("0 entries match the filters");
      await expect(member.getByRole("heading", { name: "No entries match" })).toBeVisible();

      // The row's own toggle brings it back.
      await row.getByRole("button", { name: `Unarchive ${name}` }).click();
      await expect(page.getByText(`Unarchived: ${name}. Members see it again.`)).toBeVisible();
      await expect(row.getByRole("button", { name: `Archive ${name}` })).toBeVisible();
      await member.reload();
      await expect(member.locator(".result-count")).toHaveText("1 entry matches the filters");
    } finally {
      await member.context().close();
      // Leave the shared server's list as it was.
      await page.goto(`/dashboard/imagingdiagnostics?q=${encodeURIComponent(name)}`);
      const remove = page.getByRole("link", { name: `Delete ${name}` });
      if (await remove.count()) {
        await remove.click();
        await page.getByRole("button", { name: "Delete entry" }).click();
        await expect(page.getByText(`Entry deleted: ${name}.`)).toBeVisible();
      }
    }
  });
});
