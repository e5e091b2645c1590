import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateAndClose } from "~/db/client.server";

/**
 * Once per run, before any test file: the database every file starts from is migrated here,
 * and each file gets a copy of it (tests/setup.ts), instead of each file running every
 * migration itself. On PGlite the copy is a folder; on a PostgreSQL server it is a database
 * created from this one as its template, so the files can run side by side there too.
 *
 * Also once per run: the seed of every randomised test, printed so that a failure can be
 * replayed with TEST_SEED=<seed>.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database's folder to copy, when the run is on PGlite. */
    pgliteTemplate: string;
    /** The template database's name, when the run is on a PostgreSQL server. */
    serverTemplate: string;
    /** What the names of this run's databases on a server start with. */
    serverRunPrefix: string;
    testSeed: number;
  }
}

/**
 * Databases this suite creates on a server are named `hsd_test_<start in epoch seconds>_<run>_…`:
 * a run drops its own at the end, and at its start only those of runs that started over an
 * hour ago (a run that crashed), so that two runs can share a server.
 */
export const SERVER_PREFIX = "hsd_test_";
const LEFTOVER_AFTER_SECONDS = 60 * 60;

export function databaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function onServer<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function dropDatabases(url: string, which: (name: string) => boolean) {
  await onServer(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [`${SERVER_PREFIX}%`],
    );
    for (const { datname } of rows.filter((row) => which(row.datname)))
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/** A name of an earlier run's database, left by a run that started over an hour ago. */
function isLeftover(name: string, now: number) {
  const started = Number(name.slice(SERVER_PREFIX.length).split("_")[0]);
  // Names from before runs were stamped have no start: they are leftovers too.
  return !Number.isInteger(started) || started < now - LEFTOVER_AFTER_SECONDS;
}

export default async function setup(project: TestProject) {
  const seed = process.env.TEST_SEED
    ? Number(process.env.TEST_SEED)
    : Math.floor(Math.random() * 2 ** 31);
  console.info(`Randomised tests use TEST_SEED=${seed} (set it to replay this run).`);
  project.provide("testSeed", seed);

  const url = process.env.DATABASE_URL;
  if (url) {
    const now = Math.floor(Date.now() / 1000);
    const runPrefix = `${SERVER_PREFIX}${now}_${randomBytes(3).toString("hex")}_`;
    const template = `${runPrefix}template`;
    await dropDatabases(url, (name) => isLeftover(name, now));
    await onServer(url, (client) => client.query(`CREATE DATABASE "${template}"`));
    await migrateAndClose({ url: databaseUrl(url, template) });
    project.provide("serverTemplate", template);
    project.provide("serverRunPrefix", runPrefix);
    project.provide("pgliteTemplate", "");
    return () => dropDatabases(url, (name) => name.startsWith(runPrefix));
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), "hsd-template-"));
  await migrateAndClose({ pgliteDir: path.join(folder, "pglite") });
  project.provide("pgliteTemplate", path.join(folder, "pglite"));
  project.provide("serverTemplate", "");
  project.provide("serverRunPrefix", "");
  return () => rmSync(folder, { recursive: true, force: true });
}
