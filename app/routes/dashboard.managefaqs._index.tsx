import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { FaqOrder } from "~/components/staff/FaqOrder";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { sameOrder } from "~/lib/reorder";
import type { RouteHandle } from "~/lib/route-handle";
import { manageFaqsPage, saveFaqOrderForm } from "~/pages/manage-faqs.server";

export const handle: RouteHandle = { title: "Manage FAQs" };

const PATH = "/dashboard/managefaqs";

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  return await manageFaqsPage(new URL(request.url).searchParams);
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  const { to, flash } = await saveFaqOrderForm(await readForm(request));
  return redirectWithFlash(request, to, flash);
}

export default function ManageFaqs() {
  const { rows, savedIds, version, notice, full, limit } = useLoaderData<typeof loader>();
  // One primary action (docs/design.md): Add a question, as on every Manage list, except while
  // the list shows an order not yet saved (moved without JS, or in place), when Save order is.
  const [orderDirty, setOrderDirty] = useState(
    () =>
      !sameOrder(
        rows.map((row) => row.id),
        savedIds,
      ),
  );
  return (
    <>
      <DashboardBreadcrumb items={[{ label: "Manage FAQs" }]} />
      <h1>Manage FAQs</h1>
      <p className="page-actions">
        {full ? (
          <span>The FAQ holds {limit} questions, the most it can: delete one to add another.</span>
        ) : (
          <Link to={`${PATH}/new`} className={orderDirty ? "button-link secondary" : "button-link"}>
            Add a question
          </Link>
        )}
        <Link to="/faq">View the FAQ page</Link>
      </p>
      {rows.length === 0 ? (
        <p>There are no questions yet.</p>
      ) : (
        <section aria-labelledby="order-title">
          <h2 id="order-title">Questions, in order</h2>
          <FaqOrder
            key={`${version}:${rows.map((row) => row.id).join(",")}`}
            rows={rows}
            savedIds={savedIds}
            version={version}
            notice={notice}
            onDirtyChange={setOrderDirty}
          />
        </section>
      )}
    </>
  );
}
