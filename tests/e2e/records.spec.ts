import type { Page } from "@playwright/test";
import { clone, exampleRecords, jsonLines, progressedExample } from "../records";
import { expect, logIn, startJob, test, waitForJob } from "./fixtures";
import { required } from "../../app/lib/required";

/** Uploads records on /dashboard/records and waits for the validation report. */
async function upload(
  page: Page,
  content: string,
  options: { name?: string; mode?: "publish" | "preview" } = {},
) {
  await page.goto("/dashboard/records");
  await page.getByLabel("Records file").setInputFiles({
    name: options.name ?? "records.jsonl",
    mimeType: "application/json",
    buffer: Buffer.from(content),
  });
  await page
    .getByLabel(
      options.mode === "preview"
        ? "Stage them for preview, to publish or discard here later"
        : "Publish the changes at once",
    )
    .check();
  await page.getByRole("button", { name: "Check the file" }).click();
  if (options.name?.endsWith(".txt")) return;
  await waitForJob(page);
}

/** Presses Publish or Stage on an import's report and waits until the import is applied. */
async function apply(page: Page, name: string | RegExp) {
  await startJob(page, () => page.getByRole("button", { name }).click());
  await expect(page.getByRole("heading", { level: 2, name: "Changes made" })).toBeVisible();
}

/** A fact's value by its label; a label with a glossary entry also says "(in the glossary)". */
function facts(page: Page, term: string) {
  return page
    .locator("dl.facts > div")
    .filter({
      has: page.locator("dt", { hasText: new RegExp(`^${term}( \\(in the glossary\\))?$`) }),
    })
    .locator("dd");
}

test.describe("records", () => {
  test("a second import writes exactly the expected change log, shown on the record page with its sections and timeline", async ({
    page,
    axe,
  }) => {
    const [a, b] = exampleRecords();
    await logIn(page, "editor@example.org");
    await upload(page, jsonLines([a, b]));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Import report: records.jsonl",
    );
    await expect(facts(page, "New records")).toHaveText("2");
    await axe();
    await apply(page, "Publish 2 record(s)");
    await expect(facts(page, "State")).toHaveText("Applied");
    await expect(facts(page, "New records")).toHaveText("2");
    await axe();

    const changed = progressedExample(a);
    await upload(page, jsonLines([changed, b]), { name: "second.jsonl" });
    await expect(facts(page, "Changed records")).toHaveText("1");
    await expect(facts(page, "Unchanged records")).toHaveText("1");
    await expect(facts(page, "Change-log entries")).toHaveText("5");
    await apply(page, "Publish 1 record(s)");

    await page.goto(`/record/${a.hssId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.title);
    await expect(page).toHaveTitle(new RegExp(`^${a.title}`));
    const contents = page.getByRole("navigation", { name: "Contents" });
    for (const name of [
      "Key facts",
      "Active compound",
      "Regulatory information",
      "EMA",
      "FDA",
      "Clinical trials",
      "Related records",
      "Record change log",
    ]) {
      await expect(contents.getByRole("link", { name, exact: true })).toBeVisible();
    }
    for (const name of [
      "Key facts",
      "Active compound",
      "Estimated indication",
      "Comparators",
      "Organisations",
      "Analysis",
      "References",
      "Record change log",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(
      page.getByRole("heading", { level: 3, name: "EU clinical trial registries" }),
    ).toBeVisible();
    await expect(facts(page, "EU regulatory status").first()).toHaveText("CHMP positive opinion");

    // The trials, ten facts each, are a block a trial at every width: no sideways scrolling,
    // and the title across the block, not a table column squeezed to a word a line.
    const trials = page.getByRole("table", { name: "Trials in EU registries" });
    await expect(trials.getByRole("rowheader").first()).toHaveText(
      required(a.clinicalTrials.euClinicalTrialRegistries?.[0], "an EU trial").trialId,
    );
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      const fit = await trials.evaluate((table) => {
        const box = table.closest(".table-scroll") as HTMLElement;
        const title = table.querySelector("tbody .title-cell") as HTMLElement;
        return {
          sideways: box.scrollWidth - box.clientWidth,
          title: title.getBoundingClientRect().width / box.clientWidth,
        };
      });
      expect(fit.sideways, `trials at ${width} px`).toBe(0);
      expect(fit.title, `the trial's title at ${width} px`).toBeGreaterThan(0.95);
    }

    // On a phone the contents are a closed disclosure, so the record starts in the first screen.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(contents.getByRole("link", { name: "Key facts", exact: true })).toBeHidden();
    await contents.getByText("Contents", { exact: true }).first().click();
    await expect(contents.getByRole("link", { name: "Key facts", exact: true })).toBeVisible();
    if (wide) await page.setViewportSize(wide);

    // The timeline: an SVG image named by its caption, and the same events as a table.
    await expect(
      page.getByRole("img", {
        name: /Regulatory timeline: 6 events \(3 EMA, 3 FDA\) from Nov 18th 2024 to Oct 16th 2026/,
      }),
    ).toBeVisible();
    const events = page.getByRole("table", { name: "Regulatory events, oldest first" });
    await expect(events.getByRole("row")).toHaveCount(7);
    await expect(events.getByRole("row").nth(1)).toContainText("Nov 18th 2024");
    await expect(events.getByRole("row").nth(6)).toContainText("CHMP opinion");

    const log = page.getByRole("table", { name: "Record change log, newest first" });
    await expect(log.getByRole("row")).toHaveCount(6);
    await expect(log).toContainText("MAA under evaluation");
    await expect(log).toContainText("NCT05874417 › Status");
    await expect(log).toContainText("Kestrel Bio AG");
    await axe();

    await page.getByRole("link", { name: b.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(b.title);
  });

  test("an invalid file is rejected whole with its errors listed, and a wrong file type gets a clear error", async ({
    page,
    axe,
  }) => {
    const [a, b] = exampleRecords();
    const bad = clone(a) as Record<string, unknown>;
    bad.lastUpdated = "2026-02-30";
    delete bad.organisations;
    await logIn(page, "editor@example.org");
    await upload(page, jsonLines([b, bad]));
    await expect(
      page.getByRole("heading", { level: 2, name: "The file was rejected: 2 errors" }),
    ).toBeVisible();
    await expect(page.getByText("Nothing was changed.")).toBeVisible();
    const errors = page.getByRole("table", { name: "Errors, in file order" });
    const cells = async (row: number) =>
      errors.getByRole("row").nth(row).getByRole("cell").allTextContents();
    expect(await cells(1)).toEqual(["2", "2", a.hssId, "lastUpdated", "is not a real date"]);
    expect((await cells(2)).slice(0, 4)).toEqual(["2", "2", a.hssId, "organisations"]);
    await expect(page.getByRole("button", { name: /Publish/ })).toHaveCount(0);
    await axe();
    const missing = await page.goto(`/record/${b.hssId}`);
    expect(missing?.status()).toBe(404);

    await upload(page, "just some notes", { name: "notes.txt" });
    await expect(page).toHaveTitle(/^Error: Manage records/);
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(
      summary.getByRole("link", {
        name: "The file must be a JSON or JSON Lines file (.json, .jsonl or .ndjson)",
      }),
    ).toBeVisible();
    await expect(
      page.getByLabel("Stage them for preview, to publish or discard here later"),
    ).not.toBeChecked();
    await axe();
  });

  test("staged changes show only in preview until published", async ({ page, axe }) => {
    const [a] = exampleRecords();
    await logIn(page, "editor@example.org");
    await upload(page, jsonLines([a]));
    await apply(page, "Publish 1 record(s)");
    const changed = clone(a);
    changed.title = `${a.title} (revised)`;
    await upload(page, jsonLines([changed]), { mode: "preview" });
    await expect(facts(page, "Changes")).toHaveText("To be staged for preview");
    await apply(page, "Stage 1 record(s) for preview");
    await expect(facts(page, "Changes")).toHaveText("Staged for preview");
    await page.goto("/dashboard/records");
    const staged = page.getByRole("table", { name: /Staged versions/ });
    await expect(staged.getByRole("row", { name: new RegExp(a.hssId) })).toBeVisible();
    await axe();

    await page.goto(`/record/${a.hssId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(a.title);

    await page.goto(`/record/preview/${a.hssId}`);
    await expect(page.getByText("Record Preview Enabled")).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(changed.title);
    const log = page.getByRole("table", { name: "Record change log, newest first" });
    await expect(log).toContainText("(pending)");
    await expect(log).toContainText(changed.title);
    await axe();

    await page.getByRole("button", { name: "Publish this version" }).click();
    await expect(page).toHaveURL(/\/dashboard\/records$/);
    await expect(page.getByText("Published 1 staged version.")).toBeVisible();
    await page.goto(`/record/${a.hssId}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(changed.title);
  });

  test("print: choose sections, see only those in the print preview, and find the choice remembered", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    // The choice is remembered per user: each JS mode starts from a user who has never printed.
    await logIn(page, jsEnabled ? "member@example.org" : "reports@example.org");
    await page.goto("/record/HSS-000001");
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    await page.getByRole("link", { name: "Print" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Print: choose sections");
    const boxes = page.getByRole("group", { name: "Sections to print" }).getByRole("checkbox");
    await expect(boxes).toHaveCount(25);
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    await axe();

    await page.getByRole("button", { name: "Clear all" }).click();
    await expect(page).toHaveURL(/select=none/);
    for (const box of await boxes.all()) await expect(box).not.toBeChecked();
    await page.getByRole("button", { name: "Show print preview" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(
      page.getByRole("link", { name: "Select at least one section to print" }),
    ).toBeVisible();
    await axe();

    await page.getByLabel("Key facts").check();
    await page.getByLabel("EMA", { exact: true }).check();
    await page.getByRole("button", { name: "Show print preview" }).click();
    await expect(page).toHaveURL(/\/printpreview\?/);
    await expect(page.getByText("Print Preview Enabled")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(required(title, "the title"));
    await expect(page.getByRole("heading", { level: 2, name: "Key facts" })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: "Regulatory information" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "EMA" })).toBeVisible();
    for (const name of ["Comparators", "Organisations", "Record change log", "Clinical trials"]) {
      await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole("heading", { level: 3, name: "FDA" })).toHaveCount(0);
    if (jsEnabled) {
      await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
    } else {
      await expect(page.getByRole("button", { name: "Print" })).toHaveCount(0);
      await expect(page.getByText("use your browser’s Print command")).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute(
      "href",
      "/record/HSS-000001",
    );
    await axe();

    await page.goto("/record/HSS-000001/print");
    await expect(page.getByLabel("Key facts")).toBeChecked();
    await expect(page.getByLabel("EMA", { exact: true })).toBeChecked();
    await expect(page.getByLabel("Comparators")).not.toBeChecked();
    await page.getByRole("button", { name: "Select all" }).click();
    for (const box of await boxes.all()) await expect(box).toBeChecked();
  });

  test("an unknown hssId is the 404 page, and members are refused the staff record pages", async ({
    page,
    axe,
  }) => {
    await logIn(page, "member@example.org");
    const response = await page.goto("/record/NO-SUCH-RECORD");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await axe();
    for (const path of [
      "/dashboard/records",
      "/dashboard/records/imports/1",
      "/record/preview/HSS-000001",
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/notallowed$/);
    }
  });
});
