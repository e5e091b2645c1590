import { AsyncLocalStorage } from "node:async_hooks";
import { processState } from "~/lib/process-state.server";

/** What the server knows of the request being answered: its id, and who sent it once known. */
export interface RequestContext {
  id: string;
  userId?: number;
  /** The client's address as the HTTP server saw it (see clientAddress). */
  clientAddress?: string;
  /** Work the request's loaders share (one session read for all of a page's loaders). */
  shared?: Map<string, unknown>;
}

// One store per process: the HTTP server (app/server) and the Remix build are separate
// module graphs, and both must reach the same store.
const storage = processState("__hsdRequestContext", () => ({
  als: new AsyncLocalStorage<RequestContext>(),
})).als;

/** Runs `work` (and everything it awaits) as part of the request `context`. */
export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request being answered, if any (jobs and start-up run outside one). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * What `compute` gives, computed once per request under `key` (outside a request, every time):
 * the loaders of one page run side by side and would otherwise each ask the same question.
 */
export function oncePerRequest<T>(key: string, compute: () => T): T {
  const context = storage.getStore();
  if (!context) return compute();
  context.shared ??= new Map();
  if (!context.shared.has(key)) context.shared.set(key, compute());
  return context.shared.get(key) as T;
}

/** Records the signed-in user on the current request, for its log line. */
export function noteRequestUser(userId: number) {
  const context = storage.getStore();
  if (context) context.userId = userId;
}

/** Runs `work` outside any request: work a request only started (a kicked worker) is not its own. */
export function outsideRequest<T>(work: () => T): T {
  return storage.exit(work);
}
