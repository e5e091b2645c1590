import { readFileSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { required } from "../../app/lib/required";
import { expect, logIn, test } from "./fixtures";

/** A small, real, two-page PDF with a stamp of its own, so its bytes are this test's. */
async function testPdf(stamp: string) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) pdf.addPage().drawText(`${stamp}: page ${n}`, { x: 50, y: 700, font });
  return Buffer.from(await pdf.save());
}

async function switchUser(page: Page, email: string) {
  await page.context().clearCookies();
  await logIn(page, email);
}

/** Clicks a link that answers with a file, and returns its name and bytes. */
async function downloadFrom(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test.describe("High Impact Reports", () => {
  test("an editor uploads a PDF, and a member finds it on /hir and downloads the same bytes", async ({
    page,
    axe,
  }) => {
    const stamp = `${test.info().project.name}-${Date.now().toString(36)}`;
    const title = `Test report ${stamp}`;
    const pdf = await testPdf(stamp);

    await logIn(page, "editor@example.org");
    await page.goto("/dashboard/managehirs");
    await page.getByRole("link", { name: "Upload a HIR" }).click();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("PDF file").setInputFiles({
      name: "report.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    // The description is missing: the summary says so, and nothing typed or sent is lost.
    await page.getByRole("button", { name: "Upload HIR" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "Enter a description" })).toBeVisible();
    await expect(page).toHaveTitle(/^Error: Upload a HIR/);
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await expect(page.getByText("report.pdf (1 KB) was received and is kept")).toBeVisible();
    await axe();
    await page.getByLabel("Description").fill(`What ${stamp} is about.`);
    await page.getByRole("button", { name: "Upload HIR" }).click();
    await expect(page.getByText(`HIR uploaded: “${title}”.`)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Published");

    await switchUser(page, "member@example.org");
    await page.goto("/");
    await page.getByRole("link", { name: "High Impact Reports" }).first().click();
    await expect(page).toHaveURL(/\/hir$/);
    await page.getByLabel("Search titles and descriptions").fill(stamp);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(
      `1 report matches '${stamp}', by title A–Z. Show every report`,
    );
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await axe();
    const file = await downloadFrom(page, () =>
      page
        .getByRole("link", { name: new RegExp(`^Download PDF\\s?: ${title} \\(1 KB\\)$`) })
        .click(),
    );
    expect(file.name).toBe(`${title}.pdf`);
    expect(file.bytes.equals(pdf)).toBe(true);

    // The editor archives it: it leaves the members' list; then deletes it.
    await switchUser(page, "editor@example.org");
    await page.goto("/dashboard/managehirs");
    await page.getByRole("button", { name: `Archive ${title}` }).click();
    await expect(page.getByText(`HIR archived: “${title}”.`)).toBeVisible();
    await switchUser(page, "member@example.org");
    await page.goto(`/hir?q=${stamp}`);
    await expect(page.getByRole("status")).toContainText(`No reports match '${stamp}'`);
    await switchUser(page, "editor@example.org");
    await page.goto("/dashboard/managehirs");
    await page.getByRole("link", { name: `Delete ${title}` }).click();
    await axe();
    await page.getByRole("button", { name: "Delete HIR" }).click();
    await expect(page.getByText(`HIR deleted: “${title}”.`)).toBeVisible();
  });

  test("a file over 50 MB is refused: before it is sent with JS, by the server without", async ({
    page,
    axe,
    jsEnabled,
  }, testInfo) => {
    // Just over the limit, so the server reads it (its body limit leaves room for the form).
    const path = testInfo.outputPath("big.pdf");
    const big = Buffer.alloc(50 * 1024 * 1024 + 512 * 1024, 0x20);
    big.write("%PDF-1.7\n");
    writeFileSync(path, big);
    await logIn(page, "editor@example.org");
    await page.goto("/dashboard/managehirs/new");
    // The check before sending is the page's script: it must be running before the click.
    if (jsEnabled) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByLabel("Title").fill("Too big");
    await page.getByLabel("Description").fill("Far too big.");
    await page.getByLabel("PDF file").setInputFiles(path);
    await page.getByRole("button", { name: "Upload HIR" }).click();
    if (jsEnabled) {
      // The browser refuses to send it and says why.
      expect(
        await page
          .getByLabel("PDF file")
          .evaluate((input: HTMLInputElement) => input.validationMessage),
      ).toBe("The file must be 50 MB or smaller");
      await expect(page).toHaveTitle(/^Upload a HIR/);
    } else {
      const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(
        summary.getByRole("link", { name: "The file must be 50 MB or smaller" }),
      ).toBeVisible();
      await expect(page.getByLabel("Title")).toHaveValue("Too big");
      await expect(page.getByLabel("Description")).toHaveValue("Far too big.");
      await axe();
    }
  });

  test("the Download HIR page starts the download with JS, and offers a link without", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    await logIn(page, "member@example.org");
    await page.goto("/hir");
    const href = required(
      await page.locator("a.hir-download").first().getAttribute("href"),
      "a report's download link",
    );
    const id = required(/\/hir\/(\d+)\/download/.exec(href)?.[1], "the report's id");
    const original = await page.request.get(href);
    const bytes = Buffer.from(await original.body());
    const path = `/downloadhir?id=${id}&title=${encodeURIComponent("Shared report: é")}`;

    if (jsEnabled) {
      const file = await downloadFrom(page, async () => {
        await page.goto(path);
      });
      expect(file.name).toBe("Shared report_ é.pdf");
      expect(file.bytes.equals(bytes)).toBe(true);
      await expect(page.getByText("HIR Download Success!")).toBeVisible();
      await expect(page.getByText("Please close this tab to continue.")).toBeVisible();
    } else {
      await page.goto(path);
      await expect(page.getByText("Your HIR is ready.")).toBeVisible();
      // Nothing claims a download that has not started.
      await expect(page.getByText("Your HIR is downloading now.")).toHaveCount(0);
      await expect(page.getByText("HIR Download Success!")).toHaveCount(0);
      const file = await downloadFrom(page, () =>
        page.getByRole("link", { name: /^Download Shared report: é \(PDF/ }).click(),
      );
      expect(file.name).toBe("Shared report_ é.pdf");
      expect(file.bytes.equals(bytes)).toBe(true);
    }
    await expect(page).toHaveTitle(/^Download HIR/);
    await axe();

    const missing = await page.goto("/downloadhir?id=999999");
    expect(missing?.status()).toBe(404);
    await expect(
      page.getByText("This report does not exist, or is no longer available."),
    ).toBeVisible();
    await axe();
  });

  test("upcoming HIRs lead to their records, whose page lists them", async ({ page, axe }) => {
    const stamp = `${test.info().project.name}-${Date.now().toString(36)}`;
    await logIn(page, "editor@example.org");
    await page.goto("/dashboard/managehirtopics");
    await page.getByRole("link", { name: "Add a topic" }).click();
    await page.getByLabel("Title of the topic").fill(`Topic ${stamp}`);
    await page.getByLabel("HSS ID of the record").fill("HSS-999999");
    await page.getByLabel("Biosimilar").check();
    await page.getByRole("button", { name: "Add topic" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(
      summary.getByRole("link", { name: "No published record has the HSS ID HSS-999999" }),
    ).toBeVisible();
    await expect(page.getByLabel("Title of the topic")).toHaveValue(`Topic ${stamp}`);
    await expect(page.getByLabel("Biosimilar")).toBeChecked();
    await axe();
    await page.getByLabel("HSS ID of the record").fill("HSS-000001");
    await page.getByRole("button", { name: "Add topic" }).click();
    await expect(page.getByText(`Topic added: “Topic ${stamp}”.`)).toBeVisible();
    try {
      await switchUser(page, "member@example.org");
      await page.goto("/upcoming-hir");
      const row = page.getByRole("row", { name: new RegExp(`Topic ${stamp}`) });
      await expect(row).toContainText("Biosimilar");
      await axe();
      await row.getByRole("link").click();
      await expect(page).toHaveURL(/\/record\/HSS-000001$/);
      const section = page.locator("section").filter({
        has: page.getByRole("heading", { level: 2, name: "High Impact Reports" }),
      });
      await expect(section.getByText(`Topic ${stamp}`)).toBeVisible();
    } finally {
      await switchUser(page, "editor@example.org");
      await page.goto("/dashboard/managehirtopics");
      await page.getByRole("link", { name: `Delete Topic ${stamp}` }).click();
      await page.getByRole("button", { name: "Delete topic" }).click();
      await expect(page.getByText(`Topic deleted: “Topic ${stamp}”.`)).toBeVisible();
    }
  });
});
