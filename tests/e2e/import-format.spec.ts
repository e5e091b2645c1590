import { expect, logIn, test } from "./fixtures";

test.describe("import format", () => {
  test("the import page links to the import format, which shows the format's sections and offers the example file", async ({
    page,
    axe,
  }) => {
    await logIn(page, "editor@example.org");
    await page.goto("/dashboard/records");
    await expect(page.getByRole("main")).not.toContainText("docs/import-format.md");
    await page.getByRole("link", { name: "import format", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/records\/format$/);
    await expect(page).toHaveTitle(/^Import format for records/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import format for records");
    const sections = ["The file", "A record", "What an import does", "Controlled values"];
    const contents = page.getByRole("navigation", { name: "Contents" });
    for (const name of sections) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(contents.getByRole("link", { name })).toBeVisible();
    }
    await expect(
      page
        .getByRole("region", { name: "Table: A record" })
        // Each field's code heads its row (the row's header, when the table stacks on a phone).
        .getByRole("rowheader", { name: "hssId", exact: true }),
    ).toBeVisible();
    // The controlled values are a list of terms: each field, then its values.
    const recordStatus = page
      .locator("dl.controlled-values > div")
      .filter({ has: page.getByRole("term").getByText("recordStatus", { exact: true }) })
      .getByRole("definition");
    await expect(recordStatus.getByRole("listitem")).toHaveText([
      "Active",
      "Monitoring",
      "Archived",
      "Discontinued",
    ]);
    await axe();

    // The contents lead to their section.
    await contents.getByRole("link", { name: "What an import does" }).click();
    await expect(page).toHaveURL(/#what-an-import-does$/);

    const download = page.getByRole("link", { name: "Download the example file" });
    const href = await download.getAttribute("href");
    expect(href).toBe("/dashboard/records/import-example.json");
    const response = await page.request.get(href ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toBe(
      'attachment; filename="import-example.json"',
    );
    const records = (await response.json()) as Array<{ hssId: string }>;
    expect(records).toHaveLength(2);
  });

  test("a member is refused the import format and its example file", async ({ page }) => {
    await logIn(page, "member@example.org");
    for (const path of ["/dashboard/records/format", "/dashboard/records/import-example.json"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe("/notallowed");
    }
    await page.goto("/dashboard/records/format");
    await expect(page).toHaveURL(/\/notallowed$/);
  });
});
