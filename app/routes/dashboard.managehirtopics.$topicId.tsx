import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems } from "~/components/forms";
import { TopicFields, type TopicShape } from "~/components/staff/TopicFields";
import { requirePermission } from "~/auth/auth.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { topicFormAction } from "~/pages/topic-form.server";
import { getTopic } from "~/models/hirs.server";

export const handle: RouteHandle<{ topic: { titleOfTopic: string } }> = {
  title: (data) => (data?.topic ? `Edit HIR topic: ${data.topic.titleOfTopic}` : "Edit HIR topic"),
};

/** A deleted topic is restored from the list before it is edited. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const topic = await getTopic(idParam(params.topicId));
  if (!topic || topic.deleted) throw new Response("Not found", { status: 404 });
  return { topic };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  return topicFormAction(request, user, idParam(params.topicId));
}

export default function EditTopic() {
  const { topic } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<TopicShape>({
    id: "topic",
    lastResult,
    defaultValue: {
      titleOfTopic: topic.titleOfTopic,
      ihsiCategories: topic.ihsiCategories,
      publicationDate: topic.publicationDate ?? "",
      hssId: topic.hssId,
      archived: topic.archived ? "on" : "",
    },
  });
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[
          { label: "Manage HIR topics", to: "/dashboard/managehirtopics" },
          { label: "Edit topic" },
        ]}
      />
      <ErrorSummary
        items={summaryItems(form, [
          fields.titleOfTopic,
          fields.hssId,
          fields.ihsiCategories,
          fields.publicationDate,
          fields.archived,
        ])}
      />
      <h1>Edit HIR topic</h1>
      <Form method="post" {...getFormProps(form)}>
        <TopicFields fields={fields} editing />
        <div className="button-row">
          <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
            Save topic
          </button>
          <Link to="/dashboard/managehirtopics" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
      <p className="delete-link">
        <Link to={`/dashboard/managehirtopics/${topic.id}/delete`}>Delete this topic</Link>
      </p>
    </div>
  );
}
