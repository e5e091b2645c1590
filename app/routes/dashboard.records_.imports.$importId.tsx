import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { StatusTag } from "~/components/StatusTag";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { requirePermission } from "~/auth/auth.server";
import { formatDateTime } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  importOr404,
  importReportAction,
  importReportForm,
  importReportPage,
} from "~/pages/import-report.server";
import {
  isActive,
  JOB_REFRESH_SECONDS,
  JobAnnouncer,
  JobProgress,
  useJobUpdates,
} from "~/components/JobProgress";
import { IMPORT_STATES } from "~/records/import-states";
import { TableScroll } from "~/components/TableScroll";
import { withContentKeys } from "~/lib/keys";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle<{ filename: string; job: { state: string } | null }> = {
  title: (data) => (data ? `Import report: ${data.filename}` : "Import report"),
  refreshWithoutScripts: (data) =>
    isActive(data?.job as { state: "running" } | null) ? JOB_REFRESH_SECONDS : undefined,
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return await importReportPage(await importOr404(params.importId));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const row = await importOr404(params.importId);
  const parsed = importReportForm.safeParse({ intent: (await readForm(request)).get("intent") });
  if (!parsed.success) throw new Response("Unknown action", { status: 400 });
  const outcome = await importReportAction(row, parsed.data, user.id);
  return outcome.flash
    ? redirectWithFlash(request, outcome.to, outcome.flash)
    : redirect(outcome.to, { status: 303 });
}

/** What applying does, in the import's tense; a rejected or cancelled one says what it asked for. */
function changesText(mode: string, appliedAt: string | null, state: string) {
  const preview = mode === "preview";
  if (appliedAt) return preview ? "Staged for preview" : "Published";
  if (state === "invalid" || state === "cancelled")
    return preview ? "Stage for preview (not applied)" : "Publish at once (not applied)";
  return preview ? "To be staged for preview" : "To be published at once";
}

export default function ImportReportPage() {
  const data = useLoaderData<typeof loader>();
  const { report, job } = data;
  const navigation = useNavigation();
  const active = isActive(job);
  useJobUpdates(active);
  const counts = report.counts;
  const pending = data.state === "validated" && !active;
  const failed = job && (job.state === "failed" || job.state === "cancelled") ? job : null;
  const changing = counts ? counts.new + counts.changed : 0;
  return (
    <>
      <DashboardBreadcrumb
        items={[{ label: "Manage records", to: "/dashboard/records" }, { label: "Import report" }]}
      />
      <h1>Import report: {data.filename}</h1>
      <dl className="facts">
        <div>
          <dt>State</dt>
          <dd>
            <StatusTag kind="import" value={IMPORT_STATES[data.state] ?? data.state} />
          </dd>
        </div>
        <div>
          <dt>Uploaded</dt>
          <dd>{formatDateTime(data.createdAt)}</dd>
        </div>
        {data.appliedAt ? (
          <div>
            <dt>Applied</dt>
            <dd>{formatDateTime(data.appliedAt)}</dd>
          </div>
        ) : null}
        <div>
          {/* What applying does, in the tense of where the import is: "Applied: <date>" beside
              "Staged for preview" read as two answers to one question. */}
          <dt>Changes</dt>
          <dd>{changesText(data.mode, data.appliedAt, data.state)}</dd>
        </div>
        {data.state === "checking" ? null : (
          <>
            <div>
              <dt>Format</dt>
              <dd>
                {report.format === "json"
                  ? "JSON array"
                  : report.format === "jsonl"
                    ? "JSON Lines"
                    : "Not recognised"}
              </dd>
            </div>
            <div>
              <dt>Items</dt>
              <dd>{report.items.toLocaleString("en-GB")}</dd>
            </div>
          </>
        )}
      </dl>

      <JobAnnouncer
        active={active}
        run={job?.kind ?? "none"}
        message={
          job?.state === "failed"
            ? "The work stopped because of an error."
            : job?.kind === "import-apply"
              ? "The import has been applied."
              : "The check is finished: the report is below."
        }
      />
      {active && job ? (
        <JobProgress
          job={job}
          noun="records"
          cancelLabel={
            job.kind === "import-apply" ? "Stop applying" : "Stop checking and cancel this import"
          }
          cancelIntent={job.kind === "import-apply" ? "stop" : "cancel"}
        />
      ) : null}
      {failed && data.state !== "cancelled" && data.state !== "applied" ? (
        <section aria-labelledby="failed-heading">
          <h2 id="failed-heading">
            {failed.state === "failed"
              ? failed.kind === "import-apply"
                ? "The apply stopped: nothing was changed"
                : "The check stopped"
              : failed.kind === "import-apply"
                ? "You stopped the apply: nothing was changed"
                : "You stopped the check"}
          </h2>
          {failed.error ? <p className="notice">{failed.error}</p> : null}
          <Form method="post" className="inline-actions">
            {/* After a failed apply, the apply button below is the page's primary action. */}
            <button
              type="submit"
              name="intent"
              value="retry"
              className={pending ? "secondary" : undefined}
            >
              Try again
            </button>
          </Form>
        </section>
      ) : null}
      {active ? null : report.errorCount > 0 ? (
        <section aria-labelledby="errors-heading" className="import-errors">
          <h2 id="errors-heading">
            The file was rejected: {report.errorCount.toLocaleString("en-GB")} error
            {report.errorCount === 1 ? "" : "s"}
          </h2>
          <p>
            <strong>Nothing was changed.</strong> Correct the file and upload it again.
            {report.errorCount > report.errors.length
              ? ` The first ${report.errors.length} errors are listed.`
              : ""}
          </p>
          <TableScroll caption="Errors, in file order">
            <thead>
              <tr>
                <th scope="col" className="numeric">
                  Item
                </th>
                <th scope="col" className="numeric">
                  Line
                </th>
                <th scope="col">HSS ID</th>
                <th scope="col">Field</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {withContentKeys(report.errors).map(({ key, item: error }) => (
                <tr key={key}>
                  <td className="numeric">{error.item}</td>
                  <td className="numeric">{error.line}</td>
                  <td>{error.hssId ?? ""}</td>
                  <td>
                    <code>{error.field}</code>
                  </td>
                  <td>{error.problem}</td>
                </tr>
              ))}
            </tbody>
          </TableScroll>
        </section>
      ) : counts ? (
        <section aria-labelledby="summary-heading">
          <h2 id="summary-heading">
            {pending ? "The file is valid. Applying it will make these changes" : "Changes made"}
          </h2>
          <dl className="facts">
            <div>
              <dt>New records</dt>
              <dd>{counts.new.toLocaleString("en-GB")}</dd>
            </div>
            <div>
              <dt>Changed records</dt>
              <dd>{counts.changed.toLocaleString("en-GB")}</dd>
            </div>
            <div>
              <dt>Unchanged records</dt>
              <dd>{counts.unchanged.toLocaleString("en-GB")}</dd>
            </div>
            <div>
              <dt>Change-log entries</dt>
              <dd>{counts.changes.toLocaleString("en-GB")}</dd>
            </div>
            {counts.stagedReplaced ? (
              <div>
                <dt>Staged versions replaced</dt>
                <dd>{counts.stagedReplaced.toLocaleString("en-GB")}</dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : null}

      {pending ? (
        <Form method="post" className="inline-actions">
          <button
            type="submit"
            name="intent"
            value="apply"
            aria-busy={navigation.state === "submitting" ? true : undefined}
          >
            {data.mode === "preview"
              ? `Stage ${changing.toLocaleString("en-GB")} record(s) for preview`
              : `Publish ${changing.toLocaleString("en-GB")} record(s)`}
          </button>
          <button type="submit" name="intent" value="cancel" className="secondary">
            Cancel this import
          </button>
        </Form>
      ) : (
        <p>
          <Link to="/dashboard/records">Back to Manage records</Link>
        </p>
      )}
    </>
  );
}
