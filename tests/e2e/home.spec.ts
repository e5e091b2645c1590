import { expect, logIn, test } from "./fixtures";
import { required } from "../../app/lib/required";

/** The figure at the start of a link's name ("1,234 Active" → 1234). */
async function figureOf(link: import("@playwright/test").Locator) {
  const text = required(await link.textContent(), "a figure's text");
  return Number(
    required(/^\s*([\d,]+)/.exec(text), `a figure in “${text}”`)[1].replaceAll(",", ""),
  );
}

test.describe("home page", () => {
  test("signed out, it says what the service holds, offers Log in and Contact us to subscribe, and shows no catalogue figures", async ({
    page,
    axe,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Horizon scanning for health technology",
    );
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Log in", exact: true })).toHaveAttribute(
      "href",
      "/login",
    );
    await expect(main.getByRole("link", { name: "Contact us to subscribe" })).toHaveAttribute(
      "href",
      "/contact",
    );
    await expect(main.getByRole("heading", { name: "What is in the catalogue" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: /^[\d,]+ / })).toHaveCount(0);
    await axe();
  });

  test("a member's home counts the catalogue by status, each figure opening a search that finds as many", async ({
    page,
    axe,
  }) => {
    await logIn(page, "member@example.org");
    await page.goto("/");
    await expect(page).toHaveTitle(/^Home/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, /);
    await expect(page.getByRole("search").getByLabel(/^Search [\d,]+ records$/)).toBeVisible();
    for (const name of [
      "What is in the catalogue",
      "Your saved searches",
      "Next regulatory events",
      "Latest releases",
      "Ways in",
    ])
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();

    const catalogue = page.getByRole("region", { name: "What is in the catalogue" });
    const total = await figureOf(
      catalogue.getByRole("link", { name: /^[\d,]+ published records$/ }),
    );
    let sum = 0;
    for (const status of ["Active", "Monitoring", "Archived", "Discontinued"])
      sum += await figureOf(
        catalogue.getByRole("link", { name: new RegExp(`^[\\d,]+ ${status}$`) }),
      );
    // Every published record has one status.
    expect(sum).toBe(total);
    await expect(
      catalogue.getByRole("link", { name: /^[\d,]+ changed in the last 7 days$/ }),
    ).toHaveAttribute("href", "/dashboard/notifications");

    // Upcoming events: the demo catalogue's records in the pipeline expect events in the
    // coming months (the generator dates them after the day it seeds), so the list is full.
    const upcoming = page.getByRole("region", { name: "Next regulatory events" });
    const events = upcoming.getByRole("listitem");
    await expect(events).toHaveCount(8);
    await expect(events.first().getByRole("link")).toHaveAttribute("href", /^\/record\//);
    await expect(events.first()).toContainText(/(EMA|FDA): /);
    await expect(
      upcoming.getByRole("link", { name: /^Search the records with an EU event from / }),
    ).toHaveAttribute("href", /^\/search\?euFrom=\d{4}-\d{2}-\d{2}$/);
    await expect(
      page.getByRole("region", { name: "Latest releases" }).getByRole("link", {
        name: "All releases",
      }),
    ).toHaveAttribute("href", "/allreleases");
    await axe();

    const active = catalogue.getByRole("link", { name: /^[\d,]+ Active$/ });
    const count = await figureOf(active);
    await active.click();
    await expect(page).toHaveURL(/\/search\?f=recordStatus%3AActive$/);
    await expect(page).toHaveTitle(
      new RegExp(`^Search: ${count.toLocaleString("en-GB")} results?, page 1`),
    );
  });

  test("a member's next regulatory event opens its record, whose timeline shows it as expected", async ({
    page,
    axe,
  }) => {
    await logIn(page, "member@example.org");
    await page.goto("/");
    const today = new Date().toISOString().slice(0, 10);
    const events = page
      .getByRole("region", { name: "Next regulatory events" })
      .getByRole("listitem");
    await expect(events).toHaveCount(8);
    // The first one dated after today (one dated today has happened, or is happening).
    let chosen: import("@playwright/test").Locator | null = null;
    for (const event of await events.all()) {
      const at = required(await event.locator("time").getAttribute("datetime"), "a date");
      if (at > today) {
        chosen = event;
        break;
      }
    }
    const event = required(chosen, "an event after today");
    const date = required(await event.locator("time").textContent(), "its date");
    const name = required(
      /(?:EMA|FDA): (.+)$/.exec(required(await event.textContent(), "its text")),
      "its event",
    )[1].trim();
    await event.getByRole("link").click();
    await expect(page).toHaveURL(/\/record\/HSS-\d+$/);
    await expect(page.getByRole("img", { name: /expected, dated after / })).toBeVisible();
    const row = page
      .getByRole("table", { name: "Regulatory events, oldest first" })
      .getByRole("row")
      .filter({ hasText: `${date} (expected)` })
      .filter({ hasText: name });
    await expect(row.first()).toBeVisible();
    await axe();
  });

  test("a member's saved search is listed with its changed records and runs from the home page", async ({
    page,
    axe,
  }, testInfo) => {
    // The two projects share one database: each saves its own title, and deletes it after.
    const title = `Home: monitoring (${testInfo.project.name} ${Date.now().toString(36)})`;
    await logIn(page, "member@example.org");
    await page.goto("/search?f=recordStatus%3AMonitoring");
    await page.getByRole("link", { name: "Save this search" }).click();
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/savedsearches$/);

    await page.goto("/");
    const saved = page.getByRole("region", { name: "Your saved searches" });
    const row = saved.getByRole("row").filter({ hasText: title });
    await expect(row.getByRole("cell").nth(1)).toHaveText(/^[\d,]+$/);
    await expect(
      saved.getByRole("table", {
        name: "Records each saved search finds that changed in the last 30 days",
      }),
    ).toBeVisible();
    await axe();
    await row.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\/search\?f=recordStatus%3AMonitoring$/);

    await page.goto("/dashboard/savedsearches");
    const article = page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: title }) });
    await article.locator("summary", { hasText: "Delete" }).click();
    await article.getByRole("button", { name: /^Yes, delete/ }).click();
    await expect(page.getByText("Saved search deleted.")).toBeVisible();
  });
});
