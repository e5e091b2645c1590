import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems } from "~/components/forms";
import { TopicFields, type TopicShape } from "~/components/staff/TopicFields";
import { requirePermission } from "~/auth/auth.server";
import type { RouteHandle } from "~/lib/route-handle";
import { topicFormAction } from "~/pages/topic-form.server";

export const handle: RouteHandle = { title: "Add an upcoming HIR topic" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return {};
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  return topicFormAction(request, user);
}

export default function NewTopic() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<TopicShape>({ id: "topic", lastResult });
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[
          { label: "Manage HIR topics", to: "/dashboard/managehirtopics" },
          { label: "Add a topic" },
        ]}
      />
      <ErrorSummary
        items={summaryItems(form, [
          fields.titleOfTopic,
          fields.hssId,
          fields.ihsiCategories,
          fields.publicationDate,
        ])}
      />
      <h1>Add an upcoming HIR topic</h1>
      <Form method="post" {...getFormProps(form)}>
        <TopicFields fields={fields} />
        <div className="button-row">
          <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
            Add topic
          </button>
          <Link to="/dashboard/managehirtopics" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
