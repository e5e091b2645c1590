import { statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { MessageChannel, type MessagePort, Worker } from "node:worker_threads";
import type { FromThread, ThreadData } from "./threads";

/**
 * Starting the app threads, kept apart from the rest of the server so that a production start
 * can begin them before the main thread has loaded its own modules (`start.ts`): each thread
 * then loads the app on a core of its own while the main thread loads and opens the database
 * on the other. What a thread says before threads.ts listens is kept and handed over.
 */

/**
 * The thread's entry as the build compiled it (vite.config.ts): plain JavaScript, so that a
 * thread does not load the TypeScript loader and compile its modules at every start. Threads
 * run in production only, which needs the build anyway (`npm run build`).
 */
const THREAD_ENTRY = path.resolve("build/server/app-thread.js");
const BUILD_PATH = path.resolve("build/server/index.js");

/** What a started thread reports, to whoever listens (threads.ts). */
export interface ThreadEvents {
  message(message: FromThread): void;
  error(error: Error): void;
  exit(code: number): void;
}

/** A thread started, with what it reported before anyone listened. */
export interface StartedThread {
  worker: Worker;
  buildUrl: string;
  /** This process's end of the embedded database's channel (absent on a PostgreSQL server). */
  database?: MessagePort;
  /** Hands everything the thread reports to `events`, what it reported so far first. */
  listen(events: ThreadEvents): void;
}

/** The server build's address; the query busts the import cache, so a rebuilt build is loaded again. */
export const buildUrl = () => `${pathToFileURL(BUILD_PATH).href}?t=${statSync(BUILD_PATH).mtimeMs}`;

/** Starts one app thread (`embedded`: it reaches the embedded database through this process). */
export function startThread(
  data: Omit<ThreadData, "database" | "buildUrl">,
  url: string,
  embedded: boolean,
): StartedThread {
  const channel = embedded ? new MessageChannel() : undefined;
  const workerData: ThreadData = { ...data, buildUrl: url, database: channel?.port2 };
  const worker = new Worker(pathToFileURL(THREAD_ENTRY), {
    workerData,
    transferList: channel ? [channel.port2] : [],
  });
  const early: Array<["message", FromThread] | ["error", Error] | ["exit", number]> = [];
  let listener: ThreadEvents | undefined;
  worker.on("message", (message: FromThread) =>
    listener ? listener.message(message) : early.push(["message", message]),
  );
  worker.on("error", (error: Error) =>
    listener ? listener.error(error) : early.push(["error", error]),
  );
  worker.on("exit", (code: number) =>
    listener ? listener.exit(code) : early.push(["exit", code]),
  );
  return {
    worker,
    buildUrl: url,
    database: channel?.port1,
    listen(events) {
      listener = events;
      for (const event of early.splice(0)) {
        if (event[0] === "message") events.message(event[1]);
        else if (event[0] === "error") events.error(event[1]);
        else events.exit(event[1]);
      }
    },
  };
}

let startedEarly: StartedThread[] = [];

/**
 * Starts the app threads at once, from the process's first lines, when this start will use
 * them on the embedded database: production, more than one thread (APP_THREADS, read here as
 * env.server.ts reads it; a value it refuses stops the start anyway). On a PostgreSQL server
 * each thread would connect and migrate at once, before the main thread's checks, so there
 * they start later, as before. The first thread loads the app; the others wait for their turn.
 */
export function startThreadsEarly() {
  if (process.env.NODE_ENV === "development" || process.env.DATABASE_URL) return;
  const count = Number(process.env.APP_THREADS || 2);
  if (!Number.isInteger(count) || count < 2 || count > 16) return;
  const url = buildUrl();
  startedEarly = Array.from({ length: count }, (_, index) =>
    startThread({ index, waitForTurn: index > 0 }, url, true),
  );
}

/** The threads startThreadsEarly started, handed over once (to threads.ts). */
export function takeEarlyThreads() {
  const taken = startedEarly;
  startedEarly = [];
  return taken;
}
