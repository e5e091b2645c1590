import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { required } from "../../app/lib/required";
import { exampleRecords, jsonLines } from "../records";
import { expect, keepDocuments, logIn, startJob, test, waitForJob } from "./fixtures";
import { emails, linkIn } from "./mail";

/**
 * Every page of the app, as the least-privileged user who may open it: WCAG 1.4.10
 * (reflow at 320 px) and 1.4.4 (text at 200%) with no sideways scrolling, a title no other
 * page has (2.4.2), buttons that say which item they act on, and icons kept out of the
 * accessibility tree. The list of pages comes from the app's own route table (`remix routes
 * --json`): a new page without a visit below fails the test, so no page escapes it.
 */

/** Buttons that may appear twice on a page because both copies do the same thing. */
const SAME_ACTION_TWICE = new Set(["Apply filters"]);
/** Icon glyphs the app draws; each must be hidden from assistive technology. */
const ICONS = /[✖⚠ℹ✔✓✕★☆▲▼›‹»«]/u;

interface RouteNode {
  path?: string;
  file: string;
  children?: RouteNode[];
}

/** The URL pattern of every route that renders a page (resource routes have no default export). */
function pageRoutes() {
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
type Who = "signed out" | "member" | "editor" | "admin" | "alerts" | "halfway";
const EMAIL: Record<Exclude<Who, "signed out" | "halfway">, string> = {
  member: "member@example.org",
  editor: "editor@example.org",
  admin: "admin@example.org",
  alerts: "alerts@example.org",
};

interface Fixtures {
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
const VISITS: Record<
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
  "/myaccount/password": { as: "member", path: () => "/myaccount/password" },
  "/myaccount/profile": { as: "member", path: () => "/myaccount/profile" },
  "/myaccount/two-step": { as: "member", path: () => "/myaccount/two-step" },
  "/notallowed": { as: "member", path: () => "/notallowed", status: 403 },
  "/record/:hssId": { as: "member", path: (ids) => `/record/${ids.hssId}` },
  "/record/:hssId/print": {
    as: "member",
    path: (ids) => `/record/${ids.hssId}/print`,
  },
  "/record/:hssId/printpreview": {
    as: "member",
    path: (ids) => `/record/${ids.hssId}/printpreview?sections=keyFacts&sections=ema`,
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

/** Pages seen in a second state: the signed-out home page; search results with their charts open. */
const MORE_VISITS: Array<{ pattern: string; as: Who; path: string; status?: number }> = [
  { pattern: "/", as: "signed out", path: "/" },
  { pattern: "/search", as: "member", path: "/search?q=cancer&charts=1" },
  {
    pattern: "/advancedsearch",
    as: "member",
    path: "/advancedsearch?join=and&field=company&op=contains&value=Nor&charts=1",
  },
];

/** Sign-in state per kind of user, each in its own browser context. */
async function pagesFor(browser: Browser, javaScriptEnabled: boolean) {
  const pages = new Map<Who, Page>();
  const saving: ReturnType<typeof keepDocuments>[] = [];
  for (const who of ["signed out", "member", "editor", "admin", "alerts"] as const) {
    const context = await browser.newContext({
      javaScriptEnabled,
      baseURL: test.info().project.use.baseURL,
      reducedMotion: "reduce",
      viewport: { width: 320, height: 640 },
    });
    const page = await context.newPage();
    saving.push(keepDocuments(page));
    if (who !== "signed out") await logIn(page, EMAIL[who]);
    pages.set(who, page);
  }
  return { pages, saved: () => Promise.all(saving.map((each) => each.done())) };
}

/** A staged version and its import (as the editor), and an export (as the member). */
async function makeFixtures(pages: Map<Who, Page>): Promise<Fixtures> {
  const member = required(pages.get("member"), "the member's page");
  await member.goto("/search?q=cancer");
  const hssId = required(
    await member.locator(".search-results a[href^='/record/']").first().getAttribute("href"),
    "a record link in the results",
  ).replace("/record/", "");
  await member.getByRole("button", { name: "Select all on this page" }).click();
  await expect(member.locator(".selection-count")).toContainText("Selected");
  await member.goto("/export");
  await member.getByRole("button", { name: "Export", exact: true }).click();
  await expect(member).toHaveURL(/\/export\/[\w-]+\?/);
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
  await expect(editor).toHaveURL(/\/dashboard\/records\/imports\/\d+$/);
  const importId = required(/imports\/(\d+)$/.exec(editor.url())?.[1], "the import's id");
  await waitForJob(editor);
  await startJob(editor, () =>
    editor.getByRole("button", { name: "Stage 1 record(s) for preview" }).click(),
  );
  await expect(editor.getByRole("heading", { level: 2, name: "Changes made" })).toBeVisible();
  const admin = required(pages.get("admin"), "the admin's page");
  const email = `reflow-${test.info().project.name}-${Date.now().toString(36)}@example.org`;
  await admin.goto("/invite");
  await admin.getByLabel("First name").fill("Reflow");
  await admin.getByLabel("Last name").fill("Visitor");
  await admin.getByLabel("Email").fill(email);
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Invitation sent to" })).toBeVisible();
  await expect.poll(() => emails([email, "/register?"]).length, { timeout: 30_000 }).toBe(1);
  const registerPath = linkIn(required(emails([email]).at(-1), "the invitation"), "/register");
  pages.set("halfway", await halfwayThroughTwoStep(admin, pages));
  const alerts = required(pages.get("alerts"), "the website-alerts page");
  const alertId = await createAlert(
    alerts,
    `Reflow alert ${test.info().project.name}`,
    "Service incident",
  );
  const releaseId = await createAlert(
    alerts,
    `Reflow release ${test.info().project.name}`,
    "Release",
  );
  return { hssId, stagedHssId: record.hssId, importId, exportId, registerPath, alertId, releaseId };
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

/** Deletes the fixtures' alerts (all whose title holds `marker`), so that no later spec meets them. */
async function deleteAlerts(staff: Page, marker: string) {
  for (;;) {
    await staff.goto("/dashboard/alerts");
    const row = staff.getByRole("row").filter({ hasText: marker }).first();
    if ((await row.count()) === 0) return;
    await row.getByRole("link", { name: /^Delete/ }).click();
    await staff.getByRole("button", { name: "Delete alert" }).click();
    await expect(staff.getByRole("status")).toContainText("deleted");
  }
}

/** A new user who turns on two-step sign-in, logs out and enters their password again. */
async function halfwayThroughTwoStep(admin: Page, pages: Map<Who, Page>) {
  const email = `halfway-${test.info().project.name}-${Date.now().toString(36)}@example.org`;
  const password = "walnut lighthouse origami";
  await admin.goto("/invite");
  await admin.getByLabel("First name").fill("Halfway");
  await admin.getByLabel("Last name").fill("Visitor");
  await admin.getByLabel("Email").fill(email);
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect.poll(() => emails([email, "/register?"]).length, { timeout: 30_000 }).toBe(1);
  const signedOut = required(pages.get("signed out"), "the signed-out page");
  const context = await required(signedOut.context().browser(), "the browser").newContext({
    javaScriptEnabled: test.info().project.use.javaScriptEnabled,
    baseURL: test.info().project.use.baseURL,
    reducedMotion: "reduce",
    viewport: { width: 320, height: 640 },
  });
  const page = await context.newPage();
  await page.goto(linkIn(required(emails([email]).at(-1), "the invitation"), "/register"));
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/myaccount/two-step");
  const key = required(await page.locator(".secret-key code").textContent(), "the key");
  const secret = Secret.fromBase32(key.replaceAll(" ", ""));
  await page.getByLabel("6-digit code").fill(new TOTP({ secret }).generate());
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your recovery codes");
  await context.clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL("/login/two-step");
  return page;
}

/** Sends a form to `path` from a page of another origin (about:blank's), as an attack would. */
async function sendFromAnotherSite(page: Page, path: string) {
  const target = new URL(path, test.info().project.use.baseURL).href;
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

/** How far the document scrolls sideways, and the header's height. */
function measure(page: Page) {
  return page.evaluate(() => ({
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    header: Math.round(document.querySelector(".site-header")?.getBoundingClientRect().height ?? 0),
  }));
}

test.describe("every page", () => {
  test.describe.configure({ timeout: 240_000 });

  test("reflows at 320 px and at 200% text, has its own title, names its buttons and hides its icons", async ({
    browser,
    jsEnabled,
  }) => {
    const routes = pageRoutes();
    expect(Object.keys(VISITS).sort(), "a visit for every page route of the app").toEqual(routes);
    const { pages, saved } = await pagesFor(browser, jsEnabled);
    try {
      await visitEveryPage(pages, await makeFixtures(pages), saved);
    } finally {
      await deleteAlerts(required(pages.get("alerts"), "the website-alerts page"), "Reflow ");
      for (const page of pages.values()) await page.context().close();
    }
  });
});

async function visitEveryPage(pages: Map<Who, Page>, ids: Fixtures, saved: () => Promise<unknown>) {
  const faults: string[] = [];
  const titles: Array<{ page: string; title: string }> = [];
  const visits = [
    ...Object.entries(VISITS).map(([pattern, visit]) => ({
      pattern,
      ...visit,
      path: visit.path(ids),
    })),
    ...MORE_VISITS,
  ];
  for (const visit of visits) {
    const { pattern, as, path, status } = visit;
    const page = required(pages.get(as), `a page for ${as}`);
    await page.setViewportSize({ width: 320, height: 640 });
    const response =
      "fromAnotherSite" in visit && visit.fromAnotherSite
        ? await sendFromAnotherSite(page, path)
        : await page.goto(path);
    // The page itself, not a refusal or a sign-in page in its place.
    expect(new URL(page.url()).pathname, `${pattern} as ${as}`).toBe(
      pattern === "/dashboard" ? "/dashboard/notifications" : new URL(path, page.url()).pathname,
    );
    expect(response?.status(), `${path} as ${as}`).toBe(status ?? (pattern === "/*" ? 404 : 200));
    const narrow = await measure(page);
    // Error pages (404, 410) share their title by design; every real page has its own.
    if (
      !MORE_VISITS.some((more) => more.path === path && more.as === as) &&
      pattern !== "/dashboard" &&
      response?.status() === 200
    )
      titles.push({ page: `${pattern} as ${as}`, title: await page.title() });
    const tree = await page.locator("body").ariaSnapshot();
    const buttons = [...tree.matchAll(/- button "([^"]*)"/g)].map((match) => match[1]);
    for (const name of new Set(buttons)) {
      if (buttons.filter((other) => other === name).length > 1 && !SAME_ACTION_TWICE.has(name))
        faults.push(`${path}: more than one button is called "${name}"`);
    }
    for (const line of tree.split("\n")) {
      if (/- img\s*$/.test(line)) faults.push(`${path}: an image without a name`);
      // Text that is only an icon (a glyph with at most punctuation beside it).
      const text = /- (?:text: |[\w]+ ")(.*?)"?$/.exec(line)?.[1] ?? "";
      if (ICONS.test(text) && text.replace(ICONS, "").replace(/[\s:()]/g, "").length === 0)
        faults.push(`${path}: an icon is in the accessibility tree (${line.trim()})`);
    }
    if (narrow.sideways > 0) faults.push(`${path}: ${narrow.sideways} px sideways at 320 px`);
    if (narrow.header > 120) faults.push(`${path}: the header is ${narrow.header} px tall`);

    await page.setViewportSize({ width: 1280, height: 800 });
    // Set through the CSSOM: the content security policy refuses an added style element.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = "200%";
    });
    const large = await measure(page);
    if (large.sideways > 0) faults.push(`${path}: ${large.sideways} px sideways with 200% text`);

    // Search results in both saved views: the table as well as the cards.
    if (pattern === "/search") {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(path);
      await page.getByRole("button", { name: "Table view" }).click();
      await expect(page.getByRole("region", { name: /^Search results, page 1/ })).toBeVisible();
      const table = await measure(page);
      if (table.sideways > 0) faults.push(`${path}: ${table.sideways} px sideways in table view`);
      await page.getByRole("button", { name: "Card view" }).click();
      await expect(page.locator(".result-cards")).toBeVisible();
    }
  }
  await saved();
  for (const { page, title } of titles) {
    const same = titles.filter((other) => other.title === title && other.page !== page);
    if (same.length > 0)
      faults.push(`${page} has the title "${title}", as ${same.map((o) => o.page).join(", ")}`);
  }
  expect(faults).toEqual([]);
}
