import { MessageChannel, Worker } from "node:worker_threads";
import { env } from "~/lib/env.server";
import { reachDatabaseThrough } from "./client.server";

/**
 * The embedded database in a thread of its own, for a command-line task that has heavy work of
 * its own between statements. An import parses and checks every record of its file: with the
 * database in the same thread, the two take turns on one core; with the database here, the
 * task's thread checks the next batch while this one writes the last, on the machine's second
 * core. Statements reach it as the app threads' do (remote.server.ts), transactions included.
 *
 * On a PostgreSQL server there is nothing to gain (the server is another process already): the
 * task connects to it as before.
 */

type FromDatabaseThread = { ready: true } | { failed: string };

/** The thread's entry, TypeScript like the tools that start it. */
const ENTRY = new URL("./database-thread.worker.ts", import.meta.url);
/**
 * A worker does not inherit the tools' TypeScript loader (tsx's hooks are registered in the
 * thread that started), so the thread registers it before it loads the entry.
 */
const BOOT = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(
  ENTRY.href,
)}); });`;

/**
 * Opens (and migrates) the embedded database in a new thread and sends this thread's
 * statements there. Resolves once it is ready; rejects with the thread's message if it could
 * not open it. `closeDatabase()` then ends it: the thread closes the database cleanly before
 * the process may exit.
 */
export async function openDatabaseInThread(): Promise<void> {
  if (env().DATABASE_URL) return;
  const channel = new MessageChannel();
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { port: channel.port2 },
    transferList: [channel.port2],
  });
  await new Promise<void>((resolve, reject) => {
    worker.once("message", (message: FromDatabaseThread) =>
      "ready" in message ? resolve() : reject(new Error(message.failed)),
    );
    worker.once("error", reject);
    worker.once("exit", (code) =>
      reject(new Error(`The database thread stopped before it was ready (exit code ${code}).`)),
    );
  });
  // The thread ends when this end of the channel closes (closeDatabase()), after the
  // database is closed; until then it keeps the process alive.
  reachDatabaseThrough(channel.port1);
}
