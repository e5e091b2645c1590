import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RegisterBreadcrumb } from "~/components/imaging/RegisterBreadcrumb";
import { ImagingEntryForm } from "~/components/imaging/ImagingEntryForm";
import { requirePermission } from "~/auth/auth.server";
import { imagingFormChoices, readImagingForm } from "~/pages/imaging-form.server";
import type { RouteHandle } from "~/lib/route-handle";
import { createImagingEntry, entryLabel } from "~/models/imaging-diagnostics.server";
import { redirectWithFlash } from "~/lib/flash.server";

export const handle: RouteHandle = { title: "Add an imaging and diagnostics entry" };

const PATH = "/dashboard/imagingdiagnostics";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return await imagingFormChoices();
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const { input, response } = await readImagingForm(request);
  if (response) return response;
  // createdOrUpdatedBy is the signed-in user, whatever the form sent.
  await createImagingEntry(input, user.id);
  return redirectWithFlash(request, PATH, {
    severity: "success",
    message: `Entry added: ${entryLabel({ chemicalName: input.chemicalName, tradeName: input.tradeName ?? "" })}.`,
  });
}

export default function NewImagingEntry() {
  const { eventNames, categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="form-medium">
      <RegisterBreadcrumb current="Add an entry" />
      <ImagingEntryForm
        heading="Add an imaging and diagnostics entry"
        lastResult={lastResult}
        defaultValue={{ events: [{ nameId: "", date: "" }] }}
        eventNames={eventNames}
        categories={categories}
        submitLabel="Add entry"
        cancelTo={PATH}
      />
    </div>
  );
}
