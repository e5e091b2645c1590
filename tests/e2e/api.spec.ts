import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";

const run = promisify(execFile);

// The README's walk-through of the JSON API, as plain HTTP against the test server.
test("the README's API walk-through signs in, searches, reads a record and its log, and exports CSV", async ({
  baseURL,
}) => {
  const { stdout } = await run(process.execPath, [
    "tests/api-walkthrough.mjs",
    String(baseURL),
    "member@example.org",
    "horizon-demo",
  ]);
  expect(stdout).toContain("POST /api/auth/signin → 200");
  expect(stdout).toContain("POST /api/search/search → 200");
  expect(stdout).toMatch(/GET \/api\/search\/getkerneldetails\?hssId=\S+ → 200/);
  expect(stdout).toMatch(/GET \/api\/recordchangelog\/getbyhssid\?hssId=\S+ → 200/);
  expect(stdout).toContain('attachment; filename="export.csv"');
  expect(stdout).toContain("POST /api/auth/signout → 200");
});
