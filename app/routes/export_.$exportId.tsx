import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import {
  isActive,
  JOB_REFRESH_SECONDS,
  JobAnnouncer,
  JobProgress,
  useJobUpdates,
} from "~/components/JobProgress";
import { requireUser } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { formatDateTime } from "~/lib/dates";
import { fileSize } from "~/lib/file-size";
import type { RouteHandle } from "~/lib/route-handle";
import { changeExportJob, exportJobForm, exportJobPage } from "~/pages/export-job.server";

type Data = Awaited<ReturnType<typeof exportJobPage>>;

// The h1 stays "Export", as members know it (docs/product.md); the tab says which step this is.
export const handle: RouteHandle<Data | undefined> = {
  title: (data) => {
    if (!data) return "Export";
    if (data.state === "queued" || data.state === "running") return "Export: in progress";
    if (data.state === "failed") return "Export: stopped by an error";
    if (data.state === "cancelled") return "Export: cancelled";
    return data.expired ? "Export expired" : "Export: download your file";
  },
  refreshWithoutScripts: (data) => (isActive(data) ? JOB_REFRESH_SECONDS : undefined),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const back = new URL(request.url).searchParams.get("back");
  const page = await exportJobPage(params.exportId ?? "", user.id, back);
  return data(page, {
    status: page.state === "done" && page.expired ? 410 : 200,
    // The page changes as the job goes on: never from a cache.
    headers: { "Cache-Control": "no-store" },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = exportJobForm.safeParse({ intent: (await readForm(request)).get("intent") });
  if (!parsed.success) throw new Response("Unknown action", { status: 400 });
  const id = await changeExportJob(params.exportId ?? "", user.id, parsed.data);
  return redirect(`/export/${id}${new URL(request.url).search}`, { status: 303 });
}

export default function ExportJobPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const active = isActive(data);
  useJobUpdates(active);
  return (
    <div className="form-narrow">
      <Breadcrumb items={[{ label: "Search", to: data.back }, { label: "Export" }]} />
      <h1>Export</h1>
      <JobAnnouncer
        active={active}
        run="export"
        message={
          data.state === "done"
            ? "Your export is ready to download."
            : data.state === "failed"
              ? "The export stopped because of an error."
              : "The export was cancelled."
        }
      />
      {data.fellBack ? (
        <p className="notice">
          Exports of all results are for administrators, so your selection is exported instead (at
          most {data.fallbackSize.toLocaleString("en-GB")} records).
        </p>
      ) : null}
      {active ? (
        <>
          <p>
            Your {data.format.toUpperCase()} file of {data.requested.toLocaleString("en-GB")}{" "}
            {data.requested === 1 ? "record" : "records"} is being written.
          </p>
          <JobProgress job={data} noun="records" cancelLabel="Cancel this export" />
        </>
      ) : data.state === "failed" ? (
        <section className="export-result">
          <h2>The export stopped</h2>
          <p className="notice">{data.error}</p>
          <Form method="post" className="inline-actions">
            <button
              type="submit"
              name="intent"
              value="retry"
              aria-busy={navigation.state === "submitting" ? true : undefined}
            >
              Try again
            </button>
          </Form>
          <p>
            <Link to={data.back}>Back to the search</Link>
          </p>
        </section>
      ) : data.state === "cancelled" ? (
        <section className="export-result">
          <h2>You cancelled this export</h2>
          <p>No file was kept.</p>
          <Form method="post" className="inline-actions">
            <button type="submit" name="intent" value="retry" className="secondary">
              Start it again
            </button>
          </Form>
          <p>
            <Link to={data.back}>Back to the search</Link>
          </p>
        </section>
      ) : data.expired ? (
        <>
          <p>This export has expired: exports are kept for {data.keptHours} hours.</p>
          <p>
            <Link to={data.back}>Go back to the search</Link> to export again.
          </p>
        </>
      ) : (
        <>
          {/* The success panel, as on the HIR download page: what is ready, then its button. */}
          <section className="success-panel" aria-label="Your export">
            <div role="status">
              <p>
                <strong>Export Successful. Please download your file here.</strong>
              </p>
            </div>
            <p>
              File: export.{data.format}, {data.recordCount.toLocaleString("en-GB")}{" "}
              {data.recordCount === 1 ? "record" : "records"}. Kept for you until{" "}
              {data.expiresAt ? formatDateTime(data.expiresAt) : ""}.
            </p>
            <p>
              {/* As on the HIR's download page: the file is a button named with its format
                  and size. */}
              <a
                href={`/export/${data.id}/download`}
                className="button-link"
                download={`export.${data.format}`}
              >
                Download{" "}
                <span className="nowrap">
                  ({data.format.toUpperCase()}, {fileSize(data.byteSize)})
                </span>
              </a>
            </p>
          </section>
          <p>
            <Link to={data.back}>Back to the search</Link>
          </p>
        </>
      )}
    </div>
  );
}
