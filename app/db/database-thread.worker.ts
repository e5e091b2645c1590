import { type MessagePort, parentPort, workerData } from "node:worker_threads";
import { closeDb, getPglite } from "./client.server";
import { serveDatabase } from "./remote.server";

/**
 * The database thread of a command-line task (database-thread.server.ts): opens the embedded
 * database, answers the task's statements on the port it was given, and closes the database
 * when the task closes its end.
 */
const { port } = workerData as { port: MessagePort };
const reply = (message: { ready: true } | { failed: string }) => parentPort?.postMessage(message);

try {
  const pglite = await getPglite();
  if (!pglite) throw new Error("The database thread serves the embedded database only.");
  const served = serveDatabase(pglite, port);
  port.once("close", () => {
    // A task that stopped mid-transaction has its work rolled back before the database closes.
    served.abandon();
    void closeDb();
  });
  reply({ ready: true });
} catch (error) {
  reply({ failed: error instanceof Error ? error.message : String(error) });
  await closeDb().catch(() => {});
}
