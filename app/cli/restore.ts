/**
 * npm run restore -- <file>: restores a backup made by `npm run backup` as the embedded
 * database of DATA_DIR, which must not hold one yet (restore into a new folder, check it,
 * then point the app at it). Prints the row count of each table, to compare with the source.
 */
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { runCli } from "~/cli/run";
import { rowCounts, restoreEmbeddedDatabase } from "~/db/lifecycle.server";
import { env } from "~/lib/env.server";

async function main() {
  const source = process.argv[2];
  if (!source) throw new Error("Usage: DATA_DIR=<new folder> npm run restore -- <backup file>");
  if (env().DATABASE_URL) {
    throw new Error("DATABASE_URL names a PostgreSQL server: restore it with pg_restore or psql.");
  }
  const target = path.join(env().dataDir, "pglite");
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new Error(
      `${target} already holds a database: restore into an empty data folder (set DATA_DIR).`,
    );
  }
  const backup = new Blob([await readFile(path.resolve(source))]);
  await restoreEmbeddedDatabase(backup, target);
  // Open it as the app does (migrations included), and count what it holds.
  const counts = await rowCounts();
  console.log(`Restored ${source} into ${target}:`);
  for (const { table, rows } of counts) console.log(`  ${table}: ${rows} rows`);
}

await runCli(main);
