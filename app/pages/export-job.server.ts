// /export/:exportId: one export's progress page and file, and its Cancel and Try again buttons.
import { z } from "zod";
import { safeRedirect } from "~/lib/safe-redirect.server";
import {
  EXPORT_KEPT_HOURS,
  type ExportJobInput,
  type ExportJobResult,
  FALLBACK_EXPORT_SIZE,
  getExportFile,
} from "~/models/exports.server";
import { cancelJob, getJob, retryJob } from "~/models/jobs.server";

/** Where "back to the search" may lead: our own search pages only. */
function backTo(value: string | null) {
  const path = safeRedirect(value, "/search");
  return /^\/(search|advancedsearch)(\?|$)/.test(path) ? path : "/search";
}

async function loadExport(id: string, userId: number) {
  // Another user's export is as if it did not exist.
  const [job, file] = await Promise.all([
    getJob<ExportJobInput, ExportJobResult>(id, { userId, kinds: ["export"] }),
    getExportFile(id, userId),
  ]);
  if (!job && !file) throw new Response("Export not found", { status: 404 });
  return {
    id,
    // An export made before exports were jobs has its file only.
    state: job?.state ?? ("done" as const),
    phase: job?.phase ?? "",
    done: job?.done ?? 0,
    total: job?.total ?? null,
    secondsLeft: job?.secondsLeft ?? null,
    cancelRequested: job?.cancelRequested ?? false,
    error: job?.error ?? null,
    fellBack: job?.input.fellBack ?? false,
    format: job?.input.format ?? file?.format ?? "csv",
    requested: job?.input.ids.length ?? file?.recordCount ?? 0,
    recordCount: file?.recordCount ?? 0,
    byteSize: file?.byteSize ?? 0,
    expiresAt: file?.expiresAt ?? null,
    expired: file?.expired ?? false,
  };
}

/** The page's data: the job as it stands, where "back" leads, and the limits it explains. */
export async function exportJobPage(id: string, userId: number, back: string | null) {
  const job = await loadExport(id, userId);
  return {
    ...job,
    back: backTo(back),
    keptHours: EXPORT_KEPT_HOURS,
    fallbackSize: FALLBACK_EXPORT_SIZE,
  };
}

export const exportJobForm = z.object({ intent: z.enum(["cancel", "retry"]) });

/** Cancels or retries the user's own export; another user's is as if it did not exist. */
export async function changeExportJob(
  id: string,
  userId: number,
  { intent }: z.infer<typeof exportJobForm>,
) {
  const job = await getJob(id, { userId, kinds: ["export"] });
  if (!job) throw new Response("Export not found", { status: 404 });
  if (intent === "cancel") await cancelJob(job.id);
  else await retryJob(job.id);
  return job.id;
}
