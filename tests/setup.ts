import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { closeDb } from "~/db/client.server";
import { resetEnvForTesting } from "~/lib/env.server";

// Each test file gets its own embedded database (and mail folder) unless DATABASE_URL
// points the suite at a PostgreSQL server.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "hsd-test-"));
process.env.DATA_DIR = dataDir;
process.env.DEMO = "0";
delete process.env.SMTP_URL;
resetEnvForTesting();

afterAll(async () => {
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
});
