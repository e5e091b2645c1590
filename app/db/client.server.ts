import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { MessagePort } from "node:worker_threads";
import { env } from "~/lib/env.server";
import { logWarn } from "~/lib/log.server";
import { remoteClient } from "./remote.server";
import * as schema from "./schema";
import { processState } from "~/lib/process-state.server";

import type { Db, Engine } from "./types";

export type { Db, Engine };

interface Connection {
  db: Db;
  engine: Engine;
  close: () => Promise<void>;
  /** The embedded database itself (absent on a server): backups are taken from it. */
  pglite?: PGlite;
}

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "app/db/migrations");
// Any fixed number: every app process takes this lock while it migrates a shared server.
const MIGRATION_LOCK = 727_101;

type Hook = (db: Db, engine: Engine) => Promise<void>;
// A rebuilt server module in development reuses the one open database: PGlite must not be
// opened twice on the same folder.
const state = processState<{
  connecting?: Promise<Connection>;
  hooks: Hook[];
  remote?: MessagePort;
}>("__hsdDb", () => ({
  hooks: [],
}));

/**
 * In an app thread (app/server/threads.ts): the embedded database is open in the main
 * thread, which has migrated it and run the start-up hooks; statements go there over `port`.
 */
export function reachDatabaseThrough(port: MessagePort) {
  state.remote = port;
}

function openRemote(port: MessagePort): Connection {
  const client = remoteClient(port);
  // The remote client answers the few PGlite methods drizzle calls (query, exec,
  // transaction), over the port to the thread that holds the database.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, logger: logQueries() });
  return { db, engine: "pglite", close: client.close };
}

/** Work to run once after migrations, before the first query is served (demo seeding). */
export function onDatabaseReady(hook: Hook) {
  if (!state.hooks.includes(hook)) state.hooks.push(hook);
}

// DB_LOG_QUERIES=1: drizzle prints each statement ("Query: ...") to standard output.
const logQueries = () => env().DB_LOG_QUERIES === "1";

/** How long the work between two turns of the event loop may run before a statement waits for the next turn. */
const TURN_MS = 10;

/**
 * PGlite answers in the same thread, so the statements of the requests in progress would
 * otherwise run one after another as promise callbacks for as long as any is left, never
 * giving the event loop a turn: no new request read, no connection accepted. Once the
 * current turn has run TURN_MS, a statement waits for the next turn (a turn each statement
 * cost 8% of the throughput).
 */
function yieldBetweenTurns(client: PGlite) {
  const query = client.query.bind(client);
  let turnStarted = 0;
  let turnMarked = false;
  client.query = (async (...args: Parameters<PGlite["query"]>) => {
    const now = performance.now();
    if (!turnMarked) {
      turnMarked = true;
      turnStarted = now;
      setImmediate(() => {
        turnMarked = false;
      });
    } else if (now - turnStarted > TURN_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return query(...args);
  }) as PGlite["query"];
}

async function openPglite(dataDir = path.join(env().dataDir, "pglite")): Promise<Connection> {
  // PGlite does not create parent folders of its data directory.
  mkdirSync(dataDir, { recursive: true });
  // pg_trgm: migrations 0006 and 0007 create the extension (search no longer uses it).
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  yieldBetweenTurns(client);
  const db = drizzlePglite({ client, schema, logger: logQueries() });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, engine: "pglite", close: () => client.close(), pglite: client };
}

async function openPostgres(url: string, hooks = state.hooks): Promise<Connection> {
  // The server's driver is loaded only where it is used: the embedded database never needs it,
  // and each app thread's start would load it for nothing.
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // A connection dropped by the server (a restart, a failover) is an event, not a crash: the
  // query on it fails (503 "try again"), the pool discards it, the next query opens a fresh one.
  // Idle connections report through the pool; checked-out ones through their own client.
  const dropped = (error: Error) =>
    logWarn("database", "a connection was closed by the server", { error: error.message });
  pool.on("error", dropped);
  pool.on("connect", (connection) => connection.on("error", dropped));
  const db: Db = drizzlePg({ client: pool, schema, logger: logQueries() });
  // Migrations and the start-up hooks (the demo data) take turns between the processes and
  // threads that start together: the second finds the work done.
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    for (const hook of hooks) await hook(db, "postgresql");
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return { db, engine: "postgresql", close: () => pool.end() };
}

/**
 * Creates (or brings up to date) a database and closes it, running no start-up hooks: the
 * test suite migrates one this way per run and gives each test file a copy of it.
 */
export async function migrateAndClose(where: { url: string } | { pgliteDir: string }) {
  const connection =
    "url" in where ? await openPostgres(where.url, []) : await openPglite(where.pgliteDir);
  await connection.close();
}

async function connect(): Promise<Connection> {
  if (state.remote) return openRemote(state.remote);
  const url = env().DATABASE_URL;
  if (url) return openPostgres(url);
  const connection = await openPglite();
  for (const hook of state.hooks) await hook(connection.db, connection.engine);
  return connection;
}

function connection(): Promise<Connection> {
  if (!state.connecting) {
    const attempt = connect();
    state.connecting = attempt;
    // A failed open is not cached: the next request tries again.
    attempt.catch(() => {
      if (state.connecting === attempt) state.connecting = undefined;
    });
  }
  return state.connecting;
}

/** The database, migrated and ready. */
export async function getDb(): Promise<Db> {
  return (await connection()).db;
}

export async function getEngine(): Promise<Engine> {
  return (await connection()).engine;
}

export async function closeDb() {
  const current = state.connecting;
  state.connecting = undefined;
  if (current !== undefined) await (await current).close();
}

/** The open embedded database itself (app/server/threads.ts serves it to the app threads). */
export async function getPglite(): Promise<PGlite | undefined> {
  return (await connection()).pglite;
}

/** How many migrations this build ships, and how many the database has applied. */
export async function migrationStatus(db: Db) {
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"),
  );
  const [{ applied }] = await queryRows<{ applied: number }>(
    db,
    sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
  );
  return { applied, expected: (journal.entries as unknown[]).length };
}

/**
 * A consistent copy of the embedded database's folder, as a gzipped tar: taken between two
 * statements (PGlite runs one at a time), after a checkpoint, so that it opens like a
 * database after a clean stop, with any transaction then open rolled back.
 */
export async function dumpEmbeddedDatabase(): Promise<Blob> {
  const { pglite } = await connection();
  if (!pglite) throw new Error("The database is a PostgreSQL server: back it up with pg_dump.");
  await pglite.exec("CHECKPOINT");
  return pglite.dumpDataDir("gzip");
}

/** Opens a backup into an empty folder as the embedded database, checks it answers, closes it. */
export async function restoreEmbeddedDatabase(backup: Blob, dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir: backup, extensions: { pg_trgm } });
  try {
    await client.query("SELECT 1");
  } finally {
    await client.close();
  }
}

/** Rows of a raw `db.execute` result: both drivers return `{ rows }`. */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  // Typed per driver by drizzle; PGlite's and node-postgres's results both carry `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The column list of an INSERT: bare names, as a qualified name is not allowed there. */
export const columnList = (...columns: PgColumn[]) =>
  sql`(${sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  )})`;

/** A text[] parameter: one literal, each value quoted and escaped. */
export const textArray = (values: string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`}::text[]`;

export { schema, sql };
