import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { isTooLarge, readForm } from "~/lib/body.server";
import type { Flash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import {
  startUploadImport,
  UPLOAD_MAX_BYTES,
  uploadSchema,
  uploadText,
} from "~/models/record-import.server";
import {
  countPublishedRecords,
  discardStaged,
  listImports,
  listStaged,
  publishStaged,
} from "~/models/records.server";

const PAGE_SIZE = 50;

/** The records page: the published count, a page of staged versions, the latest imports. */
export async function manageRecordsPage(params: URLSearchParams) {
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [published, staged, imports] = await Promise.all([
    countPublishedRecords(),
    listStaged({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    listImports(20),
  ]);
  return {
    published,
    staged,
    imports,
    page,
    pageSize: PAGE_SIZE,
    maxMegabytes: UPLOAD_MAX_BYTES / 1024 / 1024,
  };
}

export type UploadOutcome =
  | { kind: "too-big" }
  | { kind: "invalid"; reply: SubmissionResult<string[]> }
  | { kind: "started"; importId: number };

/**
 * The upload form: the file is read whole (at most the upload limit, and a little for the
 * other fields), checked to be UTF-8 text, and its import started: a job checks it in the
 * background, and the import's page shows the progress, then the report.
 */
export async function uploadImport(request: Request, userId: number): Promise<UploadOutcome> {
  // Refuse an oversized body before reading it, and again while streaming it (a missing or false Content-Length).
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > UPLOAD_MAX_BYTES + 64 * 1024) return { kind: "too-big" };
  let formData: FormData;
  try {
    formData = await readForm(request, { maxBytes: UPLOAD_MAX_BYTES + 64 * 1024 });
  } catch (error) {
    if (isTooLarge(error)) return { kind: "too-big" };
    throw error;
  }
  const submission = parseForm(formData, uploadSchema);
  if (submission.status !== "success") return { kind: "invalid", reply: submission.reply() };
  const content = await uploadText(submission.value.file);
  if (content === null) {
    return {
      kind: "invalid",
      reply: submission.reply({
        fieldErrors: { file: ["The file is not UTF-8 text. Save it as UTF-8 JSON or JSON Lines"] },
      }),
    };
  }
  const importId = await startUploadImport({
    filename: submission.value.file.name,
    content,
    mode: submission.value.mode,
    userId,
  });
  return { kind: "started", importId };
}

/** The answer to a Publish or Discard that does not say what to do. */
export const CHOOSE_STAGED = "Choose a staged version to publish or discard";

/** Which staged versions a button is for: all of them, or one record's. */
const stagedTarget = z.union([
  z.object({ scope: z.literal("all") }).transform(() => "all" as const),
  z.object({ hssId: z.string().min(1) }).transform(({ hssId }) => [hssId]),
]);
const stagedForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), target: stagedTarget }),
  z.object({ intent: z.literal("discard"), target: stagedTarget }),
]);

/**
 * Publish or Discard, for one staged version or all of them: the message saying what was
 * done, or null for a form that does not say what to do.
 */
export async function stagedAction(form: FormData): Promise<Flash | null> {
  const parsed = stagedForm.safeParse({
    intent: form.get("intent"),
    target: { scope: form.get("scope"), hssId: form.get("hssId") },
  });
  if (!parsed.success) return null;
  const { intent, target } = parsed.data;
  const count = intent === "publish" ? await publishStaged(target) : await discardStaged(target);
  const what = `${count} staged version${count === 1 ? "" : "s"}`;
  const message =
    count === 0
      ? "Nothing was staged: no change was made."
      : intent === "publish"
        ? `Published ${what}.`
        : `Discarded ${what}.`;
  return { severity: count === 0 ? "warning" : "success", message };
}
