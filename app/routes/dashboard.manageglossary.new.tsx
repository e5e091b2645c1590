import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems } from "~/components/forms";
import { GlossaryFields, type GlossaryShape } from "~/components/staff/GlossaryFields";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { glossaryFormSchema, saveGlossaryEntry } from "~/models/glossary.server";
import { glossaryRefusal } from "~/pages/glossary-form.server";

export const handle: RouteHandle = { title: "Add a glossary entry" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return {};
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const submission = parseForm(await readForm(request), glossaryFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await saveGlossaryEntry(submission.value, user.id);
  if (saved.status !== "saved")
    return data(submission.reply(glossaryRefusal(saved)), { status: 400 });
  return redirectWithFlash(request, "/dashboard/manageglossary", {
    severity: "success",
    message: `Glossary entry added: ${submission.value.fieldName}.`,
  });
}

export default function NewGlossaryEntry() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<GlossaryShape>({
    id: "glossary",
    lastResult,
    shouldRevalidate: "onInput",
  });
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[
          { label: "Manage glossary", to: "/dashboard/manageglossary" },
          { label: "Add an entry" },
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
      <h1>Add a glossary entry</h1>
      <Form method="post" {...getFormProps(form)}>
        <GlossaryFields fields={fields} />
        <div className="button-row">
          <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
            Add entry
          </button>
          <Link to="/dashboard/manageglossary" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
