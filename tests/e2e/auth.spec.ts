import { expect, logIn, openMainMenu, test } from "./fixtures";

test.describe("signing in and out", () => {
  test("a signed-out visitor is sent to log in and then back to the page they asked for", async ({
    page,
    axe,
  }) => {
    await page.goto("/myaccount");
    await expect(page).toHaveURL("/login?redirectTo=%2Fmyaccount");
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await axe();
    await page.getByLabel("Email").fill("member@example.org");
    await page.getByLabel("Password").fill("horizon-demo");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/myaccount");
    await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
    await expect(page.getByText("member@example.org")).toBeVisible();
    await axe();
  });

  test("a wrong password gets one generic message, the error summary and an Error: title", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    await page.goto("/login");
    await expect(page.locator("header.site-header--dark")).toBeVisible();
    await page.getByLabel("Email").fill("member@example.org");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Log in" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    // The summary links to the password field, which says the same beside it.
    await expect(
      summary.getByRole("link", {
        name: "The email or password is incorrect, or the account cannot sign in.",
      }),
    ).toHaveAttribute("href", "#login-password");
    await expect(page.locator(".field-error")).toContainText(
      "The email or password is incorrect, or the account cannot sign in.",
    );
    await expect(page).toHaveTitle(/^Error: Log in/);
    await expect(page.getByLabel("Email")).toHaveValue("member@example.org");
    // The server never sends a password back; with JS the browser keeps the field as typed.
    if (!jsEnabled) await expect(page.getByLabel("Password")).toHaveValue("");
    await axe();
    // An unknown email reads exactly the same.
    await page.getByLabel("Email").fill("nobody@example.org");
    await page.getByLabel("Password").fill("whatever");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(summary).toContainText(
      "The email or password is incorrect, or the account cannot sign in.",
    );
  });

  test("empty fields are named in the summary, which links to each field", async ({
    page,
    axe,
  }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary.getByRole("link", { name: "Enter your email address" })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Enter your password" })).toBeVisible();
    await expect(page.locator(".field-error").first()).toContainText(
      "Error: Enter your email address",
    );
    await axe();
    await summary.getByRole("link", { name: "Enter your password" }).click();
    await expect(page.getByLabel("Password")).toBeFocused();
  });

  test("Log Out ends the session and reloads the page signed out", async ({ page, axe }) => {
    await logIn(page, "member@example.org");
    await page.goto("/about");
    await openMainMenu(page);
    await axe();
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("status")).toContainText("Success: You have been logged out.");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await axe();
    await page.goto("/myaccount");
    await expect(page).toHaveURL("/login?redirectTo=%2Fmyaccount");
  });
});

test.describe("roles", () => {
  test("a member on an admin page lands on /notallowed", async ({ page, axe }) => {
    await logIn(page, "member@example.org");
    const response = await page.goto("/dashboard/settings");
    await expect(page).toHaveURL("/notallowed");
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole("heading", { level: 1, name: "You do not have access to this page" }),
    ).toBeVisible();
    await axe();
  });

  test("the avatar menu shows each role its own items", async ({ page, axe }) => {
    await logIn(page, "member@example.org");
    await openMainMenu(page);
    const menu = page.locator(".avatar-menu");
    for (const item of ["Profile", "Releases", "Saved Searches", "FAQs", "Glossary"]) {
      await expect(menu.getByRole("link", { name: item, exact: true })).toBeVisible();
    }
    // With its badge when records changed since the member last cleared their notifications.
    await expect(menu.getByRole("link", { name: /^Notifications( \d+ new)?$/ })).toBeVisible();
    await expect(menu.getByText("ADMIN")).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "User Reports" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Alerts" })).toHaveCount(0);
    await expect(
      page.getByRole("banner").getByRole("link", { name: "My Dashboard" }),
    ).toHaveAttribute("href", "/dashboard");
    await axe();

    await page.context().clearCookies();
    await logIn(page, "admin@example.org");
    await openMainMenu(page);
    await expect(menu.getByText("ADMIN", { exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "User Reports" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Alerts" })).toHaveCount(0);
    await axe();

    await page.context().clearCookies();
    await logIn(page, "alerts@example.org");
    await openMainMenu(page);
    await expect(menu.getByRole("link", { name: "Alerts" })).toBeVisible();
    await expect(menu.getByText("ADMIN", { exact: true })).toHaveCount(0);
    await axe();

    await page.context().clearCookies();
    await logIn(page, "reports@example.org");
    await openMainMenu(page);
    await expect(menu.getByText("ADMIN", { exact: true })).toBeVisible();
    await expect(menu.getByRole("link", { name: "User Reports" })).toHaveCount(0);
    await axe();
  });

  test("an admin changes the environment label and sees it in the header", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    const label = jsEnabled ? "QA" : "Staging";
    await logIn(page, "admin@example.org");
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Site settings" })).toBeVisible();
    await axe();
    await page.getByLabel("Environment label").fill(label);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status")).toContainText("Site settings saved.");
    await expect(page.locator(".environment-label")).toHaveText(`Environment: ${label}`);
    await axe();
    // A bad label is refused with the summary, and what was typed stays.
    await page.getByLabel("Environment label").fill("<b>bad</b>");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page).toHaveTitle(/^Error: Site settings/);
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toContainText(
      "Environment label can only use",
    );
    await expect(page.getByLabel("Environment label")).toHaveValue("<b>bad</b>");
    await axe();
    // Clear it again: on this localhost server the header then says Local.
    await page.getByLabel("Environment label").fill("");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.locator(".environment-label")).toHaveText("Environment: Local");
    await axe();
  });
});

test.describe("account pages", () => {
  test("a member updates their profile and the account page shows it", async ({
    page,
    axe,
    jsEnabled,
  }) => {
    await logIn(page, "editor@example.org");
    await page.goto("/myaccount/profile");
    await axe();
    const middle = jsEnabled ? "J" : "N";
    await page.getByLabel("Middle name").fill(middle);
    await page.getByLabel("First name").fill("");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page).toHaveTitle(/^Error: Profile/);
    await expect(page.getByRole("link", { name: "Enter your first name" })).toBeVisible();
    await expect(page.getByLabel("Middle name")).toHaveValue(middle);
    await axe();
    await page.getByLabel("First name").fill("Eddie");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page).toHaveURL("/myaccount");
    await expect(page.getByText(`Eddie ${middle} Editor`)).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Your profile has been updated.");
    await axe();
  });
});
