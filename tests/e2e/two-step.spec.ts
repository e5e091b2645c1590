import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, logIn, openMainMenu, test } from "./fixtures";
import { emails, linkIn } from "./mail";
import { required } from "../../app/lib/required";

// Two-step sign-in end to end, in both JS modes. A fresh member is invited for each run (the
// demo accounts stay as other specs expect them); the admin test turns the staff setting on
// for the demo admin and back off, without enrolling.

const PASSWORD = "quince harbour velvet compass";
const TWO_STEP_SETTING = "Require two-step sign-in for staff";

const codeFor = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replaceAll(" ", "")) }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

async function otherBrowser(browser: Browser, jsEnabled: boolean, baseURL: string | undefined) {
  const context = await browser.newContext({
    javaScriptEnabled: jsEnabled,
    baseURL,
    reducedMotion: "reduce",
  });
  return context.newPage();
}

/** The demo admin invites a new member; returns their email and registration link. */
async function invitedMember(admin: Page) {
  const id = `${test.info().project.name}-${Date.now().toString(36)}`;
  const who = { first: "Tess", last: `Twostep ${id}`, email: `twostep-${id}@example.org` };
  await logIn(admin, "admin@example.org");
  await admin.goto("/dashboard/users");
  await admin.getByRole("link", { name: "Invite a user" }).click();
  await admin.getByLabel("First name").fill(who.first);
  await admin.getByLabel("Last name").fill(who.last);
  await admin.getByLabel("Email").fill(who.email);
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Invitation sent to" })).toBeVisible();
  await expect
    .poll(() => emails([who.email, "/register?invitationCode="]).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const email = required(emails([who.email, "/register?invitationCode="]).at(-1), "an email");
  return { ...who, link: linkIn(email, "/register") };
}

async function setStaffTwoStep(admin: Page, on: boolean) {
  await admin.goto("/dashboard/settings");
  await admin.getByLabel(TWO_STEP_SETTING).setChecked(on);
  await admin.getByRole("button", { name: "Save settings" }).click();
  await expect(admin.getByRole("status")).toContainText("Site settings saved.");
  await expect(admin.getByLabel(TWO_STEP_SETTING)).toBeChecked({ checked: on });
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("a member enrols in two-step sign-in and signs in with it", async ({
  page,
  axe,
  browser,
  jsEnabled,
  baseURL,
}) => {
  const admin = await otherBrowser(browser, jsEnabled, baseURL);
  const member = await invitedMember(admin);
  await admin.context().close();

  await page.goto(member.link);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/myaccount");
  await page.getByRole("link", { name: "Two-step sign-in" }).click();
  await expect(page).toHaveURL("/myaccount/two-step");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up two-step sign-in");
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const code = page.getByLabel("6-digit code");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await axe();
  const secret = required(await page.locator(".secret-key code").textContent(), "the key");

  // A wrong first code is refused with the error summary and an Error: title.
  await code.fill("000000");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByRole("alert")).toContainText("The code is not right");
  await axe();

  await page.getByLabel("6-digit code").fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your recovery codes");
  await expect(
    page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  await axe();
  await page.getByRole("link", { name: "I have saved my recovery codes" }).click();
  await expect(page).toHaveURL("/myaccount");
  // Shown once.
  await page.goto("/myaccount/two-step");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step sign-in");
  await axe();

  await openMainMenu(page);
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();

  await passwordStep(page, member.email, PASSWORD);
  await expect(page).toHaveURL("/login/two-step");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your two-step code");
  await axe();
  await page.getByLabel("6-digit code").fill("000000");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveTitle(/^Error: /);
  const summary = page.getByRole("alert");
  await expect(summary).toContainText("The code is not right");
  await axe();
  // The next 30-second step's code: the enrolment used this one's, and a code works once.
  await page.getByLabel("6-digit code").fill(codeFor(secret, 30));
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/myaccount");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My account");
});

test("an admin, with the setting on, is sent to enrolment before anything else", async ({
  page,
  axe,
  browser,
  jsEnabled,
  baseURL,
}) => {
  const admin = await otherBrowser(browser, jsEnabled, baseURL);
  await logIn(admin, "admin@example.org");
  await setStaffTwoStep(admin, true);
  try {
    await passwordStep(page, "admin@example.org", "horizon-demo");
    await expect(page).toHaveURL("/myaccount/two-step");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up two-step sign-in");
    await expect(page.getByText("Your role requires two-step sign-in")).toBeVisible();
    await axe();
    for (const path of ["/dashboard", "/", "/myaccount", "/dashboard/settings"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/myaccount/two-step");
    }
    // Leaving without enrolling signs nobody in.
    await page.getByRole("button", { name: "Cancel and sign out" }).click();
    await expect(page).toHaveURL("/");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  } finally {
    await setStaffTwoStep(admin, false);
    await admin.context().close();
  }
});
