import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumb } from "~/components/Breadcrumb";
import { requireRole } from "~/lib/auth.server";
import { readForm } from "~/lib/body.server";
import { formatDate } from "~/lib/dates";
import { setFlash } from "~/lib/flash.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { CONTENT_STAFF } from "~/lib/roles";
import { deleteHir, getHir } from "~/models/hirs.server";

export const handle: RouteHandle<{ hir: { title: string } }> = {
  title: (data) => (data?.hir ? `Delete HIR: ${data.hir.title}` : "Delete HIR"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, CONTENT_STAFF);
  const hir = await getHir(idParam(params.hirId));
  if (!hir) throw new Response("Not found", { status: 404 });
  return json({ hir });
}

/** The confirmation is this page: deleting takes a second, deliberate POST. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireRole(request, CONTENT_STAFF);
  const id = idParam(params.hirId);
  await readForm(request);
  const hir = await getHir(id);
  const deleted = await deleteHir(id);
  return redirect("/dashboard/managehirs", {
    headers: {
      "Set-Cookie": await setFlash(
        request,
        deleted && hir
          ? { severity: "success", message: `Report deleted: “${hir.title}”.` }
          : { severity: "info", message: "That report had already been deleted." },
      ),
    },
  });
}

export default function DeleteHir() {
  const { hir } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <div className="form-narrow">
      <Breadcrumb
        items={[
          { label: "Dashboard", to: "/dashboard" },
          { label: "Manage HIRs", to: "/dashboard/managehirs" },
          { label: "Delete HIR" },
        ]}
      />
      <h1>Delete this report?</h1>
      <dl className="summary-list">
        <dt>Title</dt>
        <dd>{hir.title}</dd>
        <dt>Last updated</dt>
        <dd>{formatDate(hir.updatedAt)}</dd>
      </dl>
      <p>
        The report and its PDF are deleted, and links to it stop working. This cannot be undone.
        {hir.archived ? null : " To hide it from members but keep it, archive it instead."}
      </p>
      <Form method="post" className="button-row">
        <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
          Delete report
        </button>
        <Link to="/dashboard/managehirs">Cancel, keep it</Link>
      </Form>
    </div>
  );
}
