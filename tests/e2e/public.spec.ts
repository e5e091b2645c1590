import { expect, logIn, test } from "./fixtures";

test.describe("public pages", () => {
  test("the signed-out home has the dark header, Login and Sign Up, the footer and a skip link", async ({
    page,
    axe,
  }) => {
    await page.goto("/");
    await expect(page.locator("header.site-header--dark")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign Up" })).toHaveAttribute(
      "href",
      "/contact",
    );
    const footer = page.getByRole("contentinfo");
    for (const name of ["Home", "About", "Contact"])
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(footer.getByRole("link", { name: "FAQs" })).toHaveCount(0);
    await expect(footer).toContainText("practising doctors with 5 or more years of experience");
    await expect(footer).toContainText("Version 2.17.2");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await axe();
  });

  test("the signed-in home offers search and the ways in, and the footer adds FAQs and Glossary", async ({
    page,
    axe,
  }) => {
    await logIn(page, "member@example.org");
    await page.goto("/");
    await expect(page.locator("header.site-header--home")).toBeVisible();
    await expect(page.getByRole("search").getByLabel(/^Search [\d,]+ records$/)).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "FAQs" })).toBeVisible();
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Glossary" }),
    ).toBeVisible();
    await axe();
  });

  test("about, service status and the JSON health check", async ({ page, axe, request }) => {
    await page.goto("/about");
    await expect(
      page.getByRole("heading", { level: 1, name: "About the Horizon Scanning Database" }),
    ).toBeVisible();
    await axe();
    // Signed out: whether the service works, and no figures.
    await page.goto("/apitest");
    await expect(page.getByRole("heading", { level: 1, name: "Service status" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Working The service is working.");
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("2.17.2");
    await axe();
    const brief = await request.get("/api/health");
    expect(brief.status()).toBe(200);
    expect(Object.keys(await brief.json()).sort()).toEqual(["checkedAt", "live", "ready"]);
    // Signed in (the page's own link, and back): the figures too.
    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await page.waitForURL("/login?redirectTo=%2Fapitest");
    await logIn(page, "member@example.org");
    await expect(page).toHaveURL(/\/apitest$/);
    await expect(page.getByRole("row", { name: /Application version/ })).toContainText("2.17.2");
    await expect(page.getByRole("row", { name: /Database engine/ })).toContainText(
      "Embedded PostgreSQL (PGlite)",
    );
    await expect(page.getByRole("row", { name: /Database answers/ })).toContainText("Yes");
    await axe();
    const health = await page.request.get("/api/health");
    expect(health.status()).toBe(200);
    const body = await health.json();
    expect(body).toMatchObject({
      version: "2.17.2",
      database: { engine: "pglite", answers: true },
    });
    // The demo catalogue (2,000 records), plus whatever the record tests have imported.
    expect(body.records).toBeGreaterThanOrEqual(2000);
  });

  test("an unknown path shows page-not-found with status 404, signed out and in", async ({
    page,
    axe,
  }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(/^Page not found/);
    await axe();
    await logIn(page, "member@example.org");
    const signedIn = await page.goto("/dashboard/nothing-here");
    expect(signedIn?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByTitle("Main Menu")).toBeVisible();
    await axe();
  });

  test("every response carries a content security policy and security headers", async ({
    request,
  }) => {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"];
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });
});

test.describe("contact form", () => {
  test("names each missing field, keeps what was typed, then sends", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    await axe();
    await page.getByRole("button", { name: "Send Message" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    for (const message of ["Name is required", "Email is required", "A message is required"]) {
      await expect(summary.getByRole("link", { name: message })).toBeVisible();
    }
    await expect(page).toHaveTitle(/^Error: Contact us/);
    // With JS the summary takes focus so it is read out at once.
    if (jsEnabled) await expect(summary).toBeFocused();
    await axe();
    await summary.getByRole("link", { name: "Email is required" }).click();
    await expect(page.getByLabel("Email")).toBeFocused();

    await page.getByLabel("Name").fill("Dr Ann Example");
    await page.getByLabel("Email").fill("ann-at-hospital");
    await page.getByLabel("Message").fill("Please tell me about subscriptions.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(summary.getByRole("link", { name: "Enter a valid email" })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Dr Ann Example");
    await expect(page.getByLabel("Message")).toHaveValue("Please tell me about subscriptions.");
    await axe();

    await page.getByLabel("Email").fill(`ann-${jsEnabled ? "js" : "nojs"}@hospital.example.org`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Message was successful" }),
    ).toBeVisible();
    await expect(
      page.getByText(
        "Your message has been successfully sent. Someone should respond within 24-48hrs of your request.",
      ),
    ).toBeVisible();
    await axe();
  });
});
