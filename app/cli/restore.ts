/**
 * npm run restore -- <file>: restores a backup made by `npm run backup` as the embedded
 * database of DATA_DIR, which must not hold one yet (restore into a new folder, check it,
 * then point the app at it). Prints the row count of each table, to compare with the source.
 */
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { runCli } from "~/cli/run";
import { getDb, queryRows, restoreEmbeddedDatabase, sql } from "~/db/client.server";
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
  const db = await getDb();
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  console.log(`Restored ${source} into ${target}:`);
  for (const { name } of tables) {
    const [{ count }] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM ${sql.identifier(name)}`,
    );
    console.log(`  ${name}: ${count} rows`);
  }
}

await runCli(main);
