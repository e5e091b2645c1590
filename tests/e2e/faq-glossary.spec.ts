import type { Page } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";

/** The questions of the FAQ order, top to bottom, as the manage page lists them. */
const questions = (page: Page) =>
  page.locator("ol.reorder-list .reorder-question").allTextContents();

test.describe("FAQ and glossary", () => {
  test("the export page's link lands on the FAQ's exporting entry", async ({ page, axe }) => {
    await logIn(page, "member@example.org");
    await page.goto("/export");
    await page.getByRole("link", { name: "exporting data in the FAQ" }).click();
    await expect(page).toHaveURL(/\/faq#EXPORTINGDATA$/);
    const entry = page.locator("#EXPORTINGDATA");
    await expect(entry).toHaveText("How do I export records?");
    await expect(entry).toBeInViewport();
    await axe();

    // The search filters on the server, with or without scripts.
    await page.getByLabel("Search the FAQs").fill("export");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("2 questions match 'export'");
    await expect(page.getByRole("heading", { level: 3 })).toHaveText([
      "How do I export records?",
      "Which fields does an export include?",
    ]);
    await axe();
  });

  test("an editor adds a question, is told what is missing, and moves it up", async ({
    page,
    axe,
  }) => {
    await logIn(page, "editor@example.org");
    await page.goto("/dashboard/managefaqs");
    await page.getByRole("link", { name: "Add a question" }).click();
    const question = `Can I share a saved search ${test.info().project.name}-${Date.now().toString(36)}?`;
    await page.getByLabel("Category").fill("Saved searches and alerts");
    await page.getByLabel("Question").fill(question);
    await page.getByRole("button", { name: "Add question" }).click();
    // Nothing lost: the summary links to the answer, and the question is still there.
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "Enter the answer" })).toBeVisible();
    await expect(page.getByLabel("Question")).toHaveValue(question);
    await expect(page).toHaveTitle(/^Error: Add a question/);
    await axe();
    await page.getByLabel("Answer").fill("Not yet: each saved search belongs to **one** account.");
    await page.getByRole("button", { name: "Add question" }).click();
    await expect(page.getByText(`Question added: “${question}”`)).toBeVisible();

    const before = await questions(page);
    expect(before.at(-1)).toBe(question);
    await page.getByRole("button", { name: `Move up “${question}”` }).click();
    const moved = `Question “${question}” moved to position ${before.length - 1} of ${before.length}.`;
    await expect(page.getByText(moved)).toHaveCount(1);
    await expect(page.getByText("The order has changed and is not saved yet.")).toBeVisible();
    expect((await questions(page)).at(-2)).toBe(question);
    await axe();
    await page.getByRole("button", { name: "Save order" }).click();
    await expect(
      page.getByText(`The order of the ${before.length} questions is saved.`),
    ).toBeVisible();
    await page.reload();
    expect((await questions(page)).at(-2)).toBe(question);
    // Members see it in its category on the FAQ page.
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 3, name: question })).toBeVisible();
  });

  test("the glossary filtered by section", async ({ page, axe }) => {
    await logIn(page, "member@example.org");
    await page.goto("/glossary");
    await page.getByLabel("Record section").selectOption({ label: "Regulatory information: FDA" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\/glossary\?q=&section=fda$/);
    await expect(page.getByRole("status")).toContainText(
      "5 entries match the filter (section FDA)",
    );
    await expect(page.getByRole("heading", { level: 2, name: "FDA" })).toBeVisible();
    await expect(page.locator(".glossary-section h2")).toHaveText(["FDA"]);
    await expect(page.locator(".glossary-entry h3")).toHaveText([
      "Application number",
      "Application type",
      "Breakthrough therapy",
      "Fast track",
      "FDA regulatory status",
    ]);
    await axe();
  });

  test("a record page's field label leads to its glossary entry", async ({ page, axe }) => {
    await logIn(page, "member@example.org");
    await page.goto("/search?q=cancer");
    await page.locator(".search-results a[href^='/record/']").first().click();
    await expect(page).toHaveURL(/\/record\/[\w-]+$/);
    const label = page
      .locator("#section-activeCompound")
      .locator("..")
      .getByRole("link", { name: "Drug class (in the glossary)" });
    await expect(label).toHaveAttribute("href", "/glossary#activeCompound-drug-class");
    await axe();
    await label.click();
    await expect(page).toHaveURL(/\/glossary#activeCompound-drug-class$/);
    const entry = page.locator("#activeCompound-drug-class");
    await expect(entry).toHaveText("Drug class");
    await expect(entry).toBeInViewport();
    await expect(page.locator(".glossary-entry").filter({ has: entry })).toContainText(
      "The pharmacological class of the substance",
    );
  });
});
