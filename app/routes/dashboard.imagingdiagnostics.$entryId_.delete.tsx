import { StatusTag } from "~/components/StatusTag";
import { redirectWithFlash } from "~/lib/flash.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { RegisterBreadcrumb } from "~/components/imaging/RegisterBreadcrumb";
import { ArchiveInsteadButton, deleting } from "~/components/staff/DeleteConfirmation";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { entryOf } from "~/pages/imaging-form.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import {
  deleteImagingEntry,
  entryLabel,
  getImagingEntry,
} from "~/models/imaging-diagnostics.server";

const PATH = "/dashboard/imagingdiagnostics";

export const handle: RouteHandle<{ entry: { label: string } } | undefined> = {
  title: (data) =>
    data?.entry ? `Delete imaging and diagnostics entry: ${data.entry.label}` : "Delete entry",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const entry = await entryOf(params);
  return {
    entry: {
      id: entry.id,
      label: entryLabel(entry),
      category: entry.category,
      emaCode: entry.emaCode,
      archived: entry.archived,
      events: entry.events.length,
    },
  };
}

/** The confirmation is this page: deleting takes a second, deliberate POST. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  const id = idParam(params.entryId);
  await readForm(request);
  const entry = await getImagingEntry(id);
  const deleted = await deleteImagingEntry(id);
  return redirectWithFlash(
    request,
    PATH,
    deleted && entry
      ? { severity: "success", message: `Entry deleted: ${entryLabel(entry)}.` }
      : { severity: "info", message: "That entry had already been deleted." },
  );
}

export default function DeleteImagingEntry() {
  const { entry } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="form-narrow">
      <RegisterBreadcrumb current="Delete entry" />
      <h1>Delete this entry?</h1>
      <dl className="summary-list">
        <dt>Entry</dt>
        <dd>{entry.label}</dd>
        <dt>Category</dt>
        <dd>{entry.category}</dd>
        <dt>EMA code</dt>
        <dd>{entry.emaCode || "None"}</dd>
        <dt>Events</dt>
        <dd>{entry.events}</dd>
        <dt>Status</dt>
        <dd>
          <StatusTag kind="record" value={entry.archived ? "Archived" : "Active"} />
        </dd>
      </dl>
      <p>
        The entry and its events are deleted for good.{" "}
        {entry.archived
          ? null
          : "To take it off the members' list but keep it, archive it instead."}
      </p>
      <Form method="post" className="button-row">
        <button type="submit" className="danger" aria-busy={deleting(navigation) || undefined}>
          Delete entry
        </button>
        {entry.archived ? null : <ArchiveInsteadButton action={`${PATH}?index`} id={entry.id} />}
        <Link to={PATH} className="button-link secondary">
          Cancel, keep it
        </Link>
      </Form>
    </div>
  );
}
