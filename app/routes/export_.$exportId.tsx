import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { fileSize } from "~/lib/file-size";
import { requireUser } from "~/lib/auth.server";
import { formatDateTime } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { EXPORT_KEPT_HOURS, FALLBACK_EXPORT_SIZE, getExportFile } from "~/models/exports.server";

// The h1 stays "Export" (the spec's dialog title); the tab says which step this is.
export const handle: RouteHandle<{ expired: boolean } | undefined> = {
  title: (data) => (data?.expired ? "Export expired" : "Export: download your file"),
};

/** Where "back to the search" may lead: our own search pages only. */
function backTo(value: string | null) {
  return value && /^\/(search|advancedsearch)(\?|$)/.test(value) ? value : "/search";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Another user's export is as if it did not exist.
  const file = await getExportFile(params.exportId ?? "", user.id);
  if (!file) throw new Response("Export not found", { status: 404 });
  const url = new URL(request.url);
  return json(
    {
      id: file.id,
      format: file.format,
      recordCount: file.recordCount,
      byteSize: file.byteSize,
      expiresAt: file.expiresAt,
      expired: file.expired,
      fellBack: url.searchParams.get("fellBack") === "1",
      back: backTo(url.searchParams.get("back")),
      keptHours: EXPORT_KEPT_HOURS,
      fallbackSize: FALLBACK_EXPORT_SIZE,
    },
    { status: file.expired ? 410 : 200 },
  );
}

export default function ExportDone() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="form-narrow">
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: "Search", to: data.back },
          { label: "Export" },
        ]}
      />
      <h1>Export</h1>
      {data.expired ? (
        <>
          <p>This export has expired: exports are kept for {data.keptHours} hours.</p>
          <p>
            <Link to={data.back}>Go back to the search</Link> to export again.
          </p>
        </>
      ) : (
        <article className="export-result">
          <p role="status">Export Successful. Please download your file here.</p>
          {data.fellBack ? (
            <p className="notice">
              Exports of all results are for administrators, so your selection was exported instead
              (at most {data.fallbackSize.toLocaleString("en-GB")} records).
            </p>
          ) : null}
          <p>
            <a
              href={`/export/${data.id}/download`}
              className="button-link"
              download={`export.${data.format}`}
            >
              Download
            </a>
          </p>
          <p className="muted">
            export.{data.format}: {data.recordCount.toLocaleString("en-GB")}{" "}
            {data.recordCount === 1 ? "record" : "records"}, {fileSize(data.byteSize)}. Kept for you
            until {formatDateTime(data.expiresAt)}.
          </p>
          <p>
            <Link to={data.back}>Back to the search</Link>
          </p>
        </article>
      )}
    </div>
  );
}
