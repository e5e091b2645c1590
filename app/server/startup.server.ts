import { closeDatabase, onDatabaseReady, openDatabase } from "~/db/lifecycle.server";
import { seedDemoOnStartup } from "~/models/demo-seed.server";
import { startOutboxWorker, stopOutboxWorker } from "~/models/outbox.server";
import { env } from "~/lib/env.server";
import { startJobWorker, stopJobWorker } from "~/jobs/worker.server";
import { startJobs, stopJobs } from "~/jobs/scheduled.server";
import { logError } from "~/lib/log.server";
import { isStopping, onShutdown } from "~/lib/shutdown.server";
import {
  openSearchIndexEarly,
  warmSearchIndex,
  writeSearchIndexOnStop,
} from "~/models/search-index.server";
import { processState } from "~/lib/process-state.server";

// On globalThis: in development Vite evaluates this module again after an edit, and the
// workers must not start a second time.
const startup = processState("__hsdStartup", () => ({
  started: false,
  warm: Promise.resolve(),
}));

/**
 * Settles once the start-up's database work and search index are done (or have failed and
 * will be retried on demand): an app thread says so to the main thread, which then prefers it
 * over a thread still reading its index (app/server/threads.ts).
 */
export function whenWarm(): Promise<void> {
  return startup.warm;
}

/**
 * Start-up of the server process: configuration, migrations, demo data, the search index, the
 * mail sender, the scheduled jobs, the background-job worker; and what stopping undoes, in the reverse order.
 */
export function startServer() {
  if (startup.started) return;
  startup.started = true;
  env(); // refuse to start on bad configuration (SESSION_SECRET in production)
  onDatabaseReady(seedDemoOnStartup);
  onShutdown("database", closeDatabase);
  // Run before the database closes (hooks run in the reverse order).
  onShutdown("search index snapshot", writeSearchIndexOnStop);
  // Open and migrate the database now rather than on the first request, then build the
  // search index, so that the first search does not wait for it. Its snapshot, when there is
  // one, is decoded meanwhile.
  openSearchIndexEarly();
  startup.warm = openDatabase()
    .then(() => warmSearchIndex())
    .catch((error) =>
      logError("startup", "database not ready; retried on the next request", error),
    );
  // The mail sender and the background-job worker start once the index is in: each claims its
  // work in a transaction, which holds the embedded database until it ends, and a thread
  // still decoding its index would hold it for everyone.
  void startup.warm.then(() => {
    if (isStopping()) return;
    startOutboxWorker();
    startJobWorker();
  });
  onShutdown("outbox", stopOutboxWorker);
  startJobs();
  onShutdown("jobs", stopJobs);
  onShutdown("background jobs", stopJobWorker);
}
