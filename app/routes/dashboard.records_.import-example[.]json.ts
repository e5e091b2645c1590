import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePermission } from "~/auth/auth.server";
import { importExample, importExampleName } from "~/records/import-format.server";

/** The import format's example file (docs/import-example.json), as a download for staff. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return new Response(importExample, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${importExampleName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
