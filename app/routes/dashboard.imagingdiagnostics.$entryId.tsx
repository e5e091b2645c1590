import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RegisterBreadcrumb } from "~/components/imaging/RegisterBreadcrumb";
import { ImagingEntryForm } from "~/components/imaging/ImagingEntryForm";
import { requirePermission } from "~/auth/auth.server";
import { formatDateTime } from "~/lib/dates";
import { imagingFormChoices, readImagingForm, entryOf } from "~/pages/imaging-form.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { entryLabel, updateImagingEntry } from "~/models/imaging-diagnostics.server";
import { redirectWithFlash } from "~/lib/flash.server";

const PATH = "/dashboard/imagingdiagnostics";

export const handle: RouteHandle<{ entry: { label: string } } | undefined> = {
  title: (data) =>
    data?.entry ? `Edit imaging and diagnostics entry: ${data.entry.label}` : "Edit entry",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const entry = await entryOf(params);
  return { entry: { ...entry, label: entryLabel(entry) }, ...(await imagingFormChoices()) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const id = idParam(params.entryId);
  const { input, response } = await readImagingForm(request);
  if (response) return response;
  // createdOrUpdatedBy is the signed-in user, whatever the form sent.
  if (!(await updateImagingEntry(id, input, user.id)))
    throw new Response("Not found", { status: 404 });
  return redirectWithFlash(request, PATH, {
    severity: "success",
    message: `Entry saved: ${entryLabel({ chemicalName: input.chemicalName, tradeName: input.tradeName ?? "" })}.`,
  });
}

export default function EditImagingEntry() {
  const { entry, eventNames, categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="form-medium">
      <RegisterBreadcrumb current="Edit entry" />
      <ImagingEntryForm
        heading="Edit imaging and diagnostics entry"
        before={
          <p className="muted">
            {entry.archived ? (
              <>
                <strong>Archived</strong>: members do not see this entry.{" "}
              </>
            ) : null}
            Last saved {entry.createdOrUpdatedByName ? `by ${entry.createdOrUpdatedByName} ` : ""}
            on {formatDateTime(entry.updatedAt)}.
          </p>
        }
        lastResult={lastResult}
        defaultValue={{
          category: entry.category,
          emaCode: entry.emaCode,
          chemicalName: entry.chemicalName,
          tradeName: entry.tradeName,
          indicationStatement: entry.indicationStatement,
          events: entry.events.map((event) => ({ nameId: String(event.nameId), date: event.date })),
        }}
        eventNames={eventNames}
        categories={categories}
        submitLabel="Save entry"
        cancelTo={PATH}
      />
      <p className="delete-link">
        <Link to={`${PATH}/${entry.id}/delete`}>Delete this entry</Link>
      </p>
    </div>
  );
}
