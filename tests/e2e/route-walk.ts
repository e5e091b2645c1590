import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Secret, TOTP } from "otpauth";
import type { Browser, BrowserContextOptions, Page } from "playwright";
import { required } from "../../app/lib/required";
import { exampleRecords, jsonLines } from "../records";
import { emails, linkIn } from "./mail";
import { logIn } from "./sign-in";

/**
 * The route walk: every page of the app, as the least-privileged user who may open
 * it, with real ids where it needs them, and the records, export, invitation, alert and
 * release those ids name. Written against the plain Playwright API, without the test runner,
 * so that tests/e2e/every-page.spec.ts (its checks) and tests/screenshots.ts (the gallery)
 * walk the same list.
 */

interface RouteNode {
  path?: string;
  file: string;
  children?: RouteNode[];
}

/** The URL pattern of every route that renders a page (resource routes have no default export). */
export function pageRoutes() {
  const tree: RouteNode[] = JSON.parse(
    execFileSync("node_modules/.bin/remix", ["routes", "--json"], { encoding: "utf8" }),
  );
  const patterns: string[] = [];
  const walk = (nodes: RouteNode[], parent: string) => {
    for (const node of nodes) {
      const path = [parent, node.path ?? ""].filter(Boolean).join("/");
      const source = readFileSync(`app/${node.file}`, "utf8");
      if (node.file !== "root.tsx" && /^export default /m.test(source)) patterns.push(`/${path}`);
      walk(node.children ?? [], path);
    }
  };
  walk(tree, "");
  return [...new Set(patterns)].sort();
}

// "halfway": a new user with two-step sign-in on, between their password and their code.
export type Who = "signed out" | "member" | "editor" | "admin" | "alerts" | "halfway";
export const EMAIL: Record<Exclude<Who, "signed out" | "halfway">, string> = {
  member: "member@example.org",
  editor: "editor@example.org",
  admin: "admin@example.org",
  alerts: "alerts@example.org",
};

export interface Fixtures {
  hssId: string;
  stagedHssId: string;
  importId: string;
  exportId: string;
  /** An invitation's /register link, so the form itself is measured. */
  registerPath: string;
  /** A website alert and a release for everyone: every later page shows the bar and the popup. */
  alertId: string;
  releaseId: string;
}

/** Each page, as the least-privileged user who may open it, with real ids where it needs them. */
export const VISITS: Record<
  string,
  { as: Who; path: (ids: Fixtures) => string; status?: number; fromAnotherSite?: true }
> = {
  "/": { as: "member", path: () => "/" },
  "/*": { as: "member", path: () => "/no-such-page" },
  "/about": { as: "signed out", path: () => "/about" },
  "/alerts": { as: "member", path: () => "/alerts" },
  "/alerts/:alertId": { as: "member", path: (ids) => `/alerts/${ids.alertId}` },
  "/allreleases": { as: "member", path: () => "/allreleases" },
  "/advancedsearch": {
    as: "member",
    path: () => "/advancedsearch?join=and&field=company&op=contains&value=Nor",
  },
  "/api/docs": { as: "signed out", path: () => "/api/docs" },
  "/apitest": { as: "signed out", path: () => "/apitest" },
  // Without a reset link's token: the page that says the link has expired, 410 Gone.
  "/changepassword": { as: "signed out", path: () => "/changepassword", status: 410 },
  "/checkemail": { as: "signed out", path: () => "/checkemail" },
  // Without a confirmation link's token: the page that says the link cannot be used, 410 Gone.
  "/confirmemail": { as: "signed out", path: () => "/confirmemail", status: 410 },
  "/contact": { as: "signed out", path: () => "/contact" },
  // The answer to a form sent from another site, shown at the form's address.
  "/crosssite": {
    as: "member",
    path: () => "/myaccount/profile",
    status: 403,
    fromAnotherSite: true,
  },
  "/dashboard": { as: "member", path: () => "/dashboard/notifications" },
  "/dashboard/alerts": { as: "alerts", path: () => "/dashboard/alerts" },
  "/dashboard/alerts/new": { as: "alerts", path: () => "/dashboard/alerts/new" },
  "/dashboard/alerts/:alertId": { as: "alerts", path: (ids) => `/dashboard/alerts/${ids.alertId}` },
  "/dashboard/alerts/:alertId/delete": {
    as: "alerts",
    path: (ids) => `/dashboard/alerts/${ids.alertId}/delete`,
  },
  "/dashboard/managefaqs": { as: "editor", path: () => "/dashboard/managefaqs" },
  "/dashboard/managefaqs/:faqId": { as: "editor", path: () => "/dashboard/managefaqs/1" },
  "/dashboard/managefaqs/:faqId/delete": {
    as: "editor",
    path: () => "/dashboard/managefaqs/1/delete",
  },
  "/dashboard/managefaqs/new": { as: "editor", path: () => "/dashboard/managefaqs/new" },
  // The demo's reports and topics (seeded first on a fresh database).
  "/dashboard/managehirs": { as: "editor", path: () => "/dashboard/managehirs" },
  "/dashboard/managehirs/:hirId": { as: "editor", path: () => "/dashboard/managehirs/1" },
  "/dashboard/managehirs/:hirId/delete": {
    as: "editor",
    path: () => "/dashboard/managehirs/1/delete",
  },
  "/dashboard/managehirs/new": { as: "editor", path: () => "/dashboard/managehirs/new" },
  "/dashboard/managehirtopics": { as: "editor", path: () => "/dashboard/managehirtopics" },
  "/dashboard/managehirtopics/:topicId": {
    as: "editor",
    path: () => "/dashboard/managehirtopics/1",
  },
  "/dashboard/managehirtopics/:topicId/delete": {
    as: "editor",
    path: () => "/dashboard/managehirtopics/1/delete",
  },
  "/dashboard/managehirtopics/new": {
    as: "editor",
    path: () => "/dashboard/managehirtopics/new",
  },
  "/dashboard/manageglossary": { as: "editor", path: () => "/dashboard/manageglossary" },
  "/dashboard/manageglossary/:glossaryId": {
    as: "editor",
    path: () => "/dashboard/manageglossary/1",
  },
  "/dashboard/manageglossary/:glossaryId/delete": {
    as: "editor",
    path: () => "/dashboard/manageglossary/1/delete",
  },
  "/dashboard/manageglossary/new": { as: "editor", path: () => "/dashboard/manageglossary/new" },
  "/dashboard/imagingdiagnostics": { as: "editor", path: () => "/dashboard/imagingdiagnostics" },
  "/dashboard/imagingdiagnostics/:entryId": {
    as: "editor",
    path: () => "/dashboard/imagingdiagnostics/2",
  },
  "/dashboard/imagingdiagnostics/:entryId/delete": {
    as: "editor",
    path: () => "/dashboard/imagingdiagnostics/2/delete",
  },
  "/dashboard/imagingdiagnostics/eventnames": {
    as: "editor",
    path: () => "/dashboard/imagingdiagnostics/eventnames",
  },
  "/dashboard/imagingdiagnostics/eventnames/:nameId": {
    as: "editor",
    path: () => "/dashboard/imagingdiagnostics/eventnames/1",
  },
  "/dashboard/imagingdiagnostics/eventnames/:nameId/delete": {
    as: "editor",
    path: () => "/dashboard/imagingdiagnostics/eventnames/1/delete",
  },
  "/dashboard/imagingdiagnostics/new": {
    as: "editor",
    path: () => "/dashboard/imagingdiagnostics/new",
  },
  "/dashboard/notifications": { as: "member", path: () => "/dashboard/notifications" },
  "/dashboard/overview": { as: "member", path: () => "/dashboard/overview" },
  "/dashboard/records": { as: "editor", path: () => "/dashboard/records" },
  "/dashboard/records/format": { as: "editor", path: () => "/dashboard/records/format" },
  "/dashboard/records/imports/:importId": {
    as: "editor",
    path: (ids) => `/dashboard/records/imports/${ids.importId}`,
  },
  "/dashboard/savedsearches": { as: "member", path: () => "/dashboard/savedsearches" },
  "/dashboard/savedsearches/new": {
    as: "member",
    path: () => "/dashboard/savedsearches/new?q=cancer",
  },
  "/dashboard/settings": { as: "admin", path: () => "/dashboard/settings" },
  "/dashboard/userreports": {
    as: "admin",
    path: () => "/dashboard/userreports?from=2020-01-01&to=2030-12-31",
  },
  "/dashboard/users": { as: "admin", path: () => "/dashboard/users" },
  "/dashboard/users/:userId": { as: "admin", path: () => "/dashboard/users/1" },
  "/dashboard/users/:userId/two-step": { as: "admin", path: () => "/dashboard/users/1/two-step" },
  "/dashboard/users/:userId/security": { as: "admin", path: () => "/dashboard/users/1/security" },
  "/export": { as: "member", path: () => "/export" },
  "/faq": { as: "member", path: () => "/faq" },
  "/hir": { as: "member", path: () => "/hir" },
  "/upcoming-hir": { as: "member", path: () => "/upcoming-hir" },
  "/downloadhir": { as: "member", path: () => "/downloadhir?id=1&title=Reflow%20report" },
  "/export/:exportId": { as: "member", path: (ids) => `/export/${ids.exportId}` },
  "/glossary": { as: "member", path: () => "/glossary" },
  "/imagingdiagnostics": { as: "member", path: () => "/imagingdiagnostics" },
  "/invite": { as: "admin", path: () => "/invite" },
  "/login": { as: "signed out", path: () => "/login" },
  "/login/two-step": { as: "halfway", path: () => "/login/two-step" },
  "/members": { as: "member", path: () => "/members" },
  "/myaccount": { as: "member", path: () => "/myaccount" },
  "/myaccount/email": { as: "member", path: () => "/myaccount/email" },
  "/myaccount/password": { as: "member", path: () => "/myaccount/password" },
  "/myaccount/profile": { as: "member", path: () => "/myaccount/profile" },
  "/myaccount/security": { as: "member", path: () => "/myaccount/security" },
  "/myaccount/two-step": { as: "member", path: () => "/myaccount/two-step" },
  "/notallowed": { as: "member", path: () => "/notallowed", status: 403 },
  "/record/:hssId": { as: "member", path: (ids) => `/record/${ids.hssId}` },
  "/record/:hssId/print": {
    as: "member",
    path: (ids) => `/record/${ids.hssId}/print`,
  },
  "/record/:hssId/printpreview": {
    as: "member",
    path: (ids) => `/record/${ids.hssId}/printpreview`,
  },
  "/record/preview/:hssId": {
    as: "editor",
    path: (ids) => `/record/preview/${ids.stagedHssId}`,
  },
  "/register": { as: "signed out", path: (ids) => ids.registerPath },
  "/releases/:releaseId": { as: "member", path: (ids) => `/releases/${ids.releaseId}` },
  "/resetpassword": { as: "signed out", path: () => "/resetpassword" },
  "/search": { as: "member", path: () => "/search?q=cancer" },
  "/search/facet/:filterId": { as: "member", path: () => "/search/facet/company?q=cancer" },
  "/searchtips": { as: "member", path: () => "/searchtips" },
  // Without the token an email carries: the page that says the link is not valid, 404.
  "/unsubscribe": { as: "signed out", path: () => "/unsubscribe", status: 404 },
};

/**
 * Pages seen in a second state (`state` names it, in screenshot names): the signed-out home
 * page; search results with their charts open.
 */
export const MORE_VISITS: Array<{
  pattern: string;
  as: Who;
  path: string;
  status?: number;
  state: string;
}> = [
  { pattern: "/", as: "signed out", path: "/", state: "signed-out" },
  { pattern: "/search", as: "member", path: "/search?q=cancer&charts=1", state: "charts" },
  {
    pattern: "/advancedsearch",
    as: "member",
    path: "/advancedsearch?join=and&field=company&op=contains&value=Nor&charts=1",
    state: "charts",
  },
];

/** One stop of the walk: a page of the route table, as whom, at which address. */
export interface Visit {
  pattern: string;
  as: Who;
  path: string;
  status?: number;
  /** A form sent from another site, whose answer is the page (see sendFromAnotherSite). */
  fromAnotherSite?: true;
  /** A second state of a page already visited (MORE_VISITS). */
  state?: string;
}

/** Every visit of VISITS with the fixtures' ids filled in, then MORE_VISITS. */
export function allVisits(ids: Fixtures): Visit[] {
  return [
    ...Object.entries(VISITS).map(([pattern, visit]) => ({
      pattern,
      ...visit,
      path: visit.path(ids),
    })),
    ...MORE_VISITS,
  ];
}

/** How the walk's browser contexts are set up, and where the server leaves its emails. */
export interface WalkOptions {
  baseURL: string;
  javaScriptEnabled: boolean;
  /** Part of the fixtures' names and emails, so that walks on one database stay apart. */
  label: string;
  /** The server's DATA_DIR/mail, where it writes emails without SMTP. */
  mailDir: string;
  viewport: { width: number; height: number };
}

function contextOptions(options: WalkOptions): BrowserContextOptions {
  return {
    javaScriptEnabled: options.javaScriptEnabled,
    baseURL: options.baseURL,
    reducedMotion: "reduce",
    viewport: options.viewport,
    // The product's readers are in the UK: date fields read day/month/year, as theirs do.
    locale: "en-GB",
  };
}

/** A signed-in page per kind of user (and one signed out), each in its own browser context. */
export async function signedInPages(
  browser: Browser,
  options: WalkOptions,
  onPage: (page: Page, who: Who) => void = () => {},
) {
  const pages = new Map<Who, Page>();
  for (const who of ["signed out", "member", "editor", "admin", "alerts"] as const) {
    const context = await browser.newContext(contextOptions(options));
    const page = await context.newPage();
    onPage(page, who);
    if (who !== "signed out") await logIn(page, EMAIL[who]);
    pages.set(who, page);
  }
  return pages;
}

/** Waits for `check` to hold, looking every 250 ms. */
async function until(what: string, check: () => boolean, timeout = 30_000) {
  const end = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Waited ${timeout} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * fixtures.ts's waitForJob and startJob without the test runner's `expect`: the page's job
 * ends (with scripts it updates in place, without them it reloads every 2 seconds).
 */
async function waitForJobEnd(page: Page, timeout = 60_000) {
  await page.locator(".job-progress").first().waitFor({ state: "detached", timeout });
  await page.locator('[data-job-state="ended"]').first().waitFor({ state: "attached", timeout });
}

async function startJobAndWait(page: Page, start: () => Promise<unknown>, timeout = 60_000) {
  const marker = page.locator("[data-job-run]");
  const before = (await marker.count()) ? await marker.getAttribute("data-job-run") : null;
  await start();
  if (before !== null)
    await page
      .locator(`[data-job-run]:not([data-job-run="${before}"])`)
      .first()
      .waitFor({ state: "attached", timeout });
  await waitForJobEnd(page, timeout);
}

/**
 * A staged version and its import (as the editor), an export (as the member), an invitation's
 * register link (as the admin), a user halfway through two-step sign-in (added to `pages`),
 * and a website alert and a release (as the alerts manager).
 */
export async function makeFixtures(pages: Map<Who, Page>, options: WalkOptions): Promise<Fixtures> {
  const member = required(pages.get("member"), "the member's page");
  await member.goto("/search?q=cancer");
  const hssId = required(
    await member.locator(".search-results a[href^='/record/']").first().getAttribute("href"),
    "a record link in the results",
  ).replace("/record/", "");
  // Hydration hides "Update selection" (a no-JS button above this one on a phone): a click in
  // that moment lands where the button was, on nothing. A person sees the page settle first.
  if (options.javaScriptEnabled)
    await member.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // On a phone the two "Select all" wait in a disclosure.
  const selectMany = member.locator("details.select-many > summary");
  if (await selectMany.isVisible()) await selectMany.click();
  await member.getByRole("button", { name: "Select all on this page" }).click();
  // A string in hasText matches any case, so "Selected" also found "No results selected" and the
  // walk went on to /export before the selection was saved; the count's own words only.
  await member.locator(".selection-count", { hasText: /^Selected \d/ }).waitFor();
  await member.goto("/export");
  await member.getByRole("button", { name: "Export", exact: true }).click();
  await member.waitForURL(/\/export\/[\w-]+\?/);
  const exportId = required(/\/export\/([\w-]+)/.exec(member.url())?.[1], "the export's id");

  const editor = required(pages.get("editor"), "the editor's page");
  const [record] = exampleRecords();
  await editor.goto("/dashboard/records");
  await editor.getByLabel("Records file").setInputFiles({
    name: "reflow.jsonl",
    mimeType: "application/json",
    buffer: Buffer.from(jsonLines([record])),
  });
  await editor.getByLabel("Stage them for preview, to publish or discard here later").check();
  await editor.getByRole("button", { name: "Check the file" }).click();
  await editor.waitForURL(/\/dashboard\/records\/imports\/\d+$/);
  const importId = required(/imports\/(\d+)$/.exec(editor.url())?.[1], "the import's id");
  await waitForJobEnd(editor);
  await startJobAndWait(editor, () =>
    editor.getByRole("button", { name: "Stage 1 record(s) for preview" }).click(),
  );
  await editor.getByRole("heading", { level: 2, name: "Changes made" }).waitFor();
  const admin = required(pages.get("admin"), "the admin's page");
  const email = `reflow-${options.label}-${Date.now().toString(36)}@example.org`;
  await invite(admin, "Reflow", email);
  await admin.getByRole("status").filter({ hasText: "Invitation sent to" }).first().waitFor();
  await until("the invitation email", () => inbox([email, "/register?"]).length === 1);
  const registerPath = linkIn(required(inbox([email]).at(-1), "the invitation"), "/register");
  pages.set("halfway", await halfwayThroughTwoStep(admin, pages, options));
  const alerts = required(pages.get("alerts"), "the website-alerts page");
  const alertId = await createAlert(alerts, `Reflow alert ${options.label}`, "Service incident");
  const releaseId = await createAlert(alerts, `Reflow release ${options.label}`, "Release");
  return { hssId, stagedHssId: record.hssId, importId, exportId, registerPath, alertId, releaseId };

  function inbox(containing: string[]) {
    return emails(containing, options.mailDir);
  }
}

/** Sends the admin's invitation form for a new user called `first` Visitor. */
async function invite(admin: Page, first: string, email: string) {
  await admin.goto("/invite");
  await admin.getByLabel("First name").fill(first);
  await admin.getByLabel("Last name").fill("Visitor");
  await admin.getByLabel("Email").fill(email);
  await admin.getByRole("button", { name: "Send invitation" }).click();
}

/** A website alert for everyone, through the staff form; returns its id. */
async function createAlert(staff: Page, title: string, type: string) {
  await staff.goto("/dashboard/alerts/new");
  await staff.getByLabel("Title").fill(title);
  await staff
    .getByLabel("Summary")
    .fill("A long summary that must wrap on a phone rather than push the page sideways.");
  await staff.getByLabel("Content").fill("## Details\n\n- one\n- two");
  await staff.getByLabel("Type").selectOption({ label: type });
  await staff.getByRole("button", { name: "Create alert" }).click();
  const row = staff.getByRole("row").filter({ hasText: title });
  const href = required(
    await row.getByRole("link", { name: title, exact: true }).getAttribute("href"),
    "the alert's link",
  );
  return href.replace("/dashboard/alerts/", "");
}

/** Deletes the fixtures' alerts (all whose title holds `marker`), so that no later visitor meets them. */
export async function deleteAlerts(staff: Page, marker: string) {
  for (let round = 0; ; round++) {
    await staff.goto("/dashboard/alerts");
    const row = staff.getByRole("row").filter({ hasText: marker }).first();
    if ((await row.count()) === 0) return;
    if (round === 10)
      throw new Error(`Alerts marked "${marker}" are still listed after 10 deletions`);
    await row.getByRole("link", { name: /^Delete/ }).click();
    await staff.getByRole("button", { name: "Delete alert" }).click();
    await staff.getByRole("status").filter({ hasText: "deleted" }).first().waitFor();
  }
}

/** A new user who turns on two-step sign-in, logs out and enters their password again. */
async function halfwayThroughTwoStep(admin: Page, pages: Map<Who, Page>, options: WalkOptions) {
  const email = `halfway-${options.label}-${Date.now().toString(36)}@example.org`;
  const password = "walnut lighthouse origami";
  await invite(admin, "Halfway", email);
  await until(
    "the invitation email",
    () => emails([email, "/register?"], options.mailDir).length === 1,
  );
  const signedOut = required(pages.get("signed out"), "the signed-out page");
  const browser = required(signedOut.context().browser(), "the browser");
  const context = await browser.newContext(contextOptions(options));
  const page = await context.newPage();
  const invitation = required(emails([email], options.mailDir).at(-1), "the invitation");
  await page.goto(linkIn(invitation, "/register"));
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/myaccount/two-step");
  const key = required(await page.locator(".secret-key code").textContent(), "the key");
  const secret = Secret.fromBase32(key.replaceAll(" ", ""));
  await page.getByLabel("6-digit code").fill(new TOTP({ secret }).generate());
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await page.getByRole("heading", { level: 1, name: "Your recovery codes" }).waitFor();
  await context.clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname === "/login/two-step");
  return page;
}

/** Sends a form to `path` from a page of another origin (about:blank's), as an attack would. */
export async function sendFromAnotherSite(page: Page, path: string, baseURL: string) {
  const target = new URL(path, baseURL).href;
  await page.goto("about:blank");
  await page.setContent(
    `<form method="post" action="${target}"><input name="firstName" value="Mallory"><button>Send</button></form>`,
  );
  const [response] = await Promise.all([
    page.waitForResponse((each) => each.url() === target && each.request().method() === "POST"),
    page.getByRole("button", { name: "Send" }).click(),
  ]);
  await page.waitForLoadState();
  return response;
}

/**
 * Where a visit must land, and with which status: the page itself, not a refusal or a
 * sign-in page in its place (/dashboard shows the notifications page).
 */
export function expectedLanding(visit: Visit, baseURL: string) {
  return {
    pathname:
      visit.pattern === "/dashboard"
        ? "/dashboard/notifications"
        : new URL(visit.path, baseURL).pathname,
    status: visit.status ?? (visit.pattern === "/*" ? 404 : 200),
  };
}

/** Opens a visit's page (or sends its cross-site form); returns the document's response. */
export function openVisit(page: Page, visit: Visit, baseURL: string) {
  return visit.fromAnotherSite
    ? sendFromAnotherSite(page, visit.path, baseURL)
    : page.goto(visit.path);
}
