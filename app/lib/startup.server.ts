import { getDb, onDatabaseReady } from "~/db/client.server";
import { seedDemoOnStartup } from "~/lib/demo.server";
import { startOutboxWorker } from "~/lib/email.server";
import { env } from "~/lib/env.server";
import { startJobs } from "~/lib/jobs.server";
import { warmSearchIndex } from "~/models/search-index.server";

let started = false;

/** Start-up of the server process: configuration, migrations, demo data, the search index, the mail sender, the scheduled jobs. */
export function startServer() {
  if (started) return;
  started = true;
  env(); // refuse to start on bad configuration (SESSION_SECRET in production)
  onDatabaseReady(seedDemoOnStartup);
  // Open and migrate the database now rather than on the first request, then build the
  // search index, so that the first search does not wait for it.
  getDb()
    .then(() => warmSearchIndex())
    .catch((error) =>
      console.error("[startup] database not ready; retried on the next request:", error),
    );
  startOutboxWorker();
  startJobs();
}
