import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { hirFileUrl } from "~/components/HirDownloadLink";
import { StatusTag } from "~/components/StatusTag";
import { TableScroll } from "~/components/TableScroll";
import { requirePermission } from "~/auth/auth.server";
import { badRequest, readForm } from "~/lib/body.server";
import { formatDate } from "~/lib/dates";
import { fileSize } from "~/lib/file-size";
import { redirectWithFlash } from "~/lib/flash.server";
import type { RouteHandle } from "~/lib/route-handle";
import { listHirsForStaff } from "~/models/hirs.server";
import { archiveHir, hirArchiveForm } from "~/pages/manage-hirs.server";

export const handle: RouteHandle = { title: "Manage HIRs" };

const PATH = "/dashboard/managehirs";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return { hirs: await listHirsForStaff() };
}

/** Archive and unarchive: a POST from each row, then back to the row. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const form = await readForm(request);
  const parsed = hirArchiveForm.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!parsed.success) throw badRequest("Choose a report to archive or unarchive.");
  const flash = await archiveHir(parsed.data, user.id);
  return redirectWithFlash(request, `${PATH}#hir-row-${parsed.data.id}`, flash);
}

export default function ManageHirs() {
  const { hirs } = useLoaderData<typeof loader>();
  const archived = hirs.filter((hir) => hir.archived).length;
  return (
    <>
      <DashboardBreadcrumb items={[{ label: "Manage HIRs" }]} />
      <h1>Manage HIRs</h1>
      <p className="page-actions">
        <Link to={`${PATH}/new`} className="button-link">
          Upload a HIR
        </Link>
        <Link to="/hir">View the High Impact Reports page</Link>
        <Link to="/dashboard/managehirtopics">Manage upcoming HIR topics</Link>
      </p>
      <p role="status">
        {hirs.length === 1 ? "1 HIR" : `${hirs.length} HIRs`}
        {archived ? ` (${archived} archived)` : ""}, newest update first
      </p>
      {hirs.length === 0 ? (
        <p>No reports have been uploaded yet.</p>
      ) : (
        <TableScroll
          caption="High Impact Reports, newest update first"
          captionHidden
          stacked="tablet"
        >
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">State</th>
              <th scope="col">Updated</th>
              <th scope="col">File</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {hirs.map((hir) => (
              <tr key={hir.id} id={`hir-row-${hir.id}`}>
                <th scope="row">
                  <Link to={`${PATH}/${hir.id}`}>
                    {hir.title}
                    <span className="visually-hidden">: edit</span>
                  </Link>
                </th>
                <td data-label="State">
                  <StatusTag kind="hir" value={hir.archived ? "Archived" : "Published"} />
                </td>
                <td data-label="Updated" className="nowrap">
                  <time dateTime={hir.updatedAt}>{formatDate(hir.updatedAt)}</time>
                </td>
                <td data-label="File" className="nowrap">
                  {hir.byteSize === null ? (
                    "No file data Found"
                  ) : (
                    <a href={hirFileUrl(hir.id)}>
                      PDF, {fileSize(hir.byteSize)}
                      <span className="visually-hidden">: download {hir.title}</span>
                    </a>
                  )}
                </td>
                <td>
                  <div className="inline-actions">
                    <Form method="post">
                      <input type="hidden" name="id" value={hir.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={hir.archived ? "unarchive" : "archive"}
                        className="secondary outline"
                      >
                        {hir.archived ? "Unarchive" : "Archive"}
                        <span className="visually-hidden"> {hir.title}</span>
                      </button>
                    </Form>
                    <Link to={`${PATH}/${hir.id}/delete`}>
                      Delete<span className="visually-hidden"> {hir.title}</span>
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </TableScroll>
      )}
    </>
  );
}
