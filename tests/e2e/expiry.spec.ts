import { type ProjectName, SERVERS } from "../../playwright.config";
import { expect, logIn, test } from "./fixtures";

// The project's own short-session server, which ends sessions after 3 idle seconds
// (SESSION_IDLE_MINUTES=0.05): each project signs the same member in and lets it lapse.
test.use({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use, testInfo) => {
    const { shortSessionPort } = SERVERS[testInfo.project.name as ProjectName];
    await use(`http://127.0.0.1:${shortSessionPort}`);
  },
});

test("an expired session goes to log in with the Token Expired banner, then back", async ({
  page,
  axe,
}) => {
  await logIn(page, "member@example.org");
  await page.goto("/myaccount");
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await axe();
  // Stay idle past the idle lifetime.
  await page.waitForTimeout(4_000);
  await page.getByRole("link", { name: "Change your name" }).click();
  await expect(page).toHaveURL("/login?redirectTo=%2Fmyaccount%2Fprofile");
  await expect(page.getByRole("alert").filter({ hasText: "Token Expired" })).toHaveText(
    /Error:\s*Token Expired\. Please log in again to continue\./,
  );
  await axe();
  await logIn(page, "member@example.org");
  await expect(page).toHaveURL("/myaccount/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await axe();
});
