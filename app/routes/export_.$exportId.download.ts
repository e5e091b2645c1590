import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/auth.server";
import { CONTENT_TYPES } from "~/export/writers.server";
import { getExportFile } from "~/models/exports.server";

/** The export file itself, streamed from disk: to its owner only, for 24 hours. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = await getExportFile(params.exportId ?? "", user.id);
  if (!file) throw new Response("Export not found", { status: 404 });
  if (file.expired)
    throw new Response("This export has expired: exports are kept for 24 hours.", { status: 410 });
  return new Response(createReadableStreamFromReadable(createReadStream(file.path)), {
    headers: {
      "Content-Type": CONTENT_TYPES[file.format],
      "Content-Disposition": `attachment; filename="export.${file.format}"`,
      "Content-Length": String(file.byteSize),
      "Cache-Control": "private, no-store",
    },
  });
}
