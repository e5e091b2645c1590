import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems } from "~/components/forms";
import { GlossaryFields } from "~/components/staff/GlossaryFields";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { getGlossaryEntry, glossaryFormSchema, saveGlossaryEntry } from "~/models/glossary.server";
import { glossaryRefusal } from "~/pages/glossary-form.server";
import { sectionLabel } from "~/records/sections";

export const handle: RouteHandle<{ entry: { fieldName: string; section: string } }> = {
  title: (data) =>
    data?.entry
      ? `Edit glossary entry: ${data.entry.fieldName} (${data.entry.section})`
      : "Edit glossary entry",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const entry = await getGlossaryEntry(idParam(params.glossaryId));
  if (!entry) throw new Response("Not found", { status: 404 });
  return { entry: { ...entry, section: sectionLabel(entry.recordSection) } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const id = idParam(params.glossaryId);
  const submission = parseForm(await readForm(request), glossaryFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await saveGlossaryEntry(submission.value, user.id, id);
  if (saved.status === "name-taken")
    return data(submission.reply(glossaryRefusal(saved)), { status: 400 });
  if (saved.status !== "saved") throw new Response("Not found", { status: 404 });
  return redirectWithFlash(request, "/dashboard/manageglossary", {
    severity: "success",
    message: `Glossary entry saved: ${submission.value.fieldName}.`,
  });
}

export default function EditGlossaryEntry() {
  const { entry } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "glossary",
    lastResult,
    shouldRevalidate: "onInput",
    defaultValue: {
      recordSection: entry.recordSection,
      fieldName: entry.fieldName,
      fieldDescription: entry.fieldDescription,
      sourceOfData: entry.sourceOfData,
    },
  });
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[
          { label: "Manage glossary", to: "/dashboard/manageglossary" },
          { label: "Edit entry" },
        ]}
      />
      <ErrorSummary
        items={summaryItems(form, [
          fields.recordSection,
          fields.fieldName,
          fields.fieldDescription,
          fields.sourceOfData,
        ])}
      />
      <h1>Edit glossary entry</h1>
      <Form method="post" {...getFormProps(form)}>
        <GlossaryFields fields={fields} />
        <div className="button-row">
          <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
            Save entry
          </button>
          <Link to="/dashboard/manageglossary" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
      <p className="delete-link">
        <Link to={`/dashboard/manageglossary/${entry.id}/delete`}>Delete this entry</Link>
      </p>
    </div>
  );
}
