import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { required } from "../../app/lib/required";
import { checkAccessibility, expect, logIn, test } from "./fixtures";
import { emails, linkIn } from "./mail";

// Taking over an account needs more than its session, end to end in both JS modes: a new
// email address needs the password and the link sent to it, new recovery codes need the
// password or a code, and each change is in the account's security history, which the owner
// and an admin read. A fresh member is invited for each run (the demo accounts stay as other
// specs expect them); `page` is that member's browser, `admin` the demo admin's.

const PASSWORD = "juniper lantern orchard velvet";

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

async function waitForEmail(parts: string[]) {
  await expect.poll(() => emails(parts).length, { timeout: 30_000 }).toBeGreaterThan(0);
  return required(emails(parts).at(-1), "an email");
}

/** The demo admin invites a new member, who registers in `page`. */
async function newMember(admin: Page, page: Page) {
  const id = `${test.info().project.name}-${Date.now().toString(36)}`;
  const who = { first: "Sasha", last: `Secure ${id}`, email: `secure-${id}@example.org` };
  await logIn(admin, "admin@example.org");
  await admin.goto("/dashboard/users");
  await admin.getByRole("link", { name: "Invite a user" }).click();
  await admin.getByLabel("First name").fill(who.first);
  await admin.getByLabel("Last name").fill(who.last);
  await admin.getByLabel("Email").fill(who.email);
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Invitation sent to" })).toBeVisible();
  const invitation = await waitForEmail([who.email, "/register?invitationCode="]);
  await page.goto(linkIn(invitation, "/register"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  return who;
}

test.describe.configure({ timeout: 120_000 });

test("a new email address needs the password and the link sent to it; the owner and an admin see it in the security history", async ({
  page,
  axe,
  browser,
  jsEnabled,
  baseURL,
}) => {
  const admin = await otherBrowser(browser, jsEnabled, baseURL);
  const who = await newMember(admin, page);
  const newEmail = who.email.replace("secure-", "moved-");

  await page.goto("/myaccount");
  await page.getByRole("link", { name: "Change your email address" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change your email address");
  await axe();
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page).toHaveTitle(/^Error: Change your email address/);
  const summary = page.locator(".error-summary");
  await expect(summary.getByRole("link", { name: "Enter your new email address" })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter your current password" })).toBeVisible();
  await axe();
  // A session alone is not enough: the wrong password is refused, the address typed kept.
  await page.getByLabel("New email address").fill(newEmail);
  await page.getByLabel("Current password").fill("not my password at all");
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(
    summary.getByRole("link", { name: "Your current password is incorrect" }),
  ).toBeVisible();
  await expect(page.getByLabel("New email address")).toHaveValue(newEmail);
  await axe();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page).toHaveURL("/myaccount");
  await expect(page.getByRole("status")).toContainText(`We have sent a link to ${newEmail}.`);
  // Not changed yet.
  await expect(page.getByRole("definition").filter({ hasText: who.email })).toBeVisible();

  // The old address is told when and from where; the new one gets the link.
  const notice = await waitForEmail([who.email, `change its email address to ${newEmail}`]);
  expect(notice).toMatch(/from the address [0-9a-f.:]+/);
  const link = linkIn(await waitForEmail([newEmail, "/confirmemail?token="]), "/confirmemail");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Confirm your new email address",
  );
  await axe();
  await page.getByRole("button", { name: "Confirm new email address" }).click();
  await expect(page).toHaveURL("/myaccount");
  await expect(page.getByRole("status")).toContainText(`Your email address is now ${newEmail}.`);
  await expect(page.getByRole("definition").filter({ hasText: newEmail })).toBeVisible();
  // Once only.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link cannot be used");
  await axe();

  await page.goto("/myaccount");
  await page.getByRole("link", { name: "Security history" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security history");
  const history = page.getByRole("region", { name: "Security history" });
  const changed = history.getByRole("row").filter({ hasText: "Email address changed" });
  await expect(changed).toContainText(`From ${who.email} to ${newEmail}`);
  await expect(
    history.getByRole("row").filter({ hasText: "Change of email address asked for" }),
  ).toContainText(`To ${newEmail}`);
  await expect(changed.getByRole("cell").nth(1)).not.toHaveText("Not known");
  await expect(changed).toContainText("Chrome on Linux");
  await axe();

  // The admin reads it from the user's page.
  await admin.goto(`/dashboard/users?q=${encodeURIComponent(newEmail)}`);
  await admin.getByRole("link", { name: `${who.first} ${who.last}` }).click();
  await admin.getByRole("link", { name: `security history of ${who.first} ${who.last}` }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(
    `Security history of ${who.first} ${who.last}`,
  );
  await expect(admin.getByRole("region", { name: "Security history" })).toContainText(
    "Email address changed",
  );
  await checkAccessibility(admin, jsEnabled);
  await admin.context().close();
});

test("new recovery codes need the password or a current code", async ({
  page,
  axe,
  browser,
  jsEnabled,
  baseURL,
}) => {
  const admin = await otherBrowser(browser, jsEnabled, baseURL);
  await newMember(admin, page);
  await admin.context().close();

  await page.goto("/myaccount/two-step");
  const secret = required(await page.locator(".secret-key code").textContent(), "the key");
  await page.getByLabel("6-digit code").fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your recovery codes");
  const first = await page.getByRole("list", { name: "Recovery codes" }).textContent();
  await page.getByRole("link", { name: "I have saved my recovery codes" }).click();

  await page.goto("/myaccount/two-step");
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(page).toHaveTitle(/^Error: Two-step sign-in/);
  await expect(
    page
      .locator(".error-summary")
      .getByRole("link", { name: "Enter your password or a current 6-digit code from your app" }),
  ).toBeVisible();
  await axe();
  await page
    .getByLabel("Your password or a current 6-digit code, to make new codes")
    .fill(PASSWORD);
  await page.getByRole("button", { name: "Make new recovery codes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your recovery codes");
  const codes = page.getByRole("list", { name: "Recovery codes" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  expect(await codes.textContent()).not.toBe(first);
  await axe();

  await page.goto("/myaccount/security");
  const history = page.getByRole("region", { name: "Security history" });
  await expect(history.getByRole("row").nth(1)).toContainText("New recovery codes made");
  await expect(history.getByRole("row").nth(2)).toContainText("Two-step sign-in turned on");
  await axe();
});

test("a reset link leads to the two-step code, not past it", async ({
  page,
  axe,
  browser,
  jsEnabled,
  baseURL,
}) => {
  const admin = await otherBrowser(browser, jsEnabled, baseURL);
  const who = await newMember(admin, page);
  await admin.context().close();

  await page.goto("/myaccount/two-step");
  const secret = required(await page.locator(".secret-key code").textContent(), "the key");
  await page.getByLabel("6-digit code").fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await page.getByRole("link", { name: "I have saved my recovery codes" }).click();
  await expect(page).toHaveURL("/myaccount");

  // Someone with the mailbox, in a browser of their own.
  await page.context().clearCookies();
  await page.goto("/resetpassword");
  await page.getByLabel("Email").fill(who.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page).toHaveURL(/\/checkemail$/);
  const reset = await waitForEmail([who.email, "/changepassword?token="]);
  await page.goto(linkIn(reset, "/changepassword"));
  const newPassword = `${PASSWORD} renewed`;
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL("/login/two-step");
  await expect(page.getByRole("status")).toContainText(
    "Your password has been changed and you are signed out everywhere. Enter your two-step code to sign in.",
  );
  await axe();
  // Nobody is signed in yet.
  await page.goto("/myaccount");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmyaccount$/);
  await page.goBack();
  await expect(page).toHaveURL("/login/two-step");
  // The next 30-second step's code: the set-up used this one's, and a code works once.
  await page.getByLabel("6-digit code").fill(codeFor(secret, 30));
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/myaccount/security");
  await expect(
    page.getByRole("region", { name: "Security history" }).getByRole("row").nth(1),
  ).toContainText("Password reset with an emailed link");
});
