import { env } from "~/lib/env.server";
import { logError, logInfo } from "~/lib/log.server";
import { processState } from "~/lib/process-state.server";
import { outsideRequest } from "~/lib/request-context.server";
import { isStopping } from "~/lib/shutdown.server";
import type { JobKind } from "~/models/work.server";
import { runExportJob } from "~/models/exports.server";
import {
  claimNextJob,
  finishJob,
  JobCancelled,
  JobFailure,
  JobInterrupted,
  JobLost,
  type JobRun,
  onJobQueued,
  releaseJob,
} from "~/models/jobs.server";
import { runImportApplyJob, runImportCheckJob } from "~/models/record-import.server";

/**
 * The background-job worker of an app process (and of each app thread): it looks for
 * waiting jobs every JOB_POLL_SECONDS, and at once when this process queues one. It runs one
 * job at a time; other processes run others (app/models/jobs.server.ts).
 */
const HANDLERS: Record<JobKind, (run: JobRun) => Promise<unknown>> = {
  export: runExportJob,
  "import-check": runImportCheckJob,
  "import-apply": runImportApplyJob,
};

/** What a user is told when a job stops on an error that is not theirs to fix. */
export const JOB_ERROR =
  "Something went wrong on our side and the work stopped. Nothing was lost: try again, and if it happens again, contact us.";

/**
 * Claims one waiting job and runs it to its end. Returns false when there was none.
 * `leaseSeconds` shortens the lease (tests of a worker that dies).
 */
export async function runNextJob(options: { leaseSeconds?: number } = {}) {
  const run = await claimNextJob(options);
  if (!run) return false;
  const started = performance.now();
  logInfo("jobs", "job started", { job: run.id, kind: run.kind, attempt: run.attempt });
  try {
    const result = await HANDLERS[run.kind](run);
    await finishJob(run, { state: "done", result: result ?? null });
    logInfo("jobs", "job finished", {
      job: run.id,
      kind: run.kind,
      ms: Math.round(performance.now() - started),
    });
  } catch (error) {
    if (error instanceof JobInterrupted) {
      await releaseJob(run);
      logInfo("jobs", "job put back for another worker: this process is stopping", {
        job: run.id,
      });
    } else if (error instanceof JobLost) {
      logInfo("jobs", "job taken over by another worker; this run stopped", { job: run.id });
    } else if (error instanceof JobCancelled) {
      await finishJob(run, { state: "cancelled" });
      logInfo("jobs", "job cancelled", { job: run.id, kind: run.kind });
    } else {
      await finishJob(run, {
        state: "failed",
        error: error instanceof JobFailure ? error.message : JOB_ERROR,
      });
      logError("jobs", `job ${run.id} (${run.kind}) failed`, error);
    }
  }
  return true;
}

/** Runs waiting jobs until there are none (npm run jobs; tests). Returns how many ran. */
export async function runQueuedJobs(options: { leaseSeconds?: number } = {}) {
  let ran = 0;
  while (!isStopping() && (await runNextJob(options))) ran += 1;
  return ran;
}

const worker = processState<{ timer?: NodeJS.Timeout; run?: Promise<void>; again?: boolean }>(
  "__hsdJobWorker",
  () => ({}),
);

function look() {
  if (isStopping()) return;
  if (worker.run !== undefined) {
    // Busy: look again as soon as the current job ends.
    worker.again = true;
    return;
  }
  worker.again = false;
  worker.run = runQueuedJobs()
    .then(() => undefined)
    .catch((error) => logError("jobs", "job worker failed; it looks again shortly", error))
    .finally(() => {
      worker.run = undefined;
      if (worker.again) setImmediate(look);
    });
}

/** Starts this process's worker. */
export function startJobWorker() {
  const seconds = env().JOB_POLL_SECONDS;
  if (!seconds || worker.timer) return;
  worker.timer = setInterval(look, seconds * 1000);
  worker.timer.unref();
  // A job queued by a request of this process starts now, not at the next look.
  onJobQueued(() => outsideRequest(() => setImmediate(look)));
  look();
}

/**
 * Stops looking. A job under way stops at its next report of progress and is put back in the
 * queue for another process (or this one, restarted); an import's apply is rolled back.
 */
export async function stopJobWorker() {
  if (worker.timer) clearInterval(worker.timer);
  worker.timer = undefined;
  await worker.run;
}
