import type { Page } from "playwright";

/**
 * Signing in, with the plain Playwright API and no test runner: the specs (through
 * fixtures.ts) and the screenshot script (tests/screenshots.ts) share it.
 */

export const DEMO_PASSWORD = "horizon-demo";

/** Signs in through the login form, from wherever the page is. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  if (!new URL(page.url(), "http://x").pathname.startsWith("/login")) await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}
