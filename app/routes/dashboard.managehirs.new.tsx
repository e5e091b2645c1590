import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems } from "~/components/forms";
import { HirFields, type HirShape, refuseOversize } from "~/components/staff/HirFields";
import { requirePermission } from "~/auth/auth.server";
import { hirFormAction } from "~/pages/hir-form.server";
import type { RouteHandle } from "~/lib/route-handle";

export const handle: RouteHandle = { title: "Upload a HIR" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return {};
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  return hirFormAction(request, user);
}

export default function NewHir() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<HirShape>({ id: "hir", lastResult });
  const formProps = getFormProps(form);
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[{ label: "Manage HIRs", to: "/dashboard/managehirs" }, { label: "Upload a HIR" }]}
      />
      <ErrorSummary
        items={summaryItems(form, [fields.title, fields.description, fields.hssIds, fields.file])}
      />
      <h1>Upload a HIR</h1>
      <p>Members can download the report as soon as it is uploaded.</p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={(event) => {
          if (!refuseOversize(event)) formProps.onSubmit(event);
        }}
      >
        <HirFields fields={fields} kept={lastResult?.kept ?? null} />
        <div className="button-row">
          <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
            Upload HIR
          </button>
          <Link to="/dashboard/managehirs" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
