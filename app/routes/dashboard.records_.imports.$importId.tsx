import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireRole } from "~/lib/auth.server";
import { formatDateTime } from "~/lib/dates";
import { setFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  applyUploadedImport,
  type ImportReport,
  ImportNotPendingError,
} from "~/models/record-import.server";
import { cancelImport, getImport } from "~/models/records.server";
import { IMPORT_STATES } from "~/records/import-states";
import { TableScroll } from "~/components/TableScroll";
import { withContentKeys } from "~/lib/keys";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle<{ filename: string }> = {
  title: (data) => (data ? `Import report: ${data.filename}` : "Import report"),
};

const STAFF = ["admin", "editor"];

async function importOr404(param: string | undefined) {
  const id = Number(param);
  const row = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await getImport(id) : null;
  if (!row) throw new Response("Import not found", { status: 404 });
  return row;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, STAFF);
  const row = await importOr404(params.importId);
  return json({
    id: row.id,
    filename: row.filename,
    mode: row.mode,
    state: row.state,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
    report: row.report as ImportReport,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, STAFF);
  const row = await importOr404(params.importId);
  const intent = (await readForm(request)).get("intent");
  const flash = async (severity: "success" | "warning", message: string) => ({
    headers: { "Set-Cookie": await setFlash(request, { severity, message }) },
  });
  if (intent === "cancel") {
    await cancelImport(row.id);
    return redirect(
      "/dashboard/records",
      await flash("success", `The import of ${row.filename} was cancelled; nothing was changed.`),
    );
  }
  if (intent !== "apply") throw new Response("Unknown action", { status: 400 });
  try {
    const report = await applyUploadedImport(row.id);
    const c = report.counts;
    const verb = row.mode === "preview" ? "Staged" : "Published";
    return redirect(
      "/dashboard/records",
      await flash(
        "success",
        `${row.filename} applied. ${verb}: ${c.new} new and ${c.changed} changed record(s); ${c.unchanged} unchanged; ${c.changes} change-log entries.`,
      ),
    );
  } catch (error) {
    if (!(error instanceof ImportNotPendingError)) throw error;
    return redirect(`/dashboard/records/imports/${row.id}`, await flash("warning", error.message));
  }
}

export default function ImportReportPage() {
  const data = useLoaderData<typeof loader>();
  const { report } = data;
  const navigation = useNavigation();
  const counts = report.counts;
  const pending = data.state === "validated";
  const changing = counts ? counts.new + counts.changed : 0;
  return (
    <>
      <Breadcrumb
        items={[
          { label: "Home", to: "/" },
          { label: "Manage records", to: "/dashboard/records" },
          { label: "Import report" },
        ]}
      />
      <h1>Import report: {data.filename}</h1>
      <dl className="facts">
        <div>
          <dt>State</dt>
          <dd>{IMPORT_STATES[data.state] ?? data.state}</dd>
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
          <dt>When applied</dt>
          <dd>{data.mode === "preview" ? "Staged for preview" : "Published at once"}</dd>
        </div>
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
      </dl>

      {report.errorCount > 0 ? (
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
