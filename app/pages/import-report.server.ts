import { z } from "zod";
import type { Flash } from "~/lib/flash.server";
import {
  claimImportForApply,
  type ImportReport,
  ImportNotPendingError,
  requestApplyImport,
} from "~/models/record-import.server";
import { cancelJob, latestImportJob, retryJob } from "~/models/jobs.server";
import { cancelImport, getImport } from "~/models/records.server";

/** The import a route's `:importId` names, or a thrown 404. */
export async function importOr404(param: string | undefined) {
  const id = Number(param);
  const row = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await getImport(id) : null;
  if (!row) throw new Response("Import not found", { status: 404 });
  return row;
}

type ImportRow = Awaited<ReturnType<typeof importOr404>>;

/** What the import's report page shows: the import, its report and its latest job's progress. */
export async function importReportPage(row: ImportRow) {
  const job = await latestImportJob(row.id);
  return {
    job: job && {
      kind: job.kind,
      state: job.state,
      phase: job.phase,
      done: job.done,
      total: job.total,
      secondsLeft: job.secondsLeft,
      cancelRequested: job.cancelRequested,
      error: job.error,
    },
    id: row.id,
    filename: row.filename,
    mode: row.mode,
    state: row.state,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
    report: row.report as ImportReport,
  };
}

/** The report page's buttons: Cancel the import, Stop its job, Try again, Apply. */
export const importReportForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("stop") }),
  z.object({ intent: z.literal("retry") }),
  z.object({ intent: z.literal("apply") }),
]);

/** Where a button sends the browser next, and the message it shows there, if any. */
export type ImportOutcome = { to: string; flash?: Flash };

const isActive = (job: { state: string }) => job.state === "queued" || job.state === "running";

/**
 * Does what a button of the report page asks. Cancel stops a check under way and cancels the
 * import (not while it is being applied); Stop cancels the latest job; Try again runs a failed
 * or cancelled job again (an apply only while the import still waits for it); Apply queues it.
 */
export async function importReportAction(
  row: ImportRow,
  { intent }: z.infer<typeof importReportForm>,
  userId: number,
): Promise<ImportOutcome> {
  const here = `/dashboard/records/imports/${row.id}`;
  const warning = (message: string): ImportOutcome => ({
    to: here,
    flash: { severity: "warning", message },
  });
  const job = await latestImportJob(row.id);
  if (intent === "cancel") {
    // A check under way stops at its next step; the import is cancelled now.
    if (job?.kind === "import-check" && isActive(job)) await cancelJob(job.id);
    if (row.state === "applying")
      return warning("The import is being applied: stop the apply first.");
    await cancelImport(row.id);
    return {
      to: "/dashboard/records",
      flash: {
        severity: "success",
        message: `The import of ${row.filename} was cancelled; nothing was changed.`,
      },
    };
  }
  if (intent === "stop") {
    if (!job || !(await cancelJob(job.id))) return warning("The work had already finished.");
    return { to: here };
  }
  if (intent === "retry") {
    if (job?.state !== "failed" && job?.state !== "cancelled")
      return warning("There is nothing to try again.");
    if (job.kind === "import-apply") {
      // The apply is asked for again, as if Apply had been pressed.
      if (!(await claimImportForApply(row.id))) return warning(new ImportNotPendingError().message);
    }
    await retryJob(job.id);
    return { to: here };
  }
  try {
    await requestApplyImport(row.id, userId);
    return { to: here };
  } catch (error) {
    if (!(error instanceof ImportNotPendingError)) throw error;
    return warning(error.message);
  }
}
