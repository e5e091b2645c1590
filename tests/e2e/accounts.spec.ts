import type { Browser, Page } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";
import { emails, linkIn } from "./mail";
import { required } from "../../app/lib/required";

// Accounts end to end. `page` is the admin's browser (axe checks it); the person being
// invited, reset, suspended or reported on uses a second browser of the same JS mode.

const PASSWORD = "plum orchard tuesday lantern";
const SIGN_IN_REFUSED = "The email or password is incorrect, or the account cannot sign in.";

let counter = 0;
function person(label: string) {
  const id = `${test.info().project.name}-${Date.now().toString(36)}-${++counter}`;
  return {
    first: `${label[0].toUpperCase()}${label.slice(1)}`,
    last: `Tester ${id}`,
    email: `${label}-${id}@example.org`,
  };
}
type Person = ReturnType<typeof person>;

async function waitForEmail(parts: string[]) {
  await expect.poll(() => emails(parts).length, { timeout: 30_000 }).toBeGreaterThan(0);
  return required(emails(parts).at(-1), "an email");
}

async function invite(page: Page, who: Person) {
  await page.goto("/dashboard/users");
  await page.getByRole("link", { name: "Invite a user" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invite a user");
  await page.getByLabel("First name").fill(who.first);
  await page.getByLabel("Last name").fill(who.last);
  await page.getByLabel("Email").fill(who.email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent to" })).toContainText(
    who.email,
  );
  return linkIn(await waitForEmail([who.email, "/register?invitationCode="]), "/register");
}

async function register(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A second browser, in the same JS mode, for the person the admin manages. */
async function otherBrowser(browser: Browser, jsEnabled: boolean, baseURL: string | undefined) {
  const context = await browser.newContext({
    javaScriptEnabled: jsEnabled,
    baseURL,
    reducedMotion: "reduce",
  });
  return context.newPage();
}

/** Invites a new person as the admin and registers them in their own browser. */
async function newMember(
  page: Page,
  browser: Browser,
  jsEnabled: boolean,
  baseURL: string | undefined,
  label: string,
) {
  const who = person(label);
  const link = await invite(page, who);
  const theirs = await otherBrowser(browser, jsEnabled, baseURL);
  await register(theirs, link);
  return { who, theirs };
}

async function openUser(page: Page, who: Person) {
  await page.goto(`/dashboard/users?q=${encodeURIComponent(who.email)}`);
  await page.getByRole("link", { name: `${who.first} ${who.last}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${who.first} ${who.last}`);
}

test.describe("accounts and user administration", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an admin invites someone, whose emailed link registers and signs them in, once", async ({
    page,
    axe,
  }) => {
    await logIn(page, "admin@example.org");
    await page.goto("/dashboard/users");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");
    // Its count line says the order too, as the sibling lists do.
    await expect(page.locator("main p[role=status]").first()).toHaveText(/^\d+ users?, by name/);
    await axe();
    await page.getByRole("link", { name: "Invite a user" }).click();
    await axe();
    // Nothing filled in: the summary and the fields say what is missing.
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page).toHaveTitle(/^Error: Invite a user/);
    await expect(page.locator(".error-summary")).toContainText("Enter a first name");
    await expect(page.locator(".error-summary")).toContainText("Enter their email address");
    await axe();

    const who = person("invitee");
    const link = await invite(page, who);
    await expect(
      page
        .getByRole("region", { name: "Invitations waiting to be used" })
        .getByRole("cell", { name: who.email }),
    ).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("");
    await axe();

    // The invited person, in their own browser: names pre-filled, a password to choose.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByLabel("First name")).toHaveValue(who.first);
    await expect(page.getByLabel("Last name")).toHaveValue(who.last);
    // The invited address is shown as text beside its name, not as a box: it is not theirs to
    // change here.
    await expect(
      page.locator("dl.register-email").getByRole("definition").filter({ hasText: who.email }),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveCount(0);
    await axe();
    await page.getByLabel("Password", { exact: true }).fill(who.email);
    await page.getByLabel("Confirm password").fill(who.email);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveTitle(/^Error: Create your account/);
    await expect(page.locator(".error-summary")).toContainText(
      "Password must not be your email address",
    );
    await expect(page.getByLabel("Last name")).toHaveValue(who.last);
    await axe();
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Your account is ready" }),
    ).toContainText(`Welcome, ${who.first}`);
    await page.goto("/myaccount");
    await expect(page.getByRole("definition").filter({ hasText: who.email })).toBeVisible();

    // The link is spent.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "This invitation cannot be used",
    );
    await expect(page.getByText("Ask your administrator for a new invitation.")).toBeVisible();
    await axe();
  });

  test("a reset email goes to a real account only; both see /checkemail; the link works once", async ({
    page,
    axe,
    browser,
    jsEnabled,
    baseURL,
  }) => {
    await logIn(page, "admin@example.org");
    const { who, theirs } = await newMember(page, browser, jsEnabled, baseURL, "resetter");
    await theirs.context().close();

    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgotten your password?" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
    await axe();
    const stranger = person("stranger").email;
    await page.getByLabel("Email").fill(stranger);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/checkemail$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    await axe();

    await page.goto("/resetpassword");
    await page.getByLabel("Email").fill(who.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/checkemail$/);
    const link = linkIn(
      await waitForEmail([who.email, "/changepassword?token="]),
      "/changepassword",
    );
    // The real account's email has been written, so the stranger's would have been by now.
    expect(emails([stranger])).toHaveLength(0);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await axe();
    const newPassword = `${PASSWORD} renewed`;
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(`${newPassword}!`);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.locator(".error-summary")).toContainText("The passwords do not match");
    await axe();
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Your password has been changed" }),
    ).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link cannot be used");
    await axe();
    await page.context().clearCookies();
    await logIn(page, who.email, newPassword);
    await expect(page).toHaveURL(/\/$/);
  });

  test("a suspended user is signed out at once and cannot sign in; activating restores access", async ({
    page,
    axe,
    browser,
    jsEnabled,
    baseURL,
  }) => {
    await logIn(page, "admin@example.org");
    const { who, theirs } = await newMember(page, browser, jsEnabled, baseURL, "suspendee");
    await theirs.goto("/myaccount");
    await expect(theirs.getByRole("heading", { level: 1 })).toHaveText("My account");

    await openUser(page, who);
    await axe();
    await page.getByRole("button", { name: "Suspend user" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "has been suspended and signed out" }),
    ).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "Suspended" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Change history" })).toContainText("Suspended");
    await axe();

    await theirs.goto("/myaccount");
    await expect(theirs).toHaveURL(/\/login\?redirectTo=%2Fmyaccount$/);
    await theirs.getByLabel("Email").fill(who.email);
    await theirs.getByLabel("Password").fill(PASSWORD);
    await theirs.getByRole("button", { name: "Log in" }).click();
    await expect(theirs.locator(".error-summary")).toContainText(SIGN_IN_REFUSED);

    await page.getByRole("button", { name: "Activate user" }).click();
    await expect(page.getByRole("status").filter({ hasText: "has been activated" })).toBeVisible();
    await logIn(theirs, who.email, PASSWORD);
    await theirs.goto("/myaccount");
    await expect(theirs.getByRole("heading", { level: 1 })).toHaveText("My account");
    await theirs.context().close();
  });

  test("assigning editor opens the editor pages and revoking it closes them; an admin cannot lock themselves out", async ({
    page,
    axe,
    browser,
    jsEnabled,
    baseURL,
  }) => {
    await logIn(page, "admin@example.org");
    const { who, theirs } = await newMember(page, browser, jsEnabled, baseURL, "editor");
    await theirs.goto("/dashboard/records");
    await expect(theirs).toHaveURL(/\/notallowed$/);

    await openUser(page, who);
    await page.getByRole("button", { name: "Assign editor" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "The editor role has been assigned" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Revoke editor" })).toBeVisible();
    await axe();
    await theirs.goto("/dashboard/records");
    await expect(theirs).toHaveURL(/\/dashboard\/records$/);
    await expect(theirs.getByRole("heading", { level: 1 })).toHaveText("Manage records");

    await page.getByRole("button", { name: "Revoke editor" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "The editor role has been revoked" }),
    ).toBeVisible();
    await theirs.goto("/dashboard/records");
    await expect(theirs).toHaveURL(/\/notallowed$/);
    await theirs.context().close();

    // The admin's own page offers no way to suspend, delete or drop admin.
    await page.goto("/dashboard/users?q=admin%40example.org");
    await page.getByRole("link", { name: "Ada Admin" }).click();
    await expect(
      page.getByText("This is your own account: you cannot suspend or delete it."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Suspend user" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Revoke admin" })).toHaveCount(0);
    await axe();
  });

  test("a member gets /notallowed on every page of user administration", async ({ page, axe }) => {
    await logIn(page, "member@example.org");
    for (const path of [
      "/invite",
      "/dashboard/users",
      "/dashboard/users/1",
      "/dashboard/userreports",
      "/dashboard/userreports.csv",
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/notallowed$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "You do not have access to this page",
      );
    }
    await axe();
  });

  test("the user report counts the sign-ins, searches, record views and HIR downloads a user made, on the page and in the CSV", async ({
    page,
    axe,
    browser,
    jsEnabled,
    baseURL,
  }) => {
    await logIn(page, "admin@example.org");
    const { who, theirs } = await newMember(page, browser, jsEnabled, baseURL, "reported");
    // Activity: registering signed them in once; a second sign-in, two searches, one record
    // view, one HIR downloaded.
    await theirs.context().clearCookies();
    await logIn(theirs, who.email, PASSWORD);
    for (const term of ["cancer", "melanoma"]) {
      await theirs.goto("/search");
      await theirs.getByLabel("Search records").fill(term);
      await theirs.getByRole("button", { name: "Search", exact: true }).click();
      await expect(theirs).toHaveTitle(new RegExp(term));
    }
    const first = theirs.locator(".result-card h2 a").first();
    const title = required(await first.textContent(), "the first result's title");
    await first.click();
    await expect(theirs.getByRole("heading", { level: 1 })).toHaveText(title);
    await theirs.goto("/hir");
    const download = required(
      await theirs.locator("a.hir-download").first().getAttribute("href"),
      "a report's download link",
    );
    expect((await theirs.request.get(download)).headers()["content-type"]).toBe("application/pdf");
    await theirs.context().close();

    await page.goto("/dashboard/users");
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "User reports" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("User reports");
    await axe();
    await page.getByLabel("Name or email contains").fill(who.email);
    await page.getByRole("button", { name: "Show report" }).click();
    const row = page.getByRole("row").filter({ hasText: who.email });
    await expect(row.getByRole("cell")).toHaveText([who.email, "2", "2", "1", "0", "1"]);
    await axe();

    const href = await page
      .getByRole("link", { name: "Download this report as CSV" })
      .getAttribute("href");
    const csv = await (await page.request.get(required(href, "the CSV link's href"))).text();
    expect(csv).toContain(`${who.first} ${who.last},${who.email},,Active,2,2,1,0,1,`);

    // An impossible range is explained, not run.
    await page.getByLabel("From", { exact: true }).fill("2026-03-01");
    await page.getByLabel("To", { exact: true }).fill("2026-02-01");
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page).toHaveTitle(/^Error: User reports/);
    await expect(page.locator(".error-summary")).toContainText(
      "The end date must be the same as or after the start date",
    );
    await axe();
  });
});
