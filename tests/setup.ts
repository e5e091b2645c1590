import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { closeDb } from "~/db/client.server";
import { resetEnvForTesting } from "~/lib/env.server";
import { databaseUrl, onServer } from "./global-setup";

// Each test file gets its own database, a copy of the one tests/global-setup.ts migrated
// once for the run: a folder for the embedded database, or a database on the PostgreSQL
// server that DATABASE_URL names. And a mail folder of its own.
const dataDir = mkdtempSync(path.join(os.tmpdir(), "hsd-test-"));
process.env.DATA_DIR = dataDir;
process.env.DEMO = "0";
delete process.env.SMTP_URL;

const pgliteTemplate = inject("pgliteTemplate");
const serverTemplate = inject("serverTemplate");
const serverRunPrefix = inject("serverRunPrefix");
const serverUrl = process.env.DATABASE_URL;
let fileDatabase: string | undefined;

if (serverUrl && serverTemplate) {
  // Files run in worker threads of one process, so neither the pid nor the clock tells two
  // files apart: a random part does.
  fileDatabase = `${serverRunPrefix}${randomBytes(6).toString("hex")}`;
  const statement = `CREATE DATABASE "${fileDatabase}" TEMPLATE "${serverTemplate}"`;
  await onServer(serverUrl, (client) => client.query(statement));
  process.env.DATABASE_URL = databaseUrl(serverUrl, fileDatabase);
} else if (pgliteTemplate) {
  cpSync(pgliteTemplate, path.join(dataDir, "pglite"), { recursive: true });
}
resetEnvForTesting();

afterAll(async () => {
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl && fileDatabase) {
    const statement = `DROP DATABASE IF EXISTS "${fileDatabase}" WITH (FORCE)`;
    await onServer(serverUrl, (client) => client.query(statement));
    process.env.DATABASE_URL = serverUrl;
  }
});
