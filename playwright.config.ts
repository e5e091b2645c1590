import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * Each project has a server and a database of its own, so the two run side by side, one
 * worker each (tests within a project change site settings, so they take turns); and a
 * second server whose sessions expire after 3 idle seconds, for the expiry flow.
 */
export const SERVERS = {
  js: { port: PORT, shortSessionPort: PORT + 1, dataDir: ".tmp/e2e-data-js" },
  "no-js": { port: PORT + 2, shortSessionPort: PORT + 3, dataDir: ".tmp/e2e-data-no-js" },
} as const;
export type ProjectName = keyof typeof SERVERS;

/** The data folder of the server a project's tests talk to (its emails are under mail/). */
export function dataDirOf(project: string) {
  if (!(project in SERVERS)) throw new Error(`No e2e server for the project ${project}`);
  return SERVERS[project as ProjectName].dataDir;
}

// Debian's Chromium: Playwright's own browser download cannot work on these machines.
// tests/screenshots.ts launches it the same way.
export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

const serverEnv = {
  NODE_ENV: "production",
  // A production server wants at least 32 characters.
  SESSION_SECRET: "e2e-only-session-secret-of-32-characters",
  DATABASE_URL: "",
  // The demo accounts and catalogue, asked for: a production server seeds none otherwise.
  DEMO: "1",
  SMTP_URL: "",
  // The demo's alert bar and release popup would sit on every page; tests/e2e/alerts.spec.ts makes its own.
  DEMO_ALERTS: "0",
};

/** Where tests/e2e/seed.ts leaves the seeded demo store, and the UTC day it seeded it. */
export const SEED_DIR = ".tmp/e2e-seed";
export const todayStamp = () => new Date().toISOString().slice(0, 10);
/** What the seed is made with: the demo accounts and catalogue, as every server asks for. */
export const seedEnv = serverEnv;

/**
 * The shell command that starts a server on a fresh `dataDir`: a copy of today's seeded store
 * when there is one (npm run test:e2e makes it), or an empty folder, which the server seeds
 * itself. The demo catalogue is dated from the day it is made, so a seed from another day is
 * not used.
 */
const startOn = (dataDir: string) =>
  `rm -rf ${dataDir} && if [ "$(cat ${SEED_DIR}/seeded-on 2>/dev/null)" = "${todayStamp()}" ]; then cp -r ${SEED_DIR} ${dataDir}; fi && node build/server/main.js`;

/** A fresh embedded database with the demo accounts, built app, production mode. */
function appServer(project: ProjectName) {
  const { port, dataDir } = SERVERS[project];
  return {
    command: startOn(dataDir),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // The scheduled jobs every 2 seconds, so that alert and digest emails land while a test waits.
    env: {
      ...serverEnv,
      PORT: String(port),
      DATA_DIR: dataDir,
      JOBS_INTERVAL_SECONDS: "2",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  };
}

/** A server whose sessions end after 3 idle seconds, with the demo accounts. */
function shortSessionServer(project: ProjectName) {
  const { shortSessionPort: port, dataDir } = SERVERS[project];
  return {
    command: startOn(`${dataDir}-short`),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      ...serverEnv,
      PORT: String(port),
      DATA_DIR: `${dataDir}-short`,
      SESSION_IDLE_MINUTES: "0.05",
      DEMO_RECORDS: "0",
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  // Once the servers answer: each demo admin lets staff sign in without two-step sign-in.
  globalSetup: "./tests/e2e/global-setup.ts",
  // One worker per project: the two projects run at once, each against its own server.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  // The longest flows (staff, then a member on two devices, axe at each step) took 28–30 s on
  // a machine of this kind at its slowest; the limit only ends a test that hangs.
  timeout: 60_000,
  // Two projects side by side keep both cores busy: a server-rendered page or a hydration can
  // take more than the default 5 s at the worst moments, and a test should not fail for that.
  expect: { timeout: 10_000 },
  use: {
    launchOptions,
    // A trace records every action's DOM and a screencast of every test, failing or not: work
    // for the browser all through the run. E2E_TRACE=1 turns it on to debug a failure.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    // Colour transitions would let axe measure contrast mid-fade; the app honours this.
    reducedMotion: "reduce",
    // A click or a wait that cannot happen fails within seconds, naming itself, instead of
    // holding its worker until the test's own timeout (the page walk's is eight minutes).
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: "js",
      workers: 1,
      use: { javaScriptEnabled: true, baseURL: `http://127.0.0.1:${SERVERS.js.port}` },
    },
    // Keyboard journeys and hydration are about scripts: JS only. The API
    // walk-through is plain HTTP, with no browser: once is enough.
    {
      name: "no-js",
      workers: 1,
      use: { javaScriptEnabled: false, baseURL: `http://127.0.0.1:${SERVERS["no-js"].port}` },
      testIgnore: /(keyboard|api|hydration)\.spec\.ts/,
    },
  ],
  webServer: [
    appServer("js"),
    appServer("no-js"),
    shortSessionServer("js"),
    shortSessionServer("no-js"),
  ],
});
