import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A second server whose sessions expire after 3 idle seconds, for the expiry flow.
export const SHORT_SESSION_PORT = PORT + 1;
export const DATA_DIR = ".tmp/e2e-data";

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

export default defineConfig({
  testDir: "tests/e2e",
  // Once the servers answer: the demo admin lets staff sign in without two-step sign-in.
  globalSetup: "./tests/e2e/global-setup.ts",
  // One server and one database serve both projects; tests change site settings, so
  // they run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions,
    trace: "retain-on-failure",
    // Colour transitions would let axe measure contrast mid-fade; the app honours this.
    reducedMotion: "reduce",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    // Keyboard journeys are about scripts' key handling and focus moves: JS only. The API
    // walk-through is plain HTTP, with no browser: once is enough.
    {
      name: "no-js",
      use: { javaScriptEnabled: false },
      testIgnore: /(keyboard|api)\.spec\.ts/,
    },
  ],
  webServer: [
    {
      // A fresh embedded database with the demo accounts, built app, production mode.
      command: `rm -rf ${DATA_DIR} && node --import tsx app/server/main.ts`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      // The scheduled jobs every 2 seconds, so that alert and digest emails land while a test waits.
      env: {
        ...serverEnv,
        PORT: String(PORT),
        DATA_DIR,
        JOBS_INTERVAL_SECONDS: "2",
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      },
    },
    {
      command: `rm -rf ${DATA_DIR}-short && node --import tsx app/server/main.ts`,
      url: `http://127.0.0.1:${SHORT_SESSION_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        ...serverEnv,
        PORT: String(SHORT_SESSION_PORT),
        DATA_DIR: `${DATA_DIR}-short`,
        SESSION_IDLE_MINUTES: "0.05",
        DEMO_RECORDS: "0",
      },
    },
  ],
});
