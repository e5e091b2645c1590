/**
 * npm run screenshots
 *
 * The route walk as pictures: every page of the route table (tests/e2e/route-walk.ts)
 * as the user who may open it, with the fixtures' real ids, and the main forms' error states,
 * at 1280, 768 and 375 px with JavaScript on, and with it off as well for search, a record and
 * the dashboard overview. A page longer than three screens is cut into slices (at most eight).
 * Writes the images and an index.html gallery into screenshots/, and the README's four
 * pictures into docs/images/.
 *
 * Runs the built app (npm run screenshots builds it first) as production, on a fresh embedded
 * database with the demo accounts and 500 demo records, on the first free port from 3350
 * (SCREENSHOTS_PORT to choose), and stops it at the end, also on failure. Chromium as the
 * browser tests launch it (CHROMIUM_PATH, else Debian's /usr/bin/chromium).
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { chromium, type Page } from "playwright";
import { required } from "../app/lib/required";
import { launchOptions } from "../playwright.config";
import { startBuiltServer } from "./bench/server";
import {
  allVisits,
  expectedLanding,
  type Fixtures,
  makeFixtures,
  openVisit,
  signedInPages,
  type Visit,
  type WalkOptions,
  type Who,
} from "./e2e/route-walk";
import { logIn } from "./e2e/sign-in";
import { turnOffStaffTwoStep } from "./staff-two-step";

const OUT = "screenshots";
const DOCS_IMAGES = "docs/images";
const DATA_DIR = ".tmp/screenshots-data";
const SIZES = [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
  { width: 375, height: 812 },
] as const;
/** Longer than this many screens, a page is cut into slices; never into more than MAX_SLICES. */
const SCREENS_WHOLE = 3;
const MAX_SLICES = 8;
/**
 * The pages also pictured without JavaScript (as the member): the busiest, and the account's
 * own forms.
 */
const WITHOUT_JS = new Set([
  "/search",
  "/record/:hssId",
  "/dashboard/overview",
  "/myaccount",
  "/myaccount/email",
  "/myaccount/security",
  "/myaccount/two-step",
  "/apitest",
]);

/** The first port from `from` on which nothing listens. */
async function freePort(from: number) {
  for (let port = from; port < from + 50; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once("error", () => resolve(false))
        .once("listening", () => probe.close(() => resolve(true)))
        .listen(port, "127.0.0.1");
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from} to ${from + 49}`);
}

interface Shot {
  /** The route pattern the gallery groups by, and the state of the page (default, or a named one). */
  pattern: string;
  state: string;
  path: string;
  as: Who;
  width: number;
  js: boolean;
  slice: number;
  slices: number;
  file: string;
}

/** A page in a state other than as loaded: an error a form shows, a second view. */
interface State {
  pattern: string;
  state: string;
  as: Who;
  path: (ids: Fixtures) => string;
  /** Brings the page into the state, from the loaded page; resolves once it shows. */
  act?: (page: Page) => Promise<void>;
  /** Undoes what the state leaves behind for the pages after it (a saved preference). */
  reset?: (page: Page) => Promise<void>;
}

/**
 * With JavaScript on, waits until React has hydrated the page (root.tsx marks <html>), so the
 * picture shows the page as a member with scripts sees it, and a state's form is driven by
 * its script rather than a native submission made before hydration. Logs, and takes the
 * picture anyway, if the page does not hydrate within 10 s. A page that ships no script (the
 * refusal of a form sent from another site) has nothing to wait for.
 */
async function hydrated(page: Page, where: string) {
  if ((await page.evaluate(() => document.scripts.length)) === 0) return;
  await page
    .locator("html[data-hydrated]")
    .waitFor({ state: "attached", timeout: 10_000 })
    .catch(() => console.error(`\n${where}: not hydrated after 10 s`));
}

const problemShown = (page: Page) =>
  page.getByRole("alert").filter({ hasText: "There is a problem" }).first().waitFor();

/** The main forms' error states, and search's second view and empty result. */
const STATES: State[] = [
  {
    pattern: "/login",
    state: "wrong-password",
    as: "signed out",
    path: () => "/login",
    // An unknown address reads as a wrong password does, and locks no demo account.
    act: async (page) => {
      await page.getByLabel("Email").fill("nobody@example.org");
      await page.getByLabel("Password").fill("not the password");
      await page.getByRole("button", { name: "Log in" }).click();
      await problemShown(page);
    },
  },
  {
    pattern: "/contact",
    state: "sent-empty",
    as: "signed out",
    path: () => "/contact",
    act: async (page) => {
      await page.getByRole("button", { name: "Send Message" }).click();
      await problemShown(page);
    },
  },
  {
    pattern: "/register",
    state: "bad-password",
    as: "signed out",
    path: (ids) => ids.registerPath,
    act: async (page) => {
      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByLabel("Confirm password").fill("different");
      await page.getByRole("button", { name: "Create account" }).click();
      await problemShown(page);
    },
  },
  {
    pattern: "/invite",
    state: "sent-empty",
    as: "admin",
    path: () => "/invite",
    act: async (page) => {
      await page.getByRole("button", { name: "Send invitation" }).click();
      await problemShown(page);
    },
  },
  {
    pattern: "/myaccount/profile",
    state: "errors",
    as: "member",
    path: () => "/myaccount/profile",
    act: async (page) => {
      await page.getByLabel("First name").fill("");
      await page.getByRole("button", { name: "Save profile" }).click();
      await problemShown(page);
    },
  },
  {
    pattern: "/myaccount/password",
    state: "sent-empty",
    as: "member",
    path: () => "/myaccount/password",
    act: async (page) => {
      await page.getByRole("button", { name: "Change password" }).click();
      await problemShown(page);
    },
  },
  {
    pattern: "/dashboard/managefaqs/new",
    state: "sent-empty",
    as: "editor",
    path: () => "/dashboard/managefaqs/new",
    act: async (page) => {
      await page.getByRole("button", { name: "Add question" }).click();
      await problemShown(page);
    },
  },
  {
    pattern: "/dashboard/alerts/new",
    state: "sent-empty",
    as: "alerts",
    path: () => "/dashboard/alerts/new",
    act: async (page) => {
      await page.getByRole("button", { name: "Create alert" }).click();
      await problemShown(page);
    },
  },
  {
    pattern: "/advancedsearch",
    state: "invalid-row",
    as: "member",
    path: () => "/advancedsearch?adv=1&join=and&field=company&op=contains&value=",
    act: problemShown,
  },
  {
    pattern: "/search",
    state: "no-results",
    as: "member",
    path: () => "/search?q=zyxwvutsrq",
  },
  {
    pattern: "/search",
    state: "table-view",
    as: "member",
    path: () => "/search?q=cancer",
    act: async (page) => {
      await page.getByRole("button", { name: "Table view" }).click();
      await page.getByRole("region", { name: /^Search results, page 1/ }).waitFor();
    },
    // The view is saved for the user: back to cards, which the README's picture shows.
    reset: async (page) => {
      await page.getByRole("button", { name: "Card view" }).click();
      await page.locator(".result-cards").waitFor();
    },
  },
  {
    pattern: "/dashboard/records",
    state: "bad-file",
    as: "editor",
    path: () => "/dashboard/records",
    act: async (page) => {
      await page.getByLabel("Records file").setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("just some notes"),
      });
      await page.getByRole("button", { name: "Check the file" }).click();
      await problemShown(page);
    },
  },
];

/** A file name for a route pattern: /dashboard/alerts/:alertId → dashboard-alerts-alertId. */
function slug(pattern: string) {
  if (pattern === "/") return "home";
  if (pattern === "/*") return "not-found";
  return pattern.replace(/^\//, "").replace(/[/:]+/g, "-").replace(/-+/g, "-");
}

/**
 * Saves the page as it stands: whole, or for a page longer than SCREENS_WHOLE screens in
 * slices of about a screen each (taller when that would make more than MAX_SLICES).
 */
async function capture(page: Page, shot: Omit<Shot, "slice" | "slices" | "file">) {
  const { width, height } = required(page.viewportSize(), "the viewport");
  // From the top: scrolled (a form's error summary takes focus), the full-page picture would
  // show the sticky header halfway down, where the window was.
  const total = await page.evaluate(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    return Math.max(document.documentElement.scrollHeight, document.body.scrollHeight);
  });
  const slices =
    total > height * SCREENS_WHOLE ? Math.min(MAX_SLICES, Math.ceil(total / height)) : 1;
  const step = Math.ceil(total / slices);
  const name = `${slug(shot.pattern)}${shot.state === "default" ? "" : `--${shot.state}`}--${width}${shot.js ? "" : "-nojs"}`;
  const shots: Shot[] = [];
  for (let slice = 1; slice <= slices; slice++) {
    const file = slices === 1 ? `${name}.png` : `${name}-${slice}of${slices}.png`;
    const top = (slice - 1) * step;
    await page.screenshot({
      path: path.join(OUT, file),
      fullPage: true,
      ...(slices === 1
        ? {}
        : { clip: { x: 0, y: top, width, height: Math.min(step, total - top) } }),
    });
    shots.push({ ...shot, slice, slices, file });
  }
  return shots;
}

/** Dismisses the website alert bar and the release popup, so that they do not sit on every picture. */
async function dismissNews(page: Page) {
  await page.goto("/");
  // The popup's "Close the news of new releases", the bar's "Close the alert: ...".
  const dismiss = page.getByRole("button", { name: /^Close the (alert|news of new releases)/ });
  for (let tries = 0; tries < 10; tries++) {
    const before = await dismiss.count();
    if (before === 0) return;
    await dismiss.first().click();
    // With JS the bar goes in place; without, the form's answer reloads the page. Waited for
    // from here: a page without JS cannot wait on a promise in an evaluation.
    for (let wait = 0; wait < 50 && (await dismiss.count()) >= before; wait++)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const html = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );

/** The gallery: a section per route, a row per state, the widths side by side with JS off beside JS on. */
function gallery(shots: Shot[], seconds: number) {
  const routes = [...new Set(shots.map((shot) => shot.pattern))];
  const sections = routes.map((pattern) => {
    const ofRoute = shots.filter((shot) => shot.pattern === pattern);
    const states = [...new Set(ofRoute.map((shot) => shot.state))];
    const rows = states.map((state) => {
      const ofState = ofRoute.filter((shot) => shot.state === state);
      const first = ofState[0];
      const columns: string[] = [];
      const fractions: number[] = [];
      for (const { width } of SIZES) {
        for (const js of [true, false]) {
          const column = ofState.filter((shot) => shot.width === width && shot.js === js);
          if (column.length === 0) continue;
          fractions.push(width);
          columns.push(
            `<div>${column
              .map((shot) => {
                const caption = `${shot.pattern} · ${shot.as} · ${shot.width} px · JS ${shot.js ? "on" : "off"}${shot.slices > 1 ? ` · slice ${shot.slice} of ${shot.slices}` : ""}`;
                return `<figure><a href="${html(shot.file)}"><img src="${html(shot.file)}" alt="${html(caption)}" loading="lazy"></a><figcaption>${html(caption)}</figcaption></figure>`;
              })
              .join("")}</div>`,
          );
        }
      }
      const heading = `${state === "default" ? "As loaded" : state} <small>${html(first.path)} as ${html(first.as)}</small>`;
      return `<h3>${heading}</h3><div class="row" style="grid-template-columns: ${fractions.map((f) => `${f}fr`).join(" ")}">${columns.join("")}</div>`;
    });
    return `<section id="${html(slug(pattern))}"><h2>${html(pattern)}</h2>${rows.join("")}</section>`;
  });
  const contents = routes
    .map((pattern) => `<li><a href="#${html(slug(pattern))}">${html(pattern)}</a></li>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Screenshots of every page</title>
<style>
  body { font: 15px/1.4 system-ui, sans-serif; margin: 1rem; background: #eee; color: #111; }
  .contents { columns: 24rem; padding-left: 1.2rem; }
  .contents li { break-inside: avoid; overflow-wrap: anywhere; }
  section { background: #fff; border: 1px solid #bbb; margin: 1.5rem 0; padding: 0.5rem 1rem 1rem; }
  h2 { margin: 0.5rem 0; font-size: 1.3rem; }
  h3 { margin: 1rem 0 0.5rem; font-size: 1rem; }
  h3 small { font-weight: normal; color: #555; overflow-wrap: anywhere; }
  .row { display: grid; gap: 1rem; align-items: start; }
  figure { margin: 0 0 0.5rem; }
  img { display: block; width: 100%; height: auto; border: 1px solid #888; }
  figcaption { font-size: 12px; color: #333; overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>Screenshots of every page</h1>
<p>${shots.length} pictures of ${routes.length} routes, taken ${html(new Date().toISOString())} in ${seconds} s by <code>npm run screenshots</code>.
Each row shows one state of a page at 1280, 768 and 375 px; JS off beside JS on where taken.
Scaled to fit: open a picture for its full size.</p>
<ul class="contents">${contents}</ul>
${sections.join("\n")}
</body>
</html>
`;
}

async function main() {
  const started = performance.now();
  rmSync(DATA_DIR, { recursive: true, force: true });
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  mkdirSync(DOCS_IMAGES, { recursive: true });

  const port = await freePort(Number(process.env.SCREENSHOTS_PORT ?? 3350));
  const baseURL = `http://127.0.0.1:${port}`;
  console.log(`Starting the built app on ${baseURL} (a fresh database in ${DATA_DIR})...`);
  const server = await startBuiltServer(port, DATA_DIR, {
    env: {
      NODE_ENV: "production",
      SESSION_SECRET: "screenshots-only-session-secret-32-characters",
      DEMO: "1",
      DEMO_RECORDS: "500",
      DEMO_ALERTS: "0",
      SMTP_URL: "",
      JOBS_INTERVAL_SECONDS: "2",
      PUBLIC_URL: baseURL,
    },
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= server.stop();
    return stopping;
  };
  const interrupted = () => {
    void stop().then(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  const browser = await chromium.launch(launchOptions);
  const shots: Shot[] = [];
  const problems: string[] = [];
  try {
    // The pages are shown as the demo staff see them, signed in with their password alone.
    await turnOffStaffTwoStep(baseURL);
    const options: WalkOptions = {
      baseURL,
      javaScriptEnabled: true,
      label: "screenshots",
      mailDir: path.join(DATA_DIR, "mail"),
      viewport: SIZES[0],
    };
    console.log("Signing in the demo users and making the fixtures...");
    const pages = await signedInPages(browser, options);
    const ids = await makeFixtures(pages, options);
    const member = required(pages.get("member"), "the member's page");
    // The home page with the new alert's bar and the release popup, then without them.
    for (const size of SIZES) {
      await member.setViewportSize(size);
      await member.goto("/");
      shots.push(
        ...(await capture(member, {
          pattern: "/",
          state: "news",
          path: "/",
          as: "member",
          width: size.width,
          js: true,
        })),
      );
    }
    for (const [who, page] of pages) if (who !== "halfway") await dismissNews(page);
    // Saved searches, so that the member's dashboard has something to show (the demo's
    // recent changes include cancers and spinal muscular atrophy).
    for (const [query, title] of [
      ["cancer", "Cancers"],
      ["spinal muscular atrophy", "Spinal muscular atrophy"],
    ]) {
      await member.goto(`/dashboard/savedsearches/new?q=${encodeURIComponent(query)}`);
      await member.getByLabel("Title").fill(title);
      await member.getByRole("button", { name: "Save", exact: true }).click();
      await member.getByText(`Search saved as “${title}”.`).waitFor();
    }

    // Without JavaScript: the member again, in a context of their own.
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      reducedMotion: "reduce",
      viewport: SIZES[0],
      locale: "en-GB",
    });
    const withoutJs = await context.newPage();
    await logIn(withoutJs, "member@example.org");
    await dismissNews(withoutJs);

    const visits: Array<Visit & Pick<State, "act" | "reset"> & { js: boolean }> = [];
    for (const visit of allVisits(ids)) {
      visits.push({ ...visit, js: true });
      if (WITHOUT_JS.has(visit.pattern) && !visit.state) visits.push({ ...visit, js: false });
    }
    for (const state of STATES) visits.push({ ...state, path: state.path(ids), js: true });

    console.log(`Taking ${visits.length} pages at ${SIZES.length} widths...`);
    for (const visit of visits) {
      const page = visit.js ? required(pages.get(visit.as), `a page for ${visit.as}`) : withoutJs;
      for (const size of SIZES) {
        await page.setViewportSize(size);
        const response = await openVisit(page, visit, baseURL);
        const where = `${visit.path} as ${visit.as} at ${size.width} px${visit.js ? "" : " without JS"}`;
        if (visit.js) await hydrated(page, where);
        if (visit.act) {
          await visit.act(page).catch((error: Error) => {
            problems.push(`${where}: ${error.message.split("\n")[0]}`);
          });
        } else {
          const landing = expectedLanding(visit, baseURL);
          const pathname = new URL(page.url()).pathname;
          if (pathname !== landing.pathname || response?.status() !== landing.status)
            problems.push(
              `${where}: landed on ${pathname} with ${response?.status()}, not ${landing.pathname} with ${landing.status}`,
            );
        }
        if (visit.js && visit.act) await hydrated(page, `${where}, ${visit.state}`);
        shots.push(
          ...(await capture(page, {
            pattern: visit.pattern,
            state: visit.state ?? "default",
            path: visit.path,
            as: visit.as,
            width: size.width,
            js: visit.js,
          })),
        );
      }
      await visit.reset?.(page);
      process.stdout.write(".");
    }
    process.stdout.write("\n");

    // The README's pictures: the first screen only, at stable names.
    const readme: Array<{ file: string; path: string; size: { width: number; height: number } }> = [
      { file: "search.png", path: "/search?q=cancer", size: SIZES[0] },
      { file: "record.png", path: `/record/${ids.hssId}`, size: SIZES[0] },
      { file: "overview.png", path: "/dashboard/overview", size: SIZES[0] },
      { file: "search-phone.png", path: "/search?q=cancer", size: SIZES[2] },
    ];
    for (const picture of readme) {
      await member.setViewportSize(picture.size);
      await member.goto(picture.path);
      await hydrated(member, picture.path);
      await member.screenshot({ path: path.join(OUT, `readme-${picture.file}`) });
      copyFileSync(path.join(OUT, `readme-${picture.file}`), path.join(DOCS_IMAGES, picture.file));
    }

    const seconds = Math.round((performance.now() - started) / 1000);
    writeFileSync(path.join(OUT, "index.html"), gallery(shots, seconds));
    console.log(
      `${shots.length} screenshots of ${visits.length} pages in ${seconds} s: ${path.resolve(OUT, "index.html")}`,
    );
    console.log(`README pictures: ${readme.map((p) => path.join(DOCS_IMAGES, p.file)).join(", ")}`);
    if (problems.length > 0) {
      console.error(`${problems.length} pages were not as expected:\n  ${problems.join("\n  ")}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
