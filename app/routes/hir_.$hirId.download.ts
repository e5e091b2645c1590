import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { requireUser } from "~/lib/auth.server";
import { attachmentDisposition } from "~/lib/file-name";
import { idParam } from "~/lib/params.server";
import { CONTENT_STAFF, hasAnyRole } from "~/lib/roles";
import {
  DEFAULT_HIR_TITLE,
  downloadableHir,
  HIR_TITLE_MAX,
  hirFileStream,
  NO_FILE_DATA,
} from "~/models/hirs.server";
import { recordActivity } from "~/models/records.server";

/**
 * A report's PDF (spec section 4, download by id), streamed from the database a few chunks
 * at a time, as '{title}.pdf'. Members get unarchived reports; admins and editors any, to
 * check one before it is published again. Each download is recorded as user activity.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.hirId);
  const hir = await downloadableHir(id, hasAnyRole(user.roles, CONTENT_STAFF));
  if (!hir) throw plain(404, "This report does not exist, or is no longer available.");
  if (!hir.fileId || hir.byteSize === null) throw plain(404, NO_FILE_DATA);
  const asked = new URL(request.url).searchParams.get("title")?.trim();
  const title = (asked || hir.title || DEFAULT_HIR_TITLE).slice(0, HIR_TITLE_MAX);
  const db = await getDb();
  await recordActivity(user.id, "download", String(hir.id), db);
  return new Response(hirFileStream(hir.fileId, db), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachmentDisposition(title, "pdf", DEFAULT_HIR_TITLE),
      "Content-Length": String(hir.byteSize),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const plain = (status: number, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
