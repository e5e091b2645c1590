import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/staff/DeleteConfirmation";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { deleteGlossaryEntry, getGlossaryEntry } from "~/models/glossary.server";
import { sectionLabel } from "~/records/sections";

export const handle: RouteHandle<{ entry: { fieldName: string; section: string } }> = {
  title: (data) =>
    data?.entry
      ? `Delete glossary entry: ${data.entry.fieldName} (${data.entry.section})`
      : "Delete glossary entry",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const entry = await getGlossaryEntry(idParam(params.glossaryId));
  if (!entry) throw new Response("Not found", { status: 404 });
  return {
    entry: { id: entry.id, fieldName: entry.fieldName, section: sectionLabel(entry.recordSection) },
  };
}

/** The confirmation is this page: deleting takes a second, deliberate POST. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  const id = idParam(params.glossaryId);
  await readForm(request);
  const entry = await getGlossaryEntry(id);
  const deleted = await deleteGlossaryEntry(id);
  return redirectWithFlash(
    request,
    "/dashboard/manageglossary",
    deleted && entry
      ? { severity: "success", message: `Glossary entry deleted: ${entry.fieldName}.` }
      : { severity: "info", message: "That entry had already been deleted." },
  );
}

export default function DeleteGlossaryEntry() {
  const { entry } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      list={{ label: "Manage glossary", to: "/dashboard/manageglossary" }}
      thing="entry"
      question="Delete this glossary entry?"
      facts={[
        ["Field name", entry.fieldName],
        ["Record section", entry.section],
      ]}
      consequence={`Members will no longer see it, and the record page's ${entry.fieldName} label will no longer link to the glossary. This cannot be undone.`}
      button="Delete entry"
    />
  );
}
