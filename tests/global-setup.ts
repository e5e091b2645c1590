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
    testSeed: number;
  }
}

export const SERVER_TEMPLATE = "hsd_test_template";
/** Databases this suite creates on a server are named with this, so a run can drop leftovers. */
export const SERVER_PREFIX = "hsd_test_";

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

async function dropLeftovers(url: string) {
  await onServer(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1",
      [`${SERVER_PREFIX}%`],
    );
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

export default async function setup(project: TestProject) {
  const seed = process.env.TEST_SEED
    ? Number(process.env.TEST_SEED)
    : Math.floor(Math.random() * 2 ** 31);
  console.info(`Randomised tests use TEST_SEED=${seed} (set it to replay this run).`);
  project.provide("testSeed", seed);

  const url = process.env.DATABASE_URL;
  if (url) {
    await dropLeftovers(url);
    await onServer(url, (client) => client.query(`CREATE DATABASE "${SERVER_TEMPLATE}"`));
    await migrateAndClose({ url: databaseUrl(url, SERVER_TEMPLATE) });
    project.provide("serverTemplate", SERVER_TEMPLATE);
    project.provide("pgliteTemplate", "");
    return () => dropLeftovers(url);
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), "hsd-template-"));
  await migrateAndClose({ pgliteDir: path.join(folder, "pglite") });
  project.provide("pgliteTemplate", path.join(folder, "pglite"));
  project.provide("serverTemplate", "");
  return () => rmSync(folder, { recursive: true, force: true });
}
