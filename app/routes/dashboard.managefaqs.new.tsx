import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems } from "~/components/forms";
import { FaqFields, type FaqShape } from "~/components/staff/FaqFields";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { faqCategories, faqFormSchema, saveFaq } from "~/models/faqs.server";
import { faqRefusal } from "~/pages/faq-form.server";

export const handle: RouteHandle = { title: "Add a question" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return { categories: await faqCategories() };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const submission = parseForm(await readForm(request), faqFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await saveFaq(submission.value, user.id);
  if (saved.status !== "saved") return data(submission.reply(faqRefusal(saved)), { status: 400 });
  return redirectWithFlash(request, `/dashboard/managefaqs#faq-row-${saved.id}`, {
    severity: "success",
    message: `Question added: “${submission.value.question}”. It is last in the order; move it where it belongs.`,
  });
}

export default function NewFaq() {
  const { categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<FaqShape>({ id: "faq", lastResult, shouldRevalidate: "onInput" });
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[{ label: "Manage FAQs", to: "/dashboard/managefaqs" }, { label: "Add a question" }]}
      />
      <ErrorSummary
        items={summaryItems(form, [fields.category, fields.question, fields.answer, fields.anchor])}
      />
      <h1>Add a question</h1>
      <Form method="post" {...getFormProps(form)}>
        <FaqFields fields={fields} categories={categories} />
        <div className="button-row">
          <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
            Add question
          </button>
          <Link to="/dashboard/managefaqs" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
