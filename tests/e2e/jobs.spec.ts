import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { clone, exampleRecords, jsonLines } from "../records";
import { expect, logIn, startJob, test, waitForJob } from "./fixtures";
import { required } from "../../app/lib/required";

/** The progress of a job as the page shows it: the bar, "n of m records", the time left. */
async function expectProgress(page: Page) {
  const section = page.locator(".job-progress");
  await expect(section).toBeVisible();
  await expect(section.locator("progress")).toHaveCount(1);
  await expect(section.locator(".job-count")).toHaveText(
    /^([\d,]+ of [\d,]+ records|[\d,]+ records so far|Your request is in the queue and starts in a moment\.)$/,
  );
  await expect(section.locator(".job-eta")).toHaveText(/left|Working out the time left/);
}

test.describe("background jobs", () => {
  test.describe.configure({ timeout: 180_000 });

  test("an admin's export of all results shows its progress page, then the download", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    await logIn(page, "admin@example.org");
    // Every record of the demo catalogue, as an XLSX of every field: a few seconds of work.
    await page.goto("/search");
    if (await page.getByRole("button", { name: "Clear All" }).count())
      await page.getByRole("button", { name: "Clear All" }).click();
    const total = Number(
      required(await page.locator(".result-count strong").textContent(), "the count").replace(
        /[^0-9]/g,
        "",
      ),
    );
    expect(total).toBeGreaterThanOrEqual(2000);
    await page.getByRole("button", { name: /^Select all [\d,]+ results$/ }).click();
    await page.getByRole("link", { name: "Export", exact: true }).click();
    await page.getByLabel(`All ${total.toLocaleString("en-GB")} results of this search`).check();
    await page.getByLabel(/^XLSX/).check();
    await page.getByRole("button", { name: "Export", exact: true }).click();

    await expect(page).toHaveURL(/\/export\/[\w-]+\?/);
    await expect(page).toHaveTitle(/^Export: in progress/);
    await expectProgress(page);
    await expect(
      page.getByText(
        jsEnabled
          ? "This page updates itself as the work goes on"
          : "This page reloads itself every 2 seconds",
      ),
    ).toBeVisible();
    await axe();

    // Without scripts the page reloads itself; with them it changes in place and says so.
    await expect(page.getByText("Export Successful. Please download your file here.")).toBeVisible({
      timeout: 120_000,
    });
    await expect(page).toHaveTitle(/^Export: download your file/);
    if (jsEnabled)
      await expect(page.locator("[aria-live=polite]")).toHaveText(
        "Your export is ready to download.",
      );
    await axe();
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download" }).click(),
    ]);
    expect(file.suggestedFilename()).toBe("export.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(total + 1);
  });

  test("a staff import of 5,000 records shows its progress, then the report, then applies it", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    // 5,000 records of their own (hssIds unique to this run), staged so that the catalogue
    // other tests search stays as it was; discarded at the end.
    const [example] = exampleRecords();
    const records = Array.from({ length: 5000 }, (_, index) => {
      const record = clone(example);
      record.hssId = `${example.hssId}-${index}`;
      record.title = `${example.title} ${index}`;
      // Under the upload's 20 MB: the trials and links are not what this test is about.
      record.clinicalTrials = {};
      record.relatedRecords = {};
      return record;
    });
    await logIn(page, "editor@example.org");
    await page.goto("/dashboard/records");
    await page.getByLabel("Records file").setInputFiles({
      name: "five-thousand.jsonl",
      mimeType: "application/json",
      buffer: Buffer.from(jsonLines(records)),
    });
    await page.getByLabel("Stage them for preview, to publish or discard here later").check();
    await page.getByRole("button", { name: "Check the file" }).click();

    // Sending 5,000 records (a few MB) may take a while on a busy machine.
    await expect(page).toHaveURL(/\/dashboard\/records\/imports\/\d+$/, { timeout: 30_000 });
    await expectProgress(page);
    await expect(page.locator("dl.facts").first()).toContainText("Being checked");
    await axe();

    await waitForJob(page, 120_000);
    await expect(
      page.getByRole("heading", {
        level: 2,
        name: "The file is valid. Applying it will make these changes",
      }),
    ).toBeVisible();
    await expect(page.locator("dl.facts").nth(1)).toContainText("New records5,000");
    if (jsEnabled)
      await expect(page.locator("[aria-live=polite]")).toHaveText(
        "The check is finished: the report is below.",
      );
    await axe();

    await startJob(
      page,
      () => page.getByRole("button", { name: "Stage 5,000 record(s) for preview" }).click(),
      120_000,
    );
    await expect(page.getByRole("heading", { level: 2, name: "Changes made" })).toBeVisible();
    await expect(page.locator("dl.facts").first()).toContainText("Applied");
    await axe();

    // The staged versions wait on Manage records; they are discarded, leaving things as they were.
    await page.goto("/dashboard/records");
    await expect(page.getByText(/5,0\d\d staged versions? waiting for review/)).toBeVisible();
    // Discarding asks first.
    await page.locator("summary", { hasText: /^Discard all/ }).click();
    await page.getByRole("button", { name: /^Yes, discard all/ }).click();
    await expect(page.getByText(/; 0 staged versions waiting for review\./)).toBeVisible();
  });
});
