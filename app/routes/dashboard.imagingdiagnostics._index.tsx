import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithFlash } from "~/lib/flash.server";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ImagingFilters, ImagingTable, ResultCount } from "~/components/imaging/ImagingTable";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { pagedTitle, type RouteHandle } from "~/lib/route-handle";
import {
  archiveImagingEntry,
  imagingArchiveForm,
  imagingRegisterPage,
  registerAddress,
} from "~/pages/imaging-register.server";

const TITLE = "Manage imaging and diagnostics";
const PATH = "/dashboard/imagingdiagnostics";

export const handle: RouteHandle<{ page: number; pages: number } | undefined> = {
  title: (data) => (data ? pagedTitle(TITLE, data.page, data.pages) : TITLE),
};

/** The staff's register: every entry, archived ones included and marked. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return await imagingRegisterPage(new URL(request.url).searchParams);
}

/** Archive and unarchive (one toggle, as two buttons that say which). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const form = await readForm(request);
  const back = registerAddress(request);
  const parsed = imagingArchiveForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirect(back, { status: 303 });
  return redirectWithFlash(request, back, await archiveImagingEntry(parsed.data, user.id));
}

export default function ManageImagingDiagnostics() {
  const { query, rows, total, page, pages, categories, limit } = useLoaderData<typeof loader>();
  // The exports take the list's filters.
  const { search } = useLocation();
  const exportTo = (onlyArchived: boolean) =>
    `${PATH}/export?${new URLSearchParams([
      ["exportOnlyArchived", String(onlyArchived)],
      ...new URLSearchParams(search),
    ])}`;
  const filtered = Boolean(query.q || query.category || query.status !== "all");
  return (
    <>
      <DashboardBreadcrumb items={[{ label: TITLE }]} />
      <h1>{TITLE}</h1>
      <p className="page-actions">
        <Link to={`${PATH}/new`} className="button-link">
          Add an entry
        </Link>
        <Link to={`${PATH}/eventnames`}>Event names</Link>
        <Link to="/imagingdiagnostics">View the members' list</Link>
      </p>
      <ImagingFilters pathname={PATH} query={query} categories={categories} staff />
      <ResultCount total={total} limit={limit} filtered={filtered} query={query} />
      {/* A plain form: the exports answer with a file, which a script's fetch could not save.
          Both secondaries: Add an entry is the page's primary action. */}
      <form method="post" action={exportTo(false)} className="inline-actions" aria-label="Export">
        <button type="submit" className="secondary" aria-describedby="staff-export-hint">
          Export
        </button>
        <button
          type="submit"
          formAction={exportTo(true)}
          className="secondary"
          aria-describedby="staff-export-hint"
        >
          Export archived only
        </button>
        <small id="staff-export-hint" className="hint">
          An Excel (XLSX) file, downloaded at once: every entry that matches the filters, or only
          the archived ones among them.
        </small>
      </form>
      {rows.length > 0 ? (
        <ImagingTable
          pathname={PATH}
          query={query}
          rows={rows}
          page={page}
          pages={pages}
          caption={`Entries, archived ones included, page ${page} of ${pages}`}
          staffActions={(row) => (
            <Form method="post" className="inline-actions">
              <input type="hidden" name="id" value={row.id} />
              <button
                type="submit"
                name="intent"
                value={row.archived ? "unarchive" : "archive"}
                className="secondary outline"
              >
                {row.archived ? "Unarchive" : "Archive"}
                <span className="visually-hidden"> {row.label}</span>
              </button>
              <Link to={`${PATH}/${row.id}/delete`}>
                Delete<span className="visually-hidden"> {row.label}</span>
              </Link>
            </Form>
          )}
        />
      ) : (
        <p>{filtered ? "No entries match the filters." : "There are no entries yet."}</p>
      )}
    </>
  );
}
