import type { Browser, Page } from "@playwright/test";
import { checkAccessibility, expect, keepDocuments, logIn, test } from "./fixtures";

// Website alerts end to end, in both JS modes. The server starts without the demo
// alerts (DEMO_ALERTS=0); each test makes its own, named for its run, and deletes them again so
// that no other spec finds a bar or a popup it did not expect.

async function otherBrowser(browser: Browser, jsEnabled: boolean, baseURL: string | undefined) {
  const context = await browser.newContext({
    javaScriptEnabled: jsEnabled,
    baseURL,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  keepDocuments(page);
  return page;
}

const runId = () => `${test.info().project.name}-${Date.now().toString(36)}`;

interface NewAlert {
  title: string;
  summary?: string;
  content?: string;
  type?: "Announcement" | "Release";
  severity?: "Critical" | "Warning" | "Information" | "Success";
  popupDuration?: string;
}

async function createAlert(staff: Page, alert: NewAlert) {
  await staff.goto("/dashboard/alerts/new");
  await staff.getByLabel("Title").fill(alert.title);
  await staff.getByLabel("Summary").fill(alert.summary ?? `About ${alert.title}`);
  await staff.getByLabel("Content").fill(alert.content ?? "Read **this**.");
  await staff.getByLabel("Type").selectOption({ label: alert.type ?? "Announcement" });
  await staff.getByRole("radio", { name: new RegExp(`^${alert.severity ?? "Warning"}`) }).check();
  if (alert.popupDuration)
    await staff.getByLabel("Popup duration (milliseconds)").fill(alert.popupDuration);
  await staff.getByRole("button", { name: "Create alert" }).click();
  await expect(staff.getByRole("status")).toContainText(`Alert "${alert.title}" created.`);
}

/** Deletes, through the staff page, every alert whose title holds `marker`. */
async function deleteAlerts(staff: Page, marker: string) {
  for (;;) {
    await staff.goto("/dashboard/alerts");
    const edit = staff.getByRole("row").filter({ hasText: marker }).first();
    if ((await edit.count()) === 0) return;
    await edit.getByRole("link", { name: /^Delete/ }).click();
    await staff.getByRole("button", { name: "Delete alert" }).click();
    await expect(staff.getByRole("status")).toContainText("deleted");
  }
}

test.describe("website alerts", () => {
  test("staff create an alert with a preview; a member sees the bar, closes it, and it stays closed on another device", async ({
    page,
    axe,
    browser,
    jsEnabled,
    baseURL,
  }) => {
    const id = runId();
    const first = `Outage ${id}`;
    const second = `Reading list ${id}`;
    const staff = page;
    await logIn(staff, "alerts@example.org");
    try {
      await staff.goto("/dashboard/alerts");
      await expect(staff.getByRole("heading", { level: 1, name: "Manage alerts" })).toBeVisible();
      await staff.getByRole("link", { name: "Create alert" }).click();
      await staff.getByLabel("Title").fill(first);
      await staff.getByLabel("Summary").fill("Search is slow this morning.");
      await staff.getByLabel("Content").fill("We are **on it**.\n\n<script>alert(1)</script>");
      await staff.getByLabel("Type").selectOption({ label: "Service incident" });
      await staff.getByRole("radio", { name: /^Critical/ }).check();
      await staff.getByRole("button", { name: "Preview" }).click();
      const preview = staff.getByRole("region", { name: "Preview" });
      await expect(preview.locator("strong", { hasText: "on it" })).toBeVisible();
      await expect(preview).toContainText("<script>alert(1)</script>");
      // The preview saved nothing, and kept what was typed.
      await expect(staff.getByLabel("Title")).toHaveValue(first);
      await expect(staff.getByRole("radio", { name: /^Critical/ })).toBeChecked();
      await axe();
      // A mistake keeps the rest and says what is wrong, above and beside the field.
      await staff.getByLabel("Expire date (UTC)").fill("2020-01-01T09:00");
      await staff.getByRole("button", { name: "Create alert" }).click();
      await expect(staff).toHaveTitle(/^Error: /);
      const summary = staff.getByRole("alert").filter({ hasText: "There is a problem" });
      await expect(summary.getByRole("link")).toHaveText(
        "The expire date must be after the notify date",
      );
      await expect(staff.getByLabel("Title")).toHaveValue(first);
      await axe();
      await staff.getByLabel("Expire date (UTC)").fill("2099-01-01T09:00");
      await staff.getByRole("button", { name: "Create alert" }).click();
      await expect(staff.getByRole("status")).toContainText(`Alert "${first}" created.`);
      await expect(staff.getByRole("row").filter({ hasText: first })).toContainText("Showing");
      // The severity in StatusTag's words, capitalised as on the Alerts page.
      await expect(staff.getByRole("row").filter({ hasText: first })).toContainText(
        "Critical (shown as Error)",
      );
      await axe();
      await createAlert(staff, { title: second, severity: "Information" });

      const member = await otherBrowser(browser, jsEnabled, baseURL);
      await logIn(member, "member@example.org");
      const bar = member.getByRole("complementary", { name: "Website alert" });
      await expect(bar).toContainText(`Error: ${first}`);
      await expect(bar.getByRole("link", { name: "1 more alert" })).toBeVisible();
      await checkAccessibility(member, jsEnabled);
      await bar.getByRole("button", { name: `Close the alert: ${first}` }).click();
      await expect(bar).toContainText(`Information: ${second}`);
      await expect(bar).not.toContainText(first);
      await bar.getByRole("link", { name: "Close and View Details" }).click();
      await expect(member.getByRole("heading", { level: 1 })).toHaveText(second);
      await expect(member.locator(".rendered-content strong")).toHaveText("this");
      await member.goto("/search");
      await expect(member.getByRole("complementary", { name: "Website alert" })).toHaveCount(0);

      // Another device: signed in afresh, the closed alerts stay closed.
      const laptop = await otherBrowser(browser, jsEnabled, baseURL);
      await logIn(laptop, "member@example.org");
      await expect(laptop.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(laptop.getByRole("complementary", { name: "Website alert" })).toHaveCount(0);
      // Both are still listed for reading.
      await laptop.goto("/alerts");
      await expect(laptop.getByRole("link", { name: first })).toBeVisible();
      await expect(laptop.getByRole("link", { name: second })).toBeVisible();
      await member.context().close();
      await laptop.context().close();
    } finally {
      await deleteAlerts(staff, id);
    }
  });

  test("a release popup for one release, then one for several; /allreleases and a release page", async ({
    page,

    browser,
    jsEnabled,
    baseURL,
  }) => {
    const id = runId();
    const staff = page;
    await logIn(staff, "alerts@example.org");
    try {
      await createAlert(staff, {
        title: `Version 9 ${id}`,
        type: "Release",
        popupDuration: "1500",
        content: "## New\n\n- Faster **search**",
      });
      const member = await otherBrowser(browser, jsEnabled, baseURL);
      await logIn(member, "member@example.org");
      const popup = member.getByRole("complementary", { name: "New releases" });
      await expect(popup).toContainText(`Version 9 ${id} has been released`);
      await expect(popup.getByRole("link", { name: "See all releases" })).toHaveAttribute(
        "href",
        "/allreleases",
      );
      if (jsEnabled) {
        // With JS it shows for its popupDuration, then goes, and counts as seen.
        const marked = member.waitForResponse(
          (response) => response.url().includes("/alerts/viewed") && response.ok(),
        );
        await expect(popup).toBeHidden({ timeout: 10_000 });
        await marked;
      } else {
        await popup.getByRole("button", { name: "Close the news of new releases" }).click();
        await expect(popup).toHaveCount(0);
      }
      await member.reload();
      await expect(member.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(popup).toHaveCount(0);

      await createAlert(staff, { title: `Version 10 ${id}`, type: "Release" });
      await createAlert(staff, { title: `Version 11 ${id}`, type: "Release" });
      await member.goto("/search");
      await expect(popup).toContainText("Horizon Scanning Database released 2 new versions");
      await checkAccessibility(member, jsEnabled);
      await popup.getByRole("link", { name: "See all releases" }).click();
      await expect(member).toHaveURL(/\/allreleases$/);
      await expect(member.getByRole("heading", { level: 1 })).toHaveText("Releases");
      await expect(member.getByText(/^\d+ releases?, newest first\.$/)).toBeVisible();
      const titles = member.getByRole("heading", { level: 2 }).filter({ hasText: id });
      await expect(titles).toHaveText([`Version 11 ${id}`, `Version 10 ${id}`, `Version 9 ${id}`]);
      await expect(member.getByRole("complementary", { name: "New releases" })).toHaveCount(0);
      await checkAccessibility(member, jsEnabled);
      await member.getByRole("link", { name: `Version 9 ${id}` }).click();
      await expect(member.getByRole("heading", { level: 1 })).toHaveText(`Version 9 ${id}`);
      await expect(member.locator(".rendered-content h2")).toHaveText("New");
      await checkAccessibility(member, jsEnabled);
      await member.goto("/");
      await expect(member.getByRole("complementary", { name: "New releases" })).toHaveCount(0);
      await member.context().close();
    } finally {
      await deleteAlerts(staff, id);
    }
  });

  test("a confirmation is a timed bar: with JS it hides after 3 s, without JS it stays", async ({
    page,
    jsEnabled,
  }) => {
    const id = runId();
    await logIn(page, "alerts@example.org");
    try {
      await createAlert(page, { title: `Timed ${id}` });
      const confirmation = page.getByRole("status").filter({ hasText: `Alert "Timed ${id}"` });
      const shown = Date.now();
      if (jsEnabled) {
        await expect(confirmation).toBeHidden({ timeout: 10_000 });
        // Not at once: it stayed up for about 3 s.
        expect(Date.now() - shown).toBeGreaterThan(1_500);
      } else {
        // Nothing can take it away without scripts: after longer than 3 s it is still there.
        await page.waitForTimeout(3_500);
        await expect(confirmation).toBeVisible();
      }
    } finally {
      await deleteAlerts(page, id);
    }
  });

  test("a member is sent to /notallowed from the staff alert pages", async ({ page }) => {
    await logIn(page, "member@example.org");
    for (const path of ["/dashboard/alerts", "/dashboard/alerts/new"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/notallowed$/);
    }
  });
});
