import { sql } from "drizzle-orm";
import {
  closeDb,
  dumpEmbeddedDatabase,
  getDb,
  getPglite,
  onDatabaseReady,
  queryRows,
  reachDatabaseThrough,
  restoreEmbeddedDatabase,
} from "./client.server";
import { openDatabaseInThread } from "./database-thread.server";

/**
 * The database's life in a process, for the server's start-up and the command-line tools:
 * open it (migrating it, then running the start-up hooks), close it, back the embedded
 * one up and restore it. Queries are the models' business; nothing here runs one for its
 * caller but the row counts a restore prints.
 */

/** Opens (and migrates) the database and runs the start-up hooks, once per process. */
export async function openDatabase() {
  await getDb();
}

export {
  closeDb as closeDatabase,
  dumpEmbeddedDatabase,
  getPglite as embeddedDatabase,
  onDatabaseReady,
  openDatabaseInThread,
  reachDatabaseThrough,
  restoreEmbeddedDatabase,
};

/** How many rows each table of the database holds, in name order (a restore prints them). */
export async function rowCounts(): Promise<{ table: string; rows: number }[]> {
  const db = await getDb();
  // The catalogue's own list, not the schema's: a restored backup may hold a table this
  // version of the app no longer knows.
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts = [];
  for (const { name } of tables) {
    const [{ rows }] = await queryRows<{ rows: number }>(
      db,
      sql`SELECT count(*)::int AS rows FROM ${sql.identifier(name)}`,
    );
    counts.push({ table: name, rows });
  }
  return counts;
}
