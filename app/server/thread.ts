/**
 * An app thread (see threads.ts): it loads the Remix build and answers the requests the main
 * thread hands it, with a search index and job workers of its own, like an app process of its
 * own; on the embedded database its statements go to the main thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { ServerBuild } from "@remix-run/node";
import type { RequestContext } from "~/lib/request-context.server";
import { bodyBatches } from "./body-batches";
import type { FromThread, ThreadData, ToThread } from "./threads";

const data = workerData as ThreadData;
const port = parentPort;
if (!port) throw new Error("thread.ts runs as a worker thread");

/**
 * What arrives before this thread has loaded the app: its turn to start ("go"), when it waits
 * for one (threads.ts), and anything else, kept to be handled once the app is loaded.
 */
const early: ToThread[] = [];
const onEarly = (message: ToThread) => {
  if (message.type === "go") turn();
  else early.push(message);
};
let turn: () => void = () => {};
const given = new Promise<void>((resolve) => {
  turn = resolve;
});
port.on("message", onEarly);
if (data.waitForTurn) await given;

// Loaded only now: a thread waiting for its turn takes no CPU from the one starting.
const [{ createRequestHandler }, { reachDatabaseThrough }, { runInRequest }, { runShutdownHooks }] =
  await Promise.all([
    import("@remix-run/node"),
    import("~/db/lifecycle.server"),
    import("~/lib/request-context.server"),
    import("~/lib/shutdown.server"),
  ]);
if (data.database) reachDatabaseThrough(data.database);

const build: ServerBuild = await import(data.buildUrl);
const handle = createRequestHandler(build, "production");
const send = (message: FromThread, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
const aborts = new Map<number, AbortController>();

async function answer(message: Extract<ToThread, { type: "request" }>) {
  const { id, context } = message;
  const controller = new AbortController();
  aborts.set(id, controller);
  const requestContext: RequestContext = {
    id: context.requestId,
    clientAddress: context.clientAddress,
  };
  try {
    const request = new Request(message.url, {
      method: message.method,
      headers: message.headers,
      body: (message.body ?? undefined) as BodyInit | undefined,
      signal: controller.signal,
    });
    const response = await runInRequest(requestContext, () =>
      handle(request, {
        requestId: context.requestId,
        crossSite: context.crossSite,
        clientAddress: context.clientAddress,
      }),
    );
    const head: Extract<FromThread, { type: "head" }> = {
      type: "head",
      id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers.entries()],
    };
    const end = () => ({ userId: requestContext.userId });
    // An event stream's headers go at once: its first event may be a long time coming.
    let headSent = /text\/event-stream/i.test(response.headers.get("Content-Type") ?? "");
    if (headSent) send(head);
    // The head goes with the body's first batch, and the end with its last: a page rendered in
    // one go is one message, and one write to the socket.
    const part = (bytes: Uint8Array | undefined, done: boolean) => {
      const body = { chunk: bytes, end: done ? end() : undefined };
      const transfer = bytes ? [bytes.buffer as ArrayBuffer] : [];
      if (headSent) send({ type: "chunk", id, ...body }, transfer);
      else send({ ...head, ...body }, transfer);
      headSent = true;
    };
    if (!response.body) part(undefined, true);
    else {
      let done = false;
      for await (const batch of bodyBatches(response.body)) {
        if (controller.signal.aborted) break;
        part(batch.bytes, batch.done);
        done = batch.done;
      }
      if (!done) part(undefined, true);
    }
  } catch (error) {
    send({ type: "failed", id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    aborts.delete(id);
  }
}

function onMessage(message: ToThread) {
  if (message.type === "request") void answer(message);
  else if (message.type === "abort") aborts.get(message.id)?.abort();
  else if (message.type === "stop") {
    // The steps go to the main thread to log: this thread's own output could be cut short
    // when it ends.
    const steps: { name: string; error?: string }[] = [];
    void runShutdownHooks(
      (name) => steps.push({ name }),
      (name, error) =>
        steps.push({ name, error: error instanceof Error ? error.message : String(error) }),
    ).then(() => {
      send({ type: "stopped", steps });
      // Ends this thread only; anything a library left open would keep it otherwise.
      process.exit(0);
    });
  }
}

port.off("message", onEarly);
port.on("message", onMessage);
for (const message of early.splice(0)) onMessage(message);

send({ type: "ready" });
// Once this thread's search index is in (read back or built), the main thread prefers it.
const entry = build.entry.module as Partial<{ whenWarm: () => Promise<void> }>;
void entry.whenWarm?.().then(() => send({ type: "warm" }));
