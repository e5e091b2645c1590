import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems } from "~/components/forms";
import { hirFileUrl } from "~/components/HirDownloadLink";
import { HirFields, type HirShape, refuseOversize } from "~/components/staff/HirFields";
import { requirePermission } from "~/auth/auth.server";
import { formatDateTime } from "~/lib/dates";
import { hirFormAction } from "~/pages/hir-form.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { getHir } from "~/models/hirs.server";

export const handle: RouteHandle<{ hir: { title: string } }> = {
  title: (data) => (data?.hir ? `Edit HIR: ${data.hir.title}` : "Edit HIR"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const hir = await getHir(idParam(params.hirId));
  if (!hir) throw new Response("Not found", { status: 404 });
  return { hir };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const hir = await getHir(idParam(params.hirId));
  if (!hir) throw new Response("Not found", { status: 404 });
  return hirFormAction(request, user, hir);
}

export default function EditHir() {
  const { hir } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<HirShape>({
    id: "hir",
    lastResult,
    defaultValue: {
      title: hir.title,
      description: hir.description,
      hssIds: hir.hssIds.join(", "),
    },
  });
  const formProps = getFormProps(form);
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[{ label: "Manage HIRs", to: "/dashboard/managehirs" }, { label: "Edit HIR" }]}
      />
      <ErrorSummary
        items={summaryItems(form, [fields.title, fields.description, fields.hssIds, fields.file])}
      />
      <h1>Edit HIR</h1>
      <p>
        {hir.archived ? "Archived: members do not see it." : "Published: members can download it."}{" "}
        Last updated {formatDateTime(hir.updatedAt)}.{" "}
        {hir.byteSize !== null ? (
          <a href={hirFileUrl(hir.id)}>
            Download the current PDF<span className="visually-hidden">: {hir.title}</span>
          </a>
        ) : null}
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={(event) => {
          if (!refuseOversize(event)) formProps.onSubmit(event);
        }}
      >
        <HirFields
          fields={fields}
          kept={lastResult?.kept ?? null}
          current={{ byteSize: hir.byteSize }}
        />
        <div className="button-row">
          <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
            Save HIR
          </button>
          <Link to="/dashboard/managehirs" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
      <p className="delete-link">
        <Link to={`/dashboard/managehirs/${hir.id}/delete`}>Delete this HIR</Link>
      </p>
    </div>
  );
}
