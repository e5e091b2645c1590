import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { hirDownload } from "~/pages/hir-download.server";
import { idParam } from "~/lib/params.server";
import { NO_FILE_DATA } from "~/models/hirs.server";

/**
 * A report's PDF, downloaded by id, streamed from the database a few chunks
 * at a time, as '{title}.pdf'. Members get unarchived reports; admins and editors any, to
 * check one before it is published again. Each download is recorded as user activity.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.hirId);
  const asked = new URL(request.url).searchParams.get("title");
  const download = await hirDownload(user, id, asked);
  if (download.status === "missing")
    throw plain(404, "This report does not exist, or is no longer available.");
  if (download.status === "no-file") throw plain(404, NO_FILE_DATA);
  return download.response;
}

const plain = (status: number, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
