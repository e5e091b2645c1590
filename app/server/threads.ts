import type { MessagePort, Worker } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import type { NextFunction, Request, Response } from "express";
import { serveDatabase } from "~/db/remote.server";
import { log } from "~/lib/log.server";
import { currentRequest } from "~/lib/request-context.server";
import { clientAddressOf } from "./app";
import { type StartedThread, startThread } from "./early-threads";
import { hasBody, requestHeaders, requestUrl } from "./request-body";

/**
 * Several app threads in one process. The main thread takes the connections (Node cannot
 * share a listening socket between threads), checks and logs each request, and hands it to
 * the thread with the fewest in progress, which renders it with its own copy of the app and
 * streams the answer back. On the embedded database the main thread keeps PGlite, and every
 * thread's statements come to it. One thread rendered and queried everything before, and
 * used one core of the machine's two.
 */

export interface ThreadData {
  index: number;
  buildUrl: string;
  /** Load the app only when told to ("go"): the first thread's start goes first. */
  waitForTurn: boolean;
  /** The embedded database's port (absent on a PostgreSQL server: each thread has a pool). */
  database?: MessagePort;
}

interface RequestContextFields {
  requestId: string;
  crossSite?: string;
  clientAddress?: string;
}

export type ToThread =
  | {
      type: "request";
      id: number;
      url: string;
      method: string;
      headers: [string, string][];
      body: Uint8Array | null;
      context: RequestContextFields;
    }
  | { type: "abort"; id: number }
  | { type: "go" }
  | { type: "stop" };

export type FromThread =
  | { type: "ready" }
  | { type: "warm" }
  /** The answer's status and headers, with the first part of its body (and its end, if whole). */
  | ({
      type: "head";
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
    } & BodyPart)
  | ({ type: "chunk"; id: number } & BodyPart)
  | { type: "failed"; id: number; message: string }
  | { type: "stopped"; steps: { name: string; error?: string }[] };

/** Some of an answer's body, and whether the answer ends with it (and whose it was). */
interface BodyPart {
  chunk?: Uint8Array;
  end?: { userId?: number };
}

interface InFlight {
  res: Response;
  next: NextFunction;
  context: ReturnType<typeof currentRequest>;
}

/** What a thread answered, whole (the readiness check asks every thread). */
interface Collected {
  status: number;
  statusText: string;
  headers: [string, string][];
  chunks: Uint8Array[];
}

interface AppThread {
  worker: Worker;
  inFlight: Map<number, InFlight>;
  database?: ReturnType<typeof serveDatabase>;
  stopping: boolean;
  /** It has loaded the app and answers: preferred over a thread still waiting for its turn. */
  ready: boolean;
  /** Its start-up work is done, the search index in: preferred over a thread still reading it. */
  warm: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The thread a request goes to: the least busy, among those whose search index is in when
 * there are any (a thread reading its index at a start would keep the request waiting while
 * another could answer it); else among those that have loaded the app (one still waiting for
 * its turn to start would hold the request until then).
 */
export function threadFor<
  T extends Pick<AppThread, "warm" | "ready"> & { inFlight: { size: number } },
>(threads: T[]): T {
  const warm = threads.filter((each) => each.warm);
  const ready = threads.filter((each) => each.ready);
  const among = warm.length > 0 ? warm : ready.length > 0 ? ready : threads;
  return among.reduce((least, each) => (each.inFlight.size < least.inFlight.size ? each : least));
}

/**
 * Starts `count` app threads and resolves once the first has loaded the build. The others
 * start in turn: they load the app and read their search index only once the first has its
 * index in, so that on two cores the first gets a core of its own (with the main thread on
 * the other) and the site is searchable sooner; they are no faster started together, as each
 * start is all CPU (docs/decisions/035-start-up-in-three-seconds.md). `database`, the embedded
 * database, may still be opening: the threads load the app meanwhile, and their statements
 * wait in their ports until it is served to them.
 */
export async function startThreads(
  count: number,
  buildUrl: string,
  database?: Promise<PGlite>,
  early: StartedThread[] = [],
) {
  let nextId = 0;
  const threads: AppThread[] = [];

  const finish = (thread: AppThread, id: number) => {
    const request = thread.inFlight.get(id);
    thread.inFlight.delete(id);
    return request;
  };

  /** Writes a part of an answer's body, and ends the answer with its last. */
  const deliver = (thread: AppThread, { id, chunk, end }: BodyPart & { id: number }) => {
    if (!end) {
      if (chunk) thread.inFlight.get(id)?.res.write(chunk);
      return;
    }
    const request = finish(thread, id);
    if (!request) return;
    if (request.context && end.userId !== undefined) request.context.userId = end.userId;
    request.res.end(chunk);
  };

  /** Tells the threads waiting for their turn to start; once. */
  let turnGiven = false;
  const giveTurn = () => {
    if (turnGiven) return;
    turnGiven = true;
    for (const thread of threads) thread?.worker.postMessage({ type: "go" } satisfies ToThread);
  };

  function spawn(index: number, waitForTurn: boolean): Promise<void> {
    // Started already (early-threads.ts), or now.
    const started =
      early[index] ??
      startThread({ index, waitForTurn: waitForTurn && !turnGiven }, buildUrl, Boolean(database));
    delete early[index];
    const { worker } = started;
    const channel = started.database;
    const thread: AppThread = {
      worker,
      inFlight: new Map(),
      stopping: false,
      ready: false,
      warm: false,
    };
    threads[index] = thread;
    if (database && channel)
      void database.then((pglite) => {
        thread.database = serveDatabase(pglite, channel);
      });
    return new Promise((resolve, reject) => {
      started.listen({
        message(message) {
          switch (message.type) {
            case "ready":
              thread.ready = true;
              resolve();
              break;
            case "warm":
              thread.warm = true;
              giveTurn();
              break;
            case "head": {
              const { res } = thread.inFlight.get(message.id) ?? {};
              if (!res) break;
              res.statusMessage = message.statusText;
              res.status(message.status);
              for (const [name, value] of message.headers) res.append(name, value);
              if (/text\/event-stream/i.test(res.get("Content-Type") ?? "")) res.flushHeaders();
              deliver(thread, message);
              break;
            }
            case "chunk":
              deliver(thread, message);
              break;
            case "stopped":
              for (const { name, error } of message.steps) {
                if (error)
                  log.error(
                    { thread: index, step: name, err: { message: error } },
                    "stop step failed",
                  );
                else log.info({ thread: index, step: name }, `stopped: ${name}`);
              }
              break;
            case "failed": {
              const request = finish(thread, message.id);
              if (!request) break;
              if (request.res.headersSent) request.res.destroy();
              else request.next(new Error(message.message));
              break;
            }
          }
        },
        error(error) {
          log.error({ err: error, thread: index }, "an app thread failed");
          reject(error);
        },
        exit(code) {
          // The others do not wait on a thread that is gone.
          giveTurn();
          thread.database?.abandon();
          for (const id of [...thread.inFlight.keys()]) {
            const request = finish(thread, id);
            if (request?.res.headersSent) request.res.destroy();
            else request?.next(new Error(`The app thread stopped (exit code ${code}).`));
          }
          if (thread.stopping) return;
          // A thread that dies is replaced, as a supervisor would restart a process.
          log.error({ thread: index, code }, "an app thread stopped: starting another");
          void spawn(index, false).catch(() => {});
        },
      });
    });
  }

  // Threads started early beyond `count` (a count the configuration then refused) end here.
  for (const extra of early.splice(count)) void extra?.worker.terminate();
  const started = Array.from({ length: count }, (_, index) => spawn(index, index > 0));
  // Those after the first are waited for by /api/health (it asks every thread), not here.
  for (const later of started.slice(1)) later.catch(() => {});
  await started[0];

  /** Sends `message` to `thread`, the answer going to `res`. */
  const dispatch = (
    thread: AppThread,
    message: ToThread & { type: "request" },
    inFlight: InFlight,
  ) => {
    thread.inFlight.set(message.id, inFlight);
    thread.worker.postMessage(message, message.body ? [message.body.buffer as ArrayBuffer] : []);
  };

  /**
   * Readiness is the process's: each thread has its own search index, so /api/health asks
   * every thread and answers with the first that is not ready (or the first answer).
   */
  const askEveryThread = async (message: ToThread & { type: "request" }, res: Response) => {
    const answers = await Promise.all(
      threads.map(
        (thread) =>
          new Promise<Collected>((resolve, reject) => {
            const collected: Collected = { status: 500, statusText: "", headers: [], chunks: [] };
            const sink = {
              statusMessage: "",
              status(code: number) {
                collected.status = code;
                return sink;
              },
              append(name: string, value: string) {
                collected.headers.push([name, value]);
              },
              get: () => undefined,
              write(chunk: Uint8Array) {
                collected.chunks.push(chunk);
              },
              end(chunk?: Uint8Array) {
                if (chunk) collected.chunks.push(chunk);
                collected.statusText = sink.statusMessage;
                resolve(collected);
              },
              headersSent: false,
              destroy: () => reject(new Error("The app thread failed.")),
            };
            dispatch(
              thread,
              { ...message, id: ++nextId },
              {
                // The handler writes only status, headers, body and end to `res`: the sink
                // has those, not the rest of an Express response.
                res: sink as unknown as Response,
                next: reject,
                context: undefined,
              },
            );
          }),
      ),
    );
    const answer = answers.find((each) => each.status !== 200) ?? answers[0];
    res.statusMessage = answer.statusText;
    res.status(answer.status);
    for (const [name, value] of answer.headers) res.append(name, value);
    res.end(Buffer.concat(answer.chunks));
  };

  /** Express's last handler: the request goes to a thread (threadFor). */
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    try {
      // Read whole before the request took its turn (app.ts).
      const body = hasBody(req.method) ? (res.locals.body as Uint8Array) : null;
      const thread = threadFor(threads);
      const id = ++nextId;
      const message: ToThread & { type: "request" } = {
        type: "request",
        id,
        url: requestUrl(req),
        method: req.method,
        headers: requestHeaders(req),
        body,
        context: {
          requestId: String(res.getHeader("X-Request-Id")),
          crossSite: res.locals.crossSite,
          clientAddress: clientAddressOf(req),
        },
      };
      if (req.method === "GET" && req.path === "/api/health" && threads.length > 1) {
        await askEveryThread(message, res);
        return;
      }
      res.on("close", () => {
        if (thread.inFlight.has(id)) thread.worker.postMessage({ type: "abort", id });
      });
      dispatch(thread, message, { res, next, context: currentRequest() });
    } catch (error) {
      next(error);
    }
  };

  /** Each thread stops its workers and its database connection, then ends. */
  const stop = async () => {
    await Promise.all(
      threads.map(async (thread) => {
        thread.stopping = true;
        // One still waiting for its turn starts and then stops, as the others do.
        giveTurn();
        // Its steps (logged on arrival) come before its exit, which may be reported first.
        const stopped = new Promise<void>((resolve) =>
          thread.worker.on("message", (message: FromThread) => {
            if (message.type === "stopped") resolve();
          }),
        );
        const exited = new Promise<void>((resolve) => thread.worker.once("exit", () => resolve()));
        thread.worker.postMessage({ type: "stop" } satisfies ToThread);
        await Promise.race([Promise.all([stopped, exited]), exited.then(() => sleep(100))]);
      }),
    );
  };

  return { handler, stop };
}
