import { DateTimeCell } from "~/components/DateTimeCell";
import { ConfirmAction } from "~/components/ConfirmAction";
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems } from "~/components/forms";
import { requirePermission } from "~/auth/auth.server";
import { formatDate } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import { refusedForm } from "~/lib/forms.server";
import { pagedTitle, type RouteHandle } from "~/lib/route-handle";
import { IMPORT_STATES } from "~/records/import-states";
import { TOO_BIG } from "~/models/record-import.server";
import {
  CHOOSE_STAGED,
  manageRecordsPage,
  stagedAction,
  uploadImport,
} from "~/pages/manage-records.server";
import { StatusTag } from "~/components/StatusTag";
import { TableScroll } from "~/components/TableScroll";
import { readForm } from "~/lib/body.server";

export const handle: RouteHandle<{ page: number; pageSize: number; staged: { total: number } }> = {
  title: (data) =>
    data
      ? pagedTitle("Manage records", data.page, Math.ceil(data.staged.total / data.pageSize))
      : "Manage records",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return await manageRecordsPage(new URL(request.url).searchParams);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const upload = await uploadImport(request, user.id);
    if (upload.kind === "too-big") return data(refusedForm({ file: [TOO_BIG] }), { status: 413 });
    if (upload.kind === "invalid") return data(upload.reply, { status: 400 });
    return redirect(`/dashboard/records/imports/${upload.importId}`, { status: 303 });
  }
  const done = await stagedAction(await readForm(request));
  if (!done) return data(refusedForm({ "": [CHOOSE_STAGED] }), { status: 400 });
  return redirectWithFlash(request, "/dashboard/records", done);
}

export default function ManageRecords() {
  const { published, staged, imports, page, pageSize, maxMegabytes } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // "Publish all 3 staged versions", not "Publish all 3"; and "Publish 1 staged version", not "all 1".
  const stagedCount =
    staged.total === 1
      ? "1 staged version"
      : `all ${staged.total.toLocaleString("en-GB")} staged versions`;
  const [form, fields] = useForm<{ mode: string; file: File }>({
    id: "upload",
    lastResult,
    defaultValue: { mode: "publish" },
  });
  const modeError = fields.mode.errors?.length ? fields.mode.errorId : undefined;
  const fileError = fields.file.errors?.length ? fields.file.errorId : undefined;
  const pages = Math.max(1, Math.ceil(staged.total / pageSize));
  const uploading =
    navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";

  return (
    <>
      <DashboardBreadcrumb items={[{ label: "Manage records" }]} />
      <ErrorSummary
        narrow
        items={summaryItems(form, [
          fields.file,
          { ...fields.mode, id: "mode-publish" } as typeof fields.mode,
        ])}
      />
      <h1>Manage records</h1>
      <p>
        {published.toLocaleString("en-GB")} published record{published === 1 ? "" : "s"};{" "}
        {staged.total.toLocaleString("en-GB")} staged version{staged.total === 1 ? "" : "s"} waiting
        for review.
      </p>

      <section aria-labelledby="import-heading">
        <h2 id="import-heading">Import records</h2>
        <p>
          A JSON array or JSON Lines file, one record per item: the{" "}
          <Link to="/dashboard/records/format">import format</Link> describes every field, with an
          example file to start from. The whole file is checked first: a file with any error changes
          nothing. Files up to {maxMegabytes} MB; the people who run the server can import larger
          ones from its command line.
        </p>
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="form-narrow"
        >
          <div className="field">
            <label htmlFor={fields.file.id}>Records file</label>
            <small id="file-hint" className="hint">
              .json, .jsonl or .ndjson
            </small>
            <input
              type="file"
              id={fields.file.id}
              name={fields.file.name}
              accept=".json,.jsonl,.ndjson,application/json"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={["file-hint", fileError].filter(Boolean).join(" ")}
            />
            {fileError ? (
              <small id={fileError} className="field-error">
                <span className="visually-hidden">Error: </span>
                {fields.file.errors?.join(". ")}
              </small>
            ) : null}
          </div>
          <fieldset aria-describedby={modeError}>
            <legend>When the file is applied</legend>
            {modeError ? (
              <small id={modeError} className="field-error">
                <span className="visually-hidden">Error: </span>
                {fields.mode.errors?.join(". ")}
              </small>
            ) : null}
            <label htmlFor="mode-publish">
              <input
                type="radio"
                id="mode-publish"
                name={fields.mode.name}
                value="publish"
                defaultChecked={fields.mode.initialValue === "publish"}
              />
              Publish the changes at once
            </label>
            <label htmlFor="mode-preview">
              <input
                type="radio"
                id="mode-preview"
                name={fields.mode.name}
                value="preview"
                defaultChecked={fields.mode.initialValue === "preview"}
              />
              Stage them for preview, to publish or discard here later
            </label>
          </fieldset>
          <button type="submit" aria-busy={uploading ? true : undefined}>
            Check the file
          </button>
        </Form>
      </section>

      <section aria-labelledby="staged-heading">
        <h2 id="staged-heading">Staged versions</h2>
        {staged.total === 0 ? (
          <p>No versions are waiting for review.</p>
        ) : (
          <>
            {/* The whole list at once, where there is more than one: with one, these did what
                its row's buttons do. */}
            {staged.total > 1 ? (
              <Form method="post" className="inline-actions">
                <input type="hidden" name="scope" value="all" />
                {/* Secondary: Check the file is the page's primary action. */}
                <button type="submit" name="intent" value="publish" className="secondary">
                  Publish {stagedCount}
                </button>
                <ConfirmAction
                  summary={<>Discard {stagedCount}</>}
                  question="Every staged version is removed; the published records stay as they are."
                  value="discard"
                  confirm={<>Yes, discard {stagedCount}</>}
                />
              </Form>
            ) : null}
            <TableScroll
              caption={
                <>Staged versions, newest first{pages > 1 ? ` (page ${page} of ${pages})` : ""}</>
              }
              // Under its heading: the caption names the table for screen readers.
              captionHidden
              // Six columns with two actions: about 64rem, wider than its 59rem box beside the
              // dashboard's menu at 1280 px (Discard was cut off), so blocks below 64rem.
              stacked="wide"
            >
              <thead>
                <tr>
                  <th scope="col">Record</th>
                  <th scope="col">HSS ID</th>
                  <th scope="col" className="numeric">
                    Version
                  </th>
                  <th scope="col">Staged</th>
                  <th scope="col">Changes</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {staged.versions.map((version) => (
                  <tr key={version.hssId}>
                    <th scope="row" className="prose-cell">
                      <Link to={`/record/preview/${version.hssId}`}>{version.title}</Link>
                    </th>
                    <td data-label="HSS ID" className="nowrap">
                      {version.hssId}
                    </td>
                    <td data-label="Version" className="numeric">
                      {version.version}
                    </td>
                    <td data-label="Staged">
                      <time dateTime={version.stagedAt}>{formatDate(version.stagedAt)}</time>
                    </td>
                    {/* Words, not a bare number, so a new record and a count read alike. */}
                    <td data-label="Changes" className="nowrap">
                      {version.isNew
                        ? "New record"
                        : `${version.changes.toLocaleString("en-GB")} ${version.changes === 1 ? "change" : "changes"}`}
                    </td>
                    <td>
                      <Form method="post" className="inline-actions">
                        <input type="hidden" name="hssId" value={version.hssId} />
                        <button
                          type="submit"
                          name="intent"
                          value="publish"
                          className="secondary"
                          aria-label={`Publish ${version.hssId}`}
                        >
                          Publish
                        </button>
                        <ConfirmAction
                          summary={
                            <>
                              Discard<span className="visually-hidden"> {version.hssId}</span>
                            </>
                          }
                          question="Remove this staged version?"
                          value="discard"
                          confirm={
                            <>
                              Yes, discard<span className="visually-hidden"> {version.hssId}</span>
                            </>
                          }
                        />
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableScroll>
            {pages > 1 ? (
              <nav aria-label="Staged versions pages" className="pager">
                {page > 1 ? <Link to={`?page=${page - 1}`}>Previous page</Link> : null}
                <span>
                  Page {page} of {pages}
                </span>
                {page < pages ? <Link to={`?page=${page + 1}`}>Next page</Link> : null}
              </nav>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="imports-heading">
        <h2 id="imports-heading">Recent imports</h2>
        {imports.length === 0 ? (
          <p>No imports yet.</p>
        ) : (
          <TableScroll caption="Recent imports, newest first" captionHidden stacked="tablet">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Uploaded</th>
                <th scope="col">From</th>
                <th scope="col">Mode</th>
                <th scope="col">State</th>
                <th scope="col" className="numeric">
                  Items
                </th>
              </tr>
            </thead>
            <tbody>
              {imports.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    <Link to={`/dashboard/records/imports/${item.id}`}>{item.filename}</Link>
                  </th>
                  <td data-label="Uploaded">
                    <DateTimeCell value={item.createdAt} />
                  </td>
                  <td data-label="From">
                    {item.uploadedBy ??
                      (item.source === "cli"
                        ? "Command line"
                        : item.source === "demo"
                          ? "Demo data"
                          : "")}
                  </td>
                  <td data-label="Mode">{item.mode === "preview" ? "Preview" : "Publish"}</td>
                  <td data-label="State" className="nowrap">
                    <StatusTag kind="import" value={IMPORT_STATES[item.state] ?? item.state} />
                  </td>
                  <td data-label="Items" className="numeric">
                    {item.itemCount.toLocaleString("en-GB")}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableScroll>
        )}
      </section>
    </>
  );
}
