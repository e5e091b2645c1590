import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatusTag } from "~/components/StatusTag";
import { DeleteConfirmation } from "~/components/staff/DeleteConfirmation";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { getTopic } from "~/models/hirs.server";
import { deleteTopic } from "~/pages/manage-hir-topics.server";

export const handle: RouteHandle<{ topic: { titleOfTopic: string } }> = {
  title: (data) =>
    data?.topic ? `Delete HIR topic: ${data.topic.titleOfTopic}` : "Delete HIR topic",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const topic = await getTopic(idParam(params.topicId));
  if (!topic || topic.deleted) throw new Response("Not found", { status: 404 });
  return { topic };
}

/** The confirmation is this page. A deleted topic is put aside, and can be restored. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const id = idParam(params.topicId);
  await readForm(request);
  return redirectWithFlash(request, "/dashboard/managehirtopics", await deleteTopic(id, user.id));
}

export default function DeleteTopic() {
  const { topic } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      list={{ label: "Manage HIR topics", to: "/dashboard/managehirtopics" }}
      thing="topic"
      question="Delete this topic?"
      facts={[
        ["Title of the topic", topic.titleOfTopic],
        ["Record", topic.hssId],
        [
          "State",
          <StatusTag key="state" kind="topic" value={topic.archived ? "Archived" : "Shown"} />,
        ],
      ]}
      consequence="Members will no longer see it among the upcoming reports or on the record page. It stays in the list of deleted topics, from which it can be restored."
      button="Delete topic"
    />
  );
}
