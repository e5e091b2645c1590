import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect, data } from "@remix-run/node";
import { useFormAction, useLoaderData, useLocation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import {
  entriesText,
  IMAGING_SELECTION_FORM,
  ImagingFilters,
  ImagingTable,
  ResultCount,
} from "~/components/imaging/ImagingTable";
import { PageSelectionButtons, SelectionCount } from "~/components/search/Selection";
import { requireUser } from "~/auth/auth.server";
import { safeRedirect } from "~/lib/safe-redirect.server";
import { readForm } from "~/lib/body.server";
import { imagingSelectionForm } from "~/pages/imaging-form.server";
import { pagedTitle, type RouteHandle } from "~/lib/route-handle";
import {
  changeImagingSelection,
  imagingListPage,
  selectionFields,
} from "~/pages/imaging-list.server";

const TITLE = "Imaging and diagnostics";

export const handle: RouteHandle<{ page: number; pages: number } | undefined> = {
  title: (data) => (data ? pagedTitle(TITLE, data.page, data.pages) : TITLE),
};

/** The members' list: entries that are not archived, with a selection and an immediate export. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return await imagingListPage(user, new URL(request.url).searchParams);
}

/**
 * The selection's buttons. Each goes back to the same list (POST-redirect-GET), or answers a
 * script (`js=1`) in JSON. Export posts the same form to /imagingdiagnostics/export.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const parsed = imagingSelectionForm.safeParse(selectionFields(form));
  if (parsed.success) await changeImagingSelection(user.id, parsed.data);
  if (form.get("js") === "1")
    return data({ ok: parsed.success }, { status: parsed.success ? 200 : 400 });
  const url = new URL(request.url);
  return redirect(safeRedirect(`${url.pathname}${url.search}`, "/imagingdiagnostics"), {
    status: 303,
  });
}

export default function ImagingDiagnostics() {
  const { query, rows, total, page, pages, categories, selection, limit } =
    useLoaderData<typeof loader>();
  // This list's address with its filters: Export exports what they match.
  const here = useFormAction();
  const { search } = useLocation();
  const filtered = Boolean(query.q || query.category);
  const listed = entriesText(Math.min(total, limit));
  const exportHint =
    selection.count > 0
      ? `Export downloads an Excel (XLSX) file of the ${entriesText(selection.count)} you selected.`
      : `Nothing is selected, so Export downloads an Excel (XLSX) file of all ${listed} ${
          filtered ? "that match the filters" : "listed"
        }.`;
  return (
    <>
      <Breadcrumb items={[{ label: TITLE }]} />
      <h1>{TITLE}</h1>
      <p>
        Contrast agents, radiopharmaceuticals and diagnostic tests on their way through the EMA,
        with the latest event of each procedure.
      </p>
      <ImagingFilters pathname="/imagingdiagnostics" query={query} categories={categories} />
      <ResultCount total={total} limit={limit} filtered={filtered} query={query} />
      {total > 0 ? (
        <>
          {/* A plain form: Export answers with a file, which a script's fetch could not save. */}
          <form
            method="post"
            action={here}
            id={IMAGING_SELECTION_FORM}
            className="selection-bar"
            aria-label="Selection"
          >
            {rows.map((row) => (
              <input key={row.id} type="hidden" name="shown" value={row.id} />
            ))}
            <SelectionCount count={selection.count} none="No entries selected" />
            <div className="selection-actions">
              {/* Secondary: Apply filters, the list's search, is the page's primary action. */}
              <button
                type="submit"
                formAction={`/imagingdiagnostics/export${search}`}
                className="secondary"
                aria-describedby="export-hint"
              >
                Export
              </button>
              {selection.count > 0 ? (
                <button type="submit" name="intent" value="clear" className="secondary">
                  Clear All
                </button>
              ) : null}
              <PageSelectionButtons />
            </div>
            <small id="export-hint" className="hint export-hint">
              {exportHint}
            </small>
          </form>
          <ImagingTable
            pathname="/imagingdiagnostics"
            query={query}
            rows={rows}
            page={page}
            pages={pages}
            caption={`Entries, page ${page} of ${pages}`}
            selectedIds={selection.selectedIds}
          />
        </>
      ) : (
        <div className="empty-state">
          <h2>No entries match</h2>
          <p>Try other words, or another category.</p>
        </div>
      )}
    </>
  );
}
