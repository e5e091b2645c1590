import type { Page } from "@playwright/test";
import { exampleRecords, jsonLines, progressedExample } from "../records";
import { expect, logIn, openMainMenu, startJob, test, waitForJob } from "./fixtures";
import { emails } from "./mail";
import { required } from "../../app/lib/required";

async function switchUser(page: Page, email: string) {
  await page.context().clearCookies();
  await logIn(page, email);
}

/** Publishes records through the staff upload form (as whoever is signed in). */
async function publish(page: Page, content: string, name: string) {
  await page.goto("/dashboard/records");
  await page
    .getByLabel("Records file")
    .setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(content) });
  await page.getByLabel("Publish the changes at once").check();
  await page.getByRole("button", { name: "Check the file" }).click();
  await waitForJob(page);
  await startJob(page, () =>
    page.getByRole("button", { name: /^Publish \d+ record\(s\)$/ }).click(),
  );
  await expect(page.getByRole("heading", { level: 2, name: "Changes made" })).toBeVisible();
}

test.describe("the member's dashboard", () => {
  test.describe.configure({ timeout: 120_000 });

  test("view two records and run two searches, then find them in the overview", async ({
    page,
    axe,
  }) => {
    await logIn(page, "member@example.org");
    // The members' landing page is the way in: its search box is a plain GET form.
    await page.goto("/members");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Morgan");
    await axe();
    await page.getByLabel(/^Search [\d,]+ records$/).fill("cancer");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveTitle(/^Search “cancer”: [\d,]+ results/);
    await expect(page.locator(".result-card").nth(1)).toBeVisible();
    const titles = await page
      .locator(".result-card h2 a")
      .evaluateAll((links) => links.slice(0, 2).map((link) => link.textContent ?? ""));
    for (const title of titles) {
      await page.getByRole("link", { name: title, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await page.goBack();
    }
    await page.goto("/search");
    await page.getByLabel("Search records").fill("melanoma");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveTitle(/melanoma/);

    await page.getByRole("link", { name: "My Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard\/notifications$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
    await axe();
    // On a phone the menu is a closed disclosure that names the page it is on.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 800 });
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu.locator("summary")).toHaveText("Dashboard menu: Notifications");
    await expect(menu.getByRole("link", { name: "Overview" })).toBeHidden();
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Overview" })).toBeVisible();
    if (wide) await page.setViewportSize(wide);
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Overview" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
    const viewed = page
      .getByRole("region", { name: "Recently viewed records" })
      .getByRole("listitem");
    await expect(viewed.nth(0)).toContainText(titles[1]);
    await expect(viewed.nth(1)).toContainText(titles[0]);
    const searches = page.getByRole("region", { name: "Recent searches" }).getByRole("link");
    await expect(searches.nth(0)).toHaveText("Any field matches “melanoma”");
    await expect(searches.nth(1)).toHaveText("Any field matches “cancer”");
    // The long list gets the page's width: a table of the ten, each row a record.
    await expect(
      page
        .getByRole("region", { name: "Recently updated records" })
        .getByRole("rowheader")
        .getByRole("link"),
    ).toHaveCount(10);
    await axe();
    await searches.nth(1).click();
    await expect(page).toHaveURL(/\/search\?q=cancer/);
    await expect(page.getByLabel("Search records")).toHaveValue("cancer");
  });

  test("a record changed after the member last looked is a new notification until cleared", async ({
    page,
    axe,
  }) => {
    const [a, b] = exampleRecords();
    await logIn(page, "editor@example.org");
    await publish(page, jsonLines([a, b]), "first.jsonl");
    await page.context().clearCookies();

    await logIn(page, "member@example.org");
    // Start from nothing new.
    await page.goto("/dashboard/notifications");
    if (await page.getByRole("button", { name: "Clear" }).count())
      await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByText("none is new since you last cleared the new ones.")).toBeVisible();
    await page.context().clearCookies();

    await logIn(page, "editor@example.org");
    await publish(page, jsonLines([progressedExample(a), b]), "second.jsonl");
    await page.context().clearCookies();

    await logIn(page, "member@example.org");
    await openMainMenu(page);
    await expect(page.getByRole("link", { name: /^Notifications 1 new$/ })).toBeVisible();
    await page.getByRole("link", { name: /^Notifications 1 new$/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
    // Titles repeat across runs (the example records); the hssId is this run's own.
    const item = page.locator(`li:has(a[href="/record/${a.hssId}"])`);
    await expect(item).toContainText("New");
    await expect(item).toContainText("EMA › Status");
    await axe();
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByText("none is new since you last cleared the new ones.")).toBeVisible();
    await expect(item).not.toContainText("New");
    await openMainMenu(page);
    await expect(
      page.locator(".avatar-menu").getByRole("link", { name: "Notifications", exact: true }),
    ).toBeVisible();
  });

  test("save a search, run it again, rename it and delete it", async ({ page, axe }, testInfo) => {
    // The two projects share one database: each saves its own title.
    const title = `Melanoma watch (${testInfo.project.name})`;
    const renamedTitle = `Melanoma, renamed (${testInfo.project.name})`;
    await logIn(page, "member@example.org");
    await page.goto("/search?q=melanoma&page=2");
    await page.getByRole("link", { name: "Save this search" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Save this search");
    await expect(page.getByLabel("Title")).toHaveValue("Any field matches melanoma");
    await axe();
    await page.getByLabel("Title").fill("");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveTitle(/^Error: Save this search/);
    await expect(page.getByRole("alert")).toContainText("Enter a title");
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Save", exact: true }).click();

    await expect(page).toHaveURL(/\/dashboard\/savedsearches$/);
    await expect(page.getByText(`Search saved as “${title}”.`)).toBeVisible();
    const saved = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: title }) });
    await expect(saved).toContainText("Any field matches melanoma");
    await axe();
    await saved.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\/search\?q=melanoma$/);
    await expect(page.getByLabel("Search records")).toHaveValue("melanoma");

    await page.goto("/dashboard/savedsearches");
    // The rename and alert forms wait behind their disclosure; a failed rename opens it again.
    await expect(saved.getByLabel("Title")).toBeHidden();
    await saved.locator("summary", { hasText: "Rename or set alert" }).click();
    await saved.getByLabel("Title").fill("   ");
    await saved.getByRole("button", { name: /^Rename/ }).click();
    await expect(page).toHaveTitle(/^Error: Saved searches/);
    await expect(page.getByRole("alert")).toContainText("Enter a title");
    await axe();
    await saved.getByLabel("Title").fill(renamedTitle);
    await saved.getByRole("button", { name: /^Rename/ }).click();
    const renamed = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: renamedTitle }) });
    await expect(renamed).toBeVisible();
    await expect(renamed).toContainText("Email alert: off.");
    await renamed.locator("summary", { hasText: "Rename or set alert" }).click();
    await renamed.getByLabel("Email alert").selectOption("weekly");
    await renamed.getByRole("button", { name: /^Save alert/ }).click();
    await expect(page.getByText("Email alert set to weekly.")).toBeVisible();
    await expect(renamed).toContainText("Email alert: weekly.");
    await expect(renamed.getByLabel("Email alert")).toHaveValue("weekly");
    // Deleting asks first: the button that deletes is inside the disclosure.
    await expect(renamed.getByRole("button", { name: /^Yes, delete/ })).toBeHidden();
    await renamed.locator("summary", { hasText: "Delete" }).click();
    await renamed.getByRole("button", { name: /^Yes, delete/ }).click();
    await expect(page.getByText("Saved search deleted.")).toBeVisible();
    await expect(renamed).toHaveCount(0);
  });

  test("a daily alert on a saved search emails exactly once about a matching record that changed", async ({
    page,
  }, testInfo) => {
    const [a, b] = exampleRecords();
    await logIn(page, "editor@example.org");
    await publish(page, jsonLines([a, b]), "alert-first.jsonl");

    await switchUser(page, "member@example.org");
    await page.goto(
      `/advancedsearch?adv=1&field=hssId&op=is&value=${a.hssId}&dateFrom=&dateTo=&join=and`,
    );
    await page.getByRole("link", { name: "Save this search" }).click();
    const title = `Alert on ${a.hssId} (${testInfo.project.name})`;
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: title }) });
    await saved.locator("summary", { hasText: "Rename or set alert" }).click();
    await saved.getByLabel("Email alert").selectOption("daily");
    await saved.getByRole("button", { name: /^Save alert/ }).click();
    await expect(page.getByText("Email alert set to daily.")).toBeVisible();

    await switchUser(page, "editor@example.org");
    await publish(page, jsonLines([progressedExample(a), b]), "alert-second.jsonl");
    // The server runs the jobs every 2 seconds and sends the outbox at once.
    await expect.poll(() => emails([title, a.hssId]).length, { timeout: 30_000 }).toBe(1);
    const [email] = emails([title]);
    expect(email).toContain("To: member@example.org");
    expect(email).toContain("/unsubscribe?kind=alert");
    expect(email).not.toContain(b.hssId);
    // That later runs send nothing until something changes again is shown, run by run, in
    // tests/integration/jobs.test.ts: here it would only be a wait for the timer.
  });

  test("enrol in email notifications and receive the digest", async ({ page, axe }, testInfo) => {
    // A digest goes at most once a day to a member: each project enrols its own.
    const reader = testInfo.project.name === "js" ? "reports@example.org" : "admin@example.org";
    const [a, b] = exampleRecords();
    await logIn(page, "editor@example.org");
    await publish(page, jsonLines([a, b]), "digest-first.jsonl");

    await switchUser(page, reader);
    await page.goto("/dashboard/notifications");
    await expect(page.getByRole("heading", { name: "Email notifications" })).toBeVisible();
    if (await page.getByRole("button", { name: "Stop the emails" }).count())
      await page.getByRole("button", { name: "Stop the emails" }).click();
    await page.getByLabel("Daily").check();
    await page.getByRole("button", { name: "Enrol in email notifications" }).click();
    await expect(page.getByText("You will get a daily email of updated records.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop the emails" })).toBeVisible();
    await axe();

    await switchUser(page, "editor@example.org");
    await publish(page, jsonLines([progressedExample(a), b]), "digest-second.jsonl");
    await expect.poll(() => emails([`To: ${reader}`, a.hssId]).length, { timeout: 30_000 }).toBe(1);
    const [email] = emails([`To: ${reader}`, a.hssId]);
    expect(email).toContain("Updated records");
    expect(email).toContain("/unsubscribe?kind=digest");

    // Its unsubscribe link works without signing in, with one button.
    const link = required(
      email.match(/http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?[^\s]+/),
      "an unsubscribe link in the email",
    )[0];
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Stop emails");
    await axe();
    await page.getByRole("button", { name: "Stop these emails" }).click();
    await expect(
      page.getByText("You will get no more emails for the email notifications of updated records."),
    ).toBeVisible();
    // The same link cut short: a page that says so, with the way to the settings (404).
    const cut = await page.goto(link.slice(0, -4));
    expect(cut?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
    await expect(page.getByRole("link", { name: "notifications", exact: true })).toHaveAttribute(
      "href",
      "/dashboard/notifications",
    );
    await axe();
  });

  test("the email-notification popup shows while notifications are off, and stays dismissed", async ({
    page,
    axe,
  }, testInfo) => {
    // A dismissal is kept: each project uses its own member.
    const reader = testInfo.project.name === "js" ? "alerts@example.org" : "editor@example.org";
    const setPopup = async (on: boolean) => {
      await switchUser(page, "admin@example.org");
      await page.goto("/dashboard/settings");
      const box = page.getByLabel(/email.notification popup/i);
      if (on) await box.check();
      else await box.uncheck();
      await page.getByRole("button", { name: /^Save/ }).click();
      await expect(page.getByText("Site settings saved.")).toBeVisible();
    };
    await setPopup(true);
    try {
      await switchUser(page, reader);
      await page.goto("/about");
      const popup = page.getByRole("complementary", { name: "Email notifications" });
      await expect(popup).toContainText(
        "Email Notifications are currently off. Please visit the dashboard to enable.",
      );
      await expect(popup.getByRole("link")).toHaveAttribute("href", "/dashboard/notifications");
      await axe();
      await popup
        .getByRole("button", { name: "Close the message about email notifications" })
        .click();
      await expect(popup).toHaveCount(0);
      await page.goto("/search");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
      await expect(popup).toHaveCount(0);

      if (testInfo.project.name === "js") {
        // With JS it also fades out by itself after 8 seconds, and that is remembered too.
        await switchUser(page, "member@example.org");
        await page.goto("/about");
        await expect(popup).toBeVisible();
        // The fade posts the dismissal in the background (to the route's .data address, as
        // every request scripts make): reload once the server has it.
        const dismissed = page.waitForResponse(
          (response) =>
            response.request().method() === "POST" &&
            new URL(response.url()).pathname === "/dashboard/notifications.data",
        );
        await expect(popup).toHaveCount(0, { timeout: 15_000 });
        await dismissed;
        await page.reload();
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(popup).toHaveCount(0);
      }
    } finally {
      await setPopup(false);
    }
  });
});
