import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { DashboardBreadcrumb } from "~/components/Breadcrumb";
import { FaqOrder } from "~/components/staff/FaqOrder";
import { requirePermission } from "~/auth/auth.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { moveId, movedMessage, sameOrder } from "~/lib/reorder";
import type { RouteHandle } from "~/lib/route-handle";
import { FAQ_LIMIT, faqsVersion, listFaqs, OrderRefused, saveFaqOrder } from "~/models/faqs.server";

export const handle: RouteHandle = { title: "Manage FAQs" };

const PATH = "/dashboard/managefaqs";

const ids = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** A move made without JS arrives as a query: the posted order and which question moves. */
const moveSchema = z.object({
  move: z.string().regex(/^(up|down)-\d+$/),
});

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "manageContent");
  const [faqs, version] = await Promise.all([listFaqs(), faqsVersion()]);
  const savedIds = faqs.map((faq) => faq.id);
  const params = new URL(request.url).searchParams;
  const asked = ids(params.getAll("order"));
  // An order from the query is shown (not saved) only when it is exactly today's questions.
  const usable =
    asked.length === savedIds.length &&
    new Set(asked).size === asked.length &&
    asked.every((id) => savedIds.includes(id));
  let shown = usable ? asked : savedIds;
  let notice: string | undefined;
  if (params.has("order") && !usable)
    notice =
      "The questions changed since that page was made, so the saved order is shown. Make your moves again.";
  const move = moveSchema.safeParse({ move: params.get("move") ?? "" });
  if (usable && move.success) {
    const [direction, id] = move.data.move.split("-");
    shown = moveId(shown, Number(id), direction as "up" | "down");
    const faq = faqs.find((each) => each.id === Number(id));
    if (faq) notice = movedMessage(faq.question, shown.indexOf(faq.id) + 1, shown.length);
  }
  const byId = new Map(faqs.map((faq) => [faq.id, faq]));
  return json({
    rows: shown.flatMap((id) => {
      const faq = byId.get(id);
      return faq
        ? [{ id, question: faq.question, category: faq.category, anchor: faq.anchor }]
        : [];
    }),
    savedIds,
    version,
    notice,
    full: faqs.length >= FAQ_LIMIT,
    limit: FAQ_LIMIT,
  });
}

const saveSchema = z.object({
  intent: z.literal("saveOrder"),
  version: z.coerce.number().int().min(0),
});

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, "manageContent");
  const form = await readForm(request);
  const parsed = saveSchema.safeParse({
    intent: form.get("intent"),
    version: form.get("version"),
  });
  const order = form.getAll("order").map(String);
  const orderIds = ids(order);
  if (!parsed.success || orderIds.length !== order.length) {
    return redirectWithFlash(request, PATH, {
      severity: "error",
      message: "That form could not be read. Nothing has changed. Use Save order on this page.",
    });
  }
  try {
    await saveFaqOrder(orderIds, parsed.data.version);
  } catch (error) {
    if (!(error instanceof OrderRefused)) throw error;
    // Another editor saved in between: their list is kept and this editor's order is offered
    // again on top of it (when it still holds the same questions), unsaved, to check and save.
    const again = new URLSearchParams(orderIds.map((id) => ["order", String(id)]));
    return redirectWithFlash(request, error.reason === "stale" ? `${PATH}?${again}` : PATH, {
      severity: "error",
      message: error.message,
    });
  }
  return redirectWithFlash(request, PATH, {
    severity: "success",
    message: `The order of the ${orderIds.length} questions is saved.`,
  });
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
