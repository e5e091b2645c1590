import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  type Browser,
  type Cookie,
  expect,
  type Page,
  type Route,
} from "@playwright/test";
import { required } from "../../app/lib/required";
import { DEMO_PASSWORD, logIn as logInThroughTheForm } from "./sign-in";

export { DEMO_PASSWORD };

/** Each user's session from their last sign-in in this worker, by server, and its test. */
const keptSessions = new Map<string, { cookie: Cookie; testId: string }>();
const SESSION_COOKIE = "hsd_session";

/**
 * Signs in as a spec's starting point. The first time in a worker it is the login form;
 * after that the session it made is given to the next test's page, as a browser that stayed
 * signed in would have it, when it is still good (a test may have signed it out, or it may
 * belong to another server). Within one test each sign-in is the form's, so that two browsers
 * of a test hold two sessions; and from a login page (a refused address's redirect) too, so that
 * the sign-in lands where that page says. The flows of signing in are tested on their own.
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const key = `${base.info().project.use.baseURL} ${email} ${password}`;
  const { testId } = base.info();
  const kept = keptSessions.get(key);
  const onLoginPage = new URL(page.url(), "http://x").pathname.startsWith("/login");
  if (kept && kept.testId !== testId && !onLoginPage) {
    kept.testId = testId;
    await page.context().addCookies([kept.cookie]);
    await page.goto("/");
    if ((await page.locator(".avatar-menu").count()) > 0) return;
    await page.context().clearCookies({ name: SESSION_COOKIE });
  }
  await logInThroughTheForm(page, email, password);
  const cookie = (await page.context().cookies()).find((each) => each.name === SESSION_COOKIE);
  if (cookie) keptSessions.set(key, { cookie, testId });
  else keptSessions.delete(key);
}

/**
 * The page a worker checks no-JS documents in: scripts on, so that axe can run, but the app's
 * own scripts refused. One per browser, kept for the worker's life: a context and a page of
 * their own for every check cost as much as the check itself.
 */
const mirrors = new WeakMap<Browser, Promise<Page>>();
function mirrorPage(browser: Browser) {
  let mirror = mirrors.get(browser);
  if (!mirror) {
    mirror = browser
      .newContext({ javaScriptEnabled: true, reducedMotion: "reduce" })
      .then(async (context) => {
        const page = await context.newPage();
        await page.route("**/assets/**/*.js", (route) => route.abort());
        return page;
      });
    mirrors.set(browser, mirror);
  }
  return mirror;
}

/**
 * Checks the page as it stands with axe (WCAG 2.2 A and AA), allowing no violations.
 * axe cannot run in a page with JavaScript disabled, so for the no-JS project the same
 * HTML the browser received is served again to a JS-enabled page whose app scripts are
 * blocked: what is checked is exactly what a no-JS user got.
 */
export async function checkAccessibility(page: Page, javaScriptEnabled: boolean) {
  let target = page;
  let cleanup = async () => {};
  // A check right after a click that loads a new document waits for it: read mid-load, the
  // document is the empty one the browser starts with.
  await page.waitForLoadState();
  if (!javaScriptEnabled) {
    const html = await page.content();
    const url = page.url();
    const mirror = await mirrorPage(required(page.context().browser(), "the test's browser"));
    const serve = (route: Route) =>
      route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    // A request never carries the address's #fragment.
    const matches = (candidate: URL) => candidate.href === url.split("#")[0];
    await mirror.route(matches, serve);
    await mirror.goto(url);
    target = mirror;
    cleanup = () => mirror.unroute(matches, serve);
  }
  try {
    const results = await new AxeBuilder({ page: target })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      // The app has no frames, so axe runs in the page itself ("legacy" mode) rather than
      // aggregating per-frame results in a blank page it opens for each check; and every rule
      // still runs, but only violations are written up node by node. Together they halve the
      // time of a check on a long page (the search results: 2.4 s to 1.2 s on this machine).
      .setLegacyMode(true)
      .options({ resultTypes: ["violations"] })
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  } finally {
    await cleanup();
  }
}

/** Where the e2e suite leaves the server's HTML documents for the Nu HTML Checker. */
export const HTML_DIR = ".tmp/e2e-html";

/** The per-response nonce, which alone would make every copy of a page a new document. */
const NONCE = /\bnonce="[^"]*"/g;

/**
 * Saves the body of every HTML document response the page receives (not the data
 * requests of client navigations), one file per distinct document, with its URL beside it
 * for the checker's report. Documents that differ only in their nonce are one document.
 */
export function keepDocuments(page: Page) {
  const pending: Promise<void>[] = [];
  mkdirSync(HTML_DIR, { recursive: true });
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (response.request().resourceType() !== "document" || !type.startsWith("text/html")) return;
    if (response.status() >= 300 && response.status() < 400) return;
    pending.push(
      response.text().then(
        (html) => {
          const hash = createHash("sha1")
            .update(html.replace(NONCE, 'nonce=""'))
            .digest("hex")
            .slice(0, 16);
          const path = new URL(response.url()).pathname;
          writeFileSync(`${HTML_DIR}/${hash}.html`, html);
          writeFileSync(`${HTML_DIR}/${hash}.url`, `${path}${new URL(response.url()).search}`);
        },
        // A document the page navigated away from before its body arrived has no body.
        () => {},
      ),
    );
  });
  return { done: () => Promise.all(pending).then(() => undefined) };
}

/**
 * What a page did, for a failed test to print: the addresses it went to, every 4xx or 5xx
 * answer, every request that never got one (aborted or refused) and every script error. The
 * page snapshot Playwright keeps does not say where the browser was or what it was waiting for.
 */
export function keepTrail(page: Page, label = "the page") {
  const trail: string[] = [];
  page.on("framenavigated", (frame) => {
    const step = `went to ${frame.url()}`;
    if (frame === page.mainFrame() && trail.at(-1) !== step) trail.push(step);
  });
  page.on("response", (response) => {
    if (response.status() >= 400)
      trail.push(`${response.status()} for ${response.request().method()} ${response.url()}`);
  });
  page.on("requestfailed", (request) =>
    trail.push(
      `no answer (${request.failure()?.errorText}) for ${request.method()} ${request.url()}`,
    ),
  );
  page.on("pageerror", (error) => trail.push(`script error: ${error.message}`));
  return {
    print: () =>
      console.log(`What ${label} did before the failure:\n  ${trail.slice(-30).join("\n  ")}`),
  };
}

export const test = base.extend<{ axe: () => Promise<void>; jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  // Script errors in the page (a hydration mismatch, a crash in an enhancement) fail the test.
  // Every HTML document the server sends is kept for the markup check (tests/html-check.mjs).
  // A failed test prints what the page did (keepTrail).
  page: async ({ page }, use, testInfo) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const trail = keepTrail(page);
    const saving = keepDocuments(page);
    await use(page);
    await saving.done();
    if (testInfo.status !== testInfo.expectedStatus) trail.print();
    expect(errors, "errors thrown by the page's scripts").toEqual([]);
  },
  axe: async ({ page, jsEnabled }, use) => {
    await use(() => checkAccessibility(page, jsEnabled));
  },
});

export { expect };

/** Opens the avatar menu (a <details> disclosure, so it works without JS). */
export async function openMainMenu(page: Page) {
  await page.getByTitle("Main Menu").click();
}

/**
 * Waits for the background job a page shows (an export, an import's check or apply) to end:
 * with scripts the page updates in place, without them it reloads itself every 2 seconds.
 */
export async function waitForJob(page: Page, timeout = 60_000) {
  await expect(page.locator(".job-progress")).toHaveCount(0, { timeout });
  await expect(page.locator("[data-job-state]")).toHaveAttribute("data-job-state", "ended", {
    timeout,
  });
}

/**
 * Starts a job from a page (`start` presses the button) and waits until the page shows that
 * job, not the one it showed before (an import's apply after its check), and shows it ended.
 * Waiting only for the progress bar to go would pass at once, before the POST has answered.
 */
export async function startJob(page: Page, start: () => Promise<unknown>, timeout = 60_000) {
  const marker = page.locator("[data-job-run]");
  const before = (await marker.count()) ? await marker.getAttribute("data-job-run") : null;
  await start();
  if (before !== null)
    await expect(marker).not.toHaveAttribute("data-job-run", before, { timeout });
  await waitForJob(page, timeout);
}
