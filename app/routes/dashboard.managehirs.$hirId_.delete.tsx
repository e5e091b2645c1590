import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusTag } from "~/components/StatusTag";
import { DeleteConfirmation } from "~/components/staff/DeleteConfirmation";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { formatDate } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { deleteHir, getHir } from "~/models/hirs.server";

export const handle: RouteHandle<{ hir: { title: string } }> = {
  title: (data) => (data?.hir ? `Delete HIR: ${data.hir.title}` : "Delete HIR"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const hir = await getHir(idParam(params.hirId));
  if (!hir) throw new Response("Not found", { status: 404 });
  return { hir };
}

/** The confirmation is this page: deleting takes a second, deliberate POST. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  const id = idParam(params.hirId);
  await readForm(request);
  const hir = await getHir(id);
  const deleted = await deleteHir(id);
  return redirectWithFlash(
    request,
    "/dashboard/managehirs",
    deleted && hir
      ? { severity: "success", message: `HIR deleted: “${hir.title}”.` }
      : { severity: "info", message: "That HIR had already been deleted." },
  );
}

export default function DeleteHir() {
  const { hir } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      list={{ label: "Manage HIRs", to: "/dashboard/managehirs" }}
      thing="HIR"
      question="Delete this HIR?"
      facts={[
        ["Title", hir.title],
        ["Last updated", formatDate(hir.updatedAt)],
        [
          "State",
          <StatusTag key="state" kind="hir" value={hir.archived ? "Archived" : "Published"} />,
        ],
      ]}
      consequence={`The HIR and its PDF are deleted, and links to it stop working. This cannot be undone.${hir.archived ? "" : " To hide it from members but keep it, archive it instead."}`}
      button="Delete HIR"
      instead={hir.archived ? undefined : { action: "/dashboard/managehirs?index", id: hir.id }}
    />
  );
}
