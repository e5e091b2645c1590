import { attachmentDisposition } from "~/lib/file-name";
import { can } from "~/lib/roles";
import {
  DEFAULT_HIR_TITLE,
  downloadableHir,
  HIR_TITLE_MAX,
  hirFileStream,
} from "~/models/hirs.server";
import { recordActivity } from "~/models/records.server";
import type { User } from "~/models/users.server";

export type HirDownload =
  | { status: "missing" }
  | { status: "no-file" }
  | { status: "ok"; response: Response };

/**
 * A report's PDF, downloaded by id, for the download page and the API: streamed
 * from the database a few chunks at a time, as '{title}.pdf'. Members get unarchived reports;
 * admins and editors any, to check one before it is published again. Each download is
 * recorded as user activity. "missing": no such report for this user; "no-file": the report
 * has no file ('No file data Found').
 */
export async function hirDownload(
  user: User,
  id: number,
  askedTitle?: string | null,
): Promise<HirDownload> {
  const hir = await downloadableHir(id, can(user.roles, "manageContent"));
  if (!hir) return { status: "missing" };
  if (!hir.fileId || hir.byteSize === null) return { status: "no-file" };
  const title = (askedTitle?.trim() || hir.title || DEFAULT_HIR_TITLE).slice(0, HIR_TITLE_MAX);
  await recordActivity(user.id, "download", String(hir.id));
  return {
    status: "ok",
    response: new Response(hirFileStream(hir.fileId), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": attachmentDisposition(title, "pdf", DEFAULT_HIR_TITLE),
        "Content-Length": String(hir.byteSize),
        "Cache-Control": "private, no-store",
      },
    }),
  };
}
