import { processState } from "~/lib/process-state.server";

type Hook = { name: string; run: () => Promise<void> | void };

// Shared by the HTTP server (app/server) and the Remix build, which are separate module graphs.
const state = processState<{ hooks: Hook[]; stopping: boolean }>("__hsdShutdown", () => ({
  hooks: [],
  stopping: false,
}));

/**
 * Work to do when the process stops, after the last request has been answered: stop a worker
 * after its current batch, close the database. Hooks run in the reverse order of registration,
 * so what was started last (the workers) stops before what it uses (the database).
 */
export function onShutdown(name: string, run: Hook["run"]) {
  if (!state.hooks.some((hook) => hook.name === name)) state.hooks.push({ name, run });
}

/** Whether the process is stopping: workers check it between batches and take no more. */
export function isStopping() {
  return state.stopping;
}

/** Runs every hook once, last registered first; a hook that fails does not stop the others. */
export async function runShutdownHooks(
  onDone: (name: string) => void,
  onError: (name: string, error: unknown) => void,
) {
  state.stopping = true;
  for (const hook of [...state.hooks].reverse()) {
    try {
      await hook.run();
      onDone(hook.name);
    } catch (error) {
      onError(hook.name, error);
    }
  }
}
