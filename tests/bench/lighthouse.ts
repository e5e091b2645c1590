/**
 * npm run bench:lighthouse [-- --runs 1]
 *
 * Lighthouse on a phone (decision 024): performance, accessibility and best practices of home,
 * a search, a record and the overview, as a signed-in member sees them. The built
 * production server runs on a fresh demo store (DEMO_RECORDS, 5,000 unless set) and a free
 * port; Lighthouse's defaults otherwise: the mobile form factor and simulated throttling
 * (slow 4G, a 4x slower CPU). Each page is fetched once before its audit, which checks the
 * session shows it (not the sign-in page) and warms the server. Chromium: CHROMIUM_PATH, or
 * /usr/bin/chromium. Figures only: scores under the targets are printed as "below target"
 * lines, not asserted.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBuiltServer } from "./server";

const { values } = parseArgs({ options: { runs: { type: "string", default: "1" } } });
const RUNS = Number(values.runs);
const DEMO_RECORDS = process.env.DEMO_RECORDS ?? "5000";
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
};

/** A port nothing listens on now: the system picks it, we let it go for the server. */
async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

async function signIn(base: string) {
  const body = new URLSearchParams({
    email: "member@example.org",
    password: "horizon-demo",
    redirectTo: "/",
  });
  const response = await fetch(`${base}/login`, { method: "POST", body, redirect: "manual" });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

/** The page as the session sees it; throws unless it is the page itself, signed in. */
async function fetchSignedIn(base: string, pathname: string, cookie: string) {
  const response = await fetch(`${base}${pathname}`, {
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  const html = await response.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  if (response.status !== 200 || !html.includes("My Dashboard") || /log in/i.test(title))
    throw new Error(`${pathname}: ${response.status} "${title}", not the signed-in page`);
  return { html, title };
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? Number.NaN : Math.round(value * 100);

const work = path.resolve(".tmp");
mkdirSync(work, { recursive: true });
const dataDir = mkdtempSync(path.join(work, "bench-lighthouse-"));
const port = await freePort();
const started = performance.now();
console.log(`Starting the production server on port ${port} with ${DEMO_RECORDS} demo records…`);
const server = await startBuiltServer(port, dataDir, {
  env: {
    NODE_ENV: "production",
    SESSION_SECRET: "bench-only-session-secret-of-32-characters",
    DEMO: "1",
    DEMO_RECORDS,
    DEMO_ALERTS: "0",
    JOBS_INTERVAL_SECONDS: "0",
  },
});
console.log(`  answered after ${((performance.now() - started) / 1000).toFixed(1)} s`);
let chrome: chromeLauncher.LaunchedChrome | undefined;

/**
 * One Lighthouse run in a Chromium of its own, as Lighthouse's command line does (one
 * Chromium for every run lost a trace now and then: NO_NAVSTART). A run that fails so is
 * tried again, up to three times in all.
 */
async function audit(url: string, cookie: string) {
  for (let attempt = 1; ; attempt++) {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: [...CATEGORIES],
        extraHeaders: { Cookie: cookie },
      });
      const error = result ? result.lhr.runtimeError?.message : "Lighthouse returned nothing";
      if (result && !error) return result.lhr;
      if (attempt === 3) throw new Error(`${url}: ${error}`);
      console.log(`  ${url}: ${error} Trying again.`);
    } finally {
      await chrome.kill();
      chrome = undefined;
    }
  }
}

try {
  const { base } = server;
  const cookie = await signIn(base);
  const search = await fetchSignedIn(base, "/search?q=cancer", cookie);
  const hssId = /href="\/record\/([^"]+)"/.exec(search.html)?.[1];
  if (!hssId) throw new Error("/search?q=cancer listed no record");
  const pages = [
    { name: "home", pathname: "/" },
    { name: "search", pathname: "/search?q=cancer" },
    { name: "record", pathname: `/record/${hssId}` },
    { name: "overview", pathname: "/dashboard/overview" },
  ];
  console.log(
    `Load average before the audits: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(", ")}`,
  );

  const rows: string[][] = [];
  let version = "";
  const belowTarget: string[] = [];
  for (const page of pages) {
    const { title } = await fetchSignedIn(base, page.pathname, cookie);
    for (let run = 1; run <= RUNS; run++) {
      const url = `${base}${page.pathname}`;
      const lhr = await audit(url, cookie);
      version = lhr.lighthouseVersion;
      // A redirect (to the sign-in page, say) would have audited another page.
      if (lhr.finalDisplayedUrl !== url || lhr.mainDocumentUrl !== url)
        throw new Error(`${page.name}: Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url}`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const scores = CATEGORIES.map((id) => score(lhr.categories[id]?.score));
      rows.push([
        RUNS > 1 ? `${page.name} #${run}` : page.name,
        ...scores.map(String),
        `${(numeric("largest-contentful-paint") / 1000).toFixed(2)} s`,
        `${Math.round(numeric("total-blocking-time"))} ms`,
        numeric("cumulative-layout-shift").toFixed(3),
        `${(numeric("total-byte-weight") / 1024).toFixed(0)} KiB`,
        String(Math.round(lhr.environment.benchmarkIndex)),
        title,
      ]);
      CATEGORIES.forEach((id, index) => {
        const value = scores[index];
        if (value >= TARGETS[id]) return;
        const category = lhr.categories[id];
        // What cost the points: the category's audits that scored under 0.9 (for
        // performance, also the diagnostics that carry no weight of their own).
        const failing = (category?.auditRefs ?? [])
          .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
          .filter(({ ref, audit }) => {
            const counts = ref.weight > 0 || id === "performance";
            return counts && audit && audit.score !== null && audit.score < 0.9;
          })
          .map(
            ({ audit }) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`,
          );
        belowTarget.push(
          `below target: ${rows[rows.length - 1][0]} ${category?.title ?? id} ${value} < ${TARGETS[id]}${failing.map((line) => `\n    - ${line}`).join("")}`,
        );
      });
    }
  }

  const header = [
    "page",
    "performance",
    "accessibility",
    "best practices",
    "LCP",
    "TBT",
    "CLS",
    "page weight",
    "CPU index",
    "title",
  ];
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]))
      .join("  ")
      .trimEnd();
  console.log(
    `\nLighthouse ${version}, mobile, simulated throttling; signed in as member@example.org; ${DEMO_RECORDS} demo records:`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    `targets: performance >= ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, best practices ${TARGETS["best-practices"]}`,
  );
  console.log(
    "CPU index: Lighthouse's benchmark of this machine's CPU at the run, lower when it is busy; the simulation takes main-thread times as measured here (x4), so a busy machine scores lower",
  );
  if (belowTarget.length) console.log(`\n${belowTarget.join("\n")}`);
  else console.log("every score meets its target");
  console.log(`\ntook ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await chrome?.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
