import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { required } from "../../app/lib/required";

export const DEMO_PASSWORD = "horizon-demo";

/**
 * Checks the page as it stands with axe (WCAG 2.2 A and AA), allowing no violations.
 * axe cannot run in a page with JavaScript disabled, so for the no-JS project the same
 * HTML the browser received is served again to a JS-enabled page whose app scripts are
 * blocked: what is checked is exactly what a no-JS user got.
 */
async function checkAccessibility(page: Page, javaScriptEnabled: boolean) {
  let target = page;
  let cleanup = async () => {};
  if (!javaScriptEnabled) {
    const html = await page.content();
    const url = page.url();
    const browser = required(page.context().browser(), "the test's browser");
    const context = await browser.newContext({
      javaScriptEnabled: true,
      reducedMotion: "reduce",
      baseURL: new URL(url).origin,
    });
    const mirror = await context.newPage();
    await mirror.route("**/build/**/*.js", (route) => route.abort());
    await mirror.route(
      (candidate) => candidate.href === url,
      (route) =>
        route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await mirror.goto(url);
    target = mirror;
    cleanup = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: target })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  } finally {
    await cleanup();
  }
}

export const test = base.extend<{ axe: () => Promise<void>; jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  // Script errors in the page (a hydration mismatch, a crash in an enhancement) fail the test.
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await use(page);
    expect(errors, "errors thrown by the page's scripts").toEqual([]);
  },
  axe: async ({ page, jsEnabled }, use) => {
    await use(() => checkAccessibility(page, jsEnabled));
  },
});

export { expect };

/** Signs in through the login form, from wherever the page is. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  if (!new URL(page.url(), "http://x").pathname.startsWith("/login")) await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Opens the avatar menu (a <details> disclosure, so it works without JS). */
export async function openMainMenu(page: Page) {
  await page.getByTitle("Main Menu").click();
}
