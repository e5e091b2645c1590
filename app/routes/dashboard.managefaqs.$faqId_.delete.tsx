import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeleteConfirmation } from "~/components/staff/DeleteConfirmation";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { idParam } from "~/lib/params.server";
import type { RouteHandle } from "~/lib/route-handle";
import { deleteFaq, getFaq } from "~/models/faqs.server";

export const handle: RouteHandle<{ faq: { question: string } }> = {
  title: (data) => (data?.faq ? `Delete question: ${data.faq.question}` : "Delete question"),
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const faq = await getFaq(idParam(params.faqId));
  if (!faq) throw new Response("Not found", { status: 404 });
  return { faq };
}

/** The confirmation is this page: deleting takes a second, deliberate POST. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  const id = idParam(params.faqId);
  await readForm(request);
  const faq = await getFaq(id);
  const deleted = await deleteFaq(id);
  return redirectWithFlash(
    request,
    "/dashboard/managefaqs",
    deleted && faq
      ? { severity: "success", message: `Question deleted: “${faq.question}”.` }
      : { severity: "info", message: "That question had already been deleted." },
  );
}

export default function DeleteFaq() {
  const { faq } = useLoaderData<typeof loader>();
  return (
    <DeleteConfirmation
      list={{ label: "Manage FAQs", to: "/dashboard/managefaqs" }}
      thing="question"
      question="Delete this question?"
      facts={[
        ["Question", faq.question],
        ["Category", faq.category],
        ["Anchor", `#${faq.anchor}`],
      ]}
      consequence={`Members will no longer see it, and links to /faq#${faq.anchor} will land at the top of the FAQ page. This cannot be undone.`}
      button="Delete question"
    />
  );
}
