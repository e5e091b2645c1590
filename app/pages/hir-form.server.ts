import { data } from "@remix-run/node";
import type { User } from "~/models/users.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import { readHirUpload } from "~/pages/hir-upload.server";
import {
  createHir,
  FILE_MISSING,
  type Hir,
  hirTextSchema,
  keptHirFile,
  unknownHssIdMessage,
  unknownHssIds,
  updateHir,
} from "~/models/hirs.server";

export const FILE_TAKEN =
  "That file has been used for another report meanwhile: choose the file again";

/** A file a failed submit kept on the server, so the next submit need not send it again. */
export interface KeptFile {
  fileId: number;
  name: string;
  byteSize: number;
}

/**
 * The upload (no `existing`) and edit forms' action. The text is checked with zod, the file
 * while it streams (readHirUpload). A form that fails keeps what was typed, and keeps a good
 * file on the server: the page names it, and sending the form again uses it unless another
 * file is chosen. On success: the flash and a redirect to the staff list.
 */
export async function hirFormAction(request: Request, user: User, existing?: Hir) {
  const { fields, file } = await readHirUpload(request);
  const submission = parseForm(fields, hirTextSchema);
  const fieldErrors: Record<string, string[]> = {};
  let kept: KeptFile | null = null;
  if (file && "error" in file) fieldErrors.file = [file.error];
  else if (file) kept = { fileId: file.fileId, name: file.name, byteSize: file.byteSize };
  else {
    const keptId = Number(fields.get("keptFile"));
    const stillThere = keptId ? await keptHirFile(keptId) : null;
    const name = String(fields.get("keptFileName") ?? "").slice(0, 255);
    if (stillThere) kept = { ...stillThere, name: name || "the PDF" };
    else if (!existing) fieldErrors.file = [FILE_MISSING];
  }
  if (submission.status === "success") {
    const unknown = await unknownHssIds(submission.value.hssIds);
    if (unknown.length) fieldErrors.hssIds = [unknownHssIdMessage(unknown)];
  }
  const failed = (extra: Record<string, string[]> = {}) =>
    data(
      { ...submission.reply({ fieldErrors: { ...fieldErrors, ...extra } }), kept },
      { status: 400 },
    );
  if (submission.status !== "success" || Object.keys(fieldErrors).length) return failed();

  const input = { ...submission.value, fileId: kept?.fileId };
  let id: number;
  if (existing) {
    const saved = await updateHir(existing.id, input, user.id);
    if (saved === "missing") throw new Response("Not found", { status: 404 });
    if (saved === "file-taken") {
      kept = null;
      return failed({ file: [FILE_TAKEN] });
    }
    id = existing.id;
  } else {
    const created = kept ? await createHir({ ...input, fileId: kept.fileId }, user.id) : null;
    if (created === null) {
      kept = null;
      return failed({ file: [FILE_TAKEN] });
    }
    id = created;
  }
  const what = existing ? (kept ? "HIR saved, with its new file" : "HIR saved") : "HIR uploaded";
  return redirectWithFlash(request, `/dashboard/managehirs#hir-row-${id}`, {
    severity: "success",
    message: `${what}: “${submission.value.title}”.`,
  });
}
