import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { ErrorSummary } from "~/components/ErrorSummary";
import { summaryItems } from "~/components/forms";
import { FaqFields } from "~/components/staff/FaqFields";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { faqCategories, faqFormSchema, getFaq, saveFaq } from "~/models/faqs.server";

export const handle: RouteHandle<{ faq: { question: string } }> = {
  title: (data) => (data?.faq ? `Edit question: ${data.faq.question}` : "Edit question"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const faq = await getFaq(idParam(params.faqId));
  if (!faq) throw new Response("Not found", { status: 404 });
  return { faq, categories: await faqCategories() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "manageContent");
  const id = idParam(params.faqId);
  const submission = parseForm(await readForm(request), faqFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const saved = await saveFaq(submission.value, user.id, id);
  if (saved.status === "anchor-taken")
    return data(submission.reply({ fieldErrors: { anchor: [saved.message] } }), { status: 400 });
  if (saved.status !== "saved") throw new Response("Not found", { status: 404 });
  return redirectWithFlash(request, `/dashboard/managefaqs#faq-row-${id}`, {
    severity: "success",
    message: `Question saved: “${submission.value.question}”.`,
  });
}

export default function EditFaq() {
  const { faq, categories } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "faq",
    lastResult,
    shouldRevalidate: "onInput",
    defaultValue: {
      category: faq.category,
      question: faq.question,
      answer: faq.answer,
      anchor: faq.anchor,
    },
  });
  return (
    <div className="form-narrow">
      <DashboardBreadcrumb
        items={[{ label: "Manage FAQs", to: "/dashboard/managefaqs" }, { label: "Edit question" }]}
      />
      <ErrorSummary
        items={summaryItems(form, [fields.category, fields.question, fields.answer, fields.anchor])}
      />
      <h1>Edit question</h1>
      <Form method="post" {...getFormProps(form)}>
        <FaqFields fields={fields} categories={categories} editing />
        <div className="button-row">
          <button type="submit" aria-busy={navigation.state === "submitting" || undefined}>
            Save question
          </button>
          <Link to="/dashboard/managefaqs" className="button-link secondary">
            Cancel
          </Link>
        </div>
      </Form>
      <p className="delete-link">
        <Link to={`/dashboard/managefaqs/${faq.id}/delete`}>Delete this question</Link>
      </p>
    </div>
  );
}
