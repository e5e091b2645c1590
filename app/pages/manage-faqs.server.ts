import { z } from "zod";
import type { Flash } from "~/lib/flash.server";
import { moveId, movedMessage } from "~/lib/reorder";
import { FAQ_LIMIT, faqsVersion, listFaqs, OrderRefused, saveFaqOrder } from "~/models/faqs.server";

const PATH = "/dashboard/managefaqs";

const ids = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** A move made without JS arrives as a query: the posted order and which question moves. */
const moveSchema = z.object({
  move: z.string().regex(/^(up|down)-\d+$/),
});

/**
 * The FAQ list in the order to show: the saved one, or the order a move without JS asked for
 * in the query (`order`, `move`), shown unsaved, with a notice saying what moved.
 */
export async function manageFaqsPage(params: URLSearchParams) {
  const [faqs, version] = await Promise.all([listFaqs(), faqsVersion()]);
  const savedIds = faqs.map((faq) => faq.id);
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
  return {
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
  };
}

const saveSchema = z.object({
  intent: z.literal("saveOrder"),
  version: z.coerce.number().int().min(0),
});

/**
 * Save order: the posted order is saved unless another editor saved in between (or the form
 * cannot be read). Where the list goes next, with the message it shows.
 */
export async function saveFaqOrderForm(form: FormData): Promise<{ to: string; flash: Flash }> {
  const parsed = saveSchema.safeParse({
    intent: form.get("intent"),
    version: form.get("version"),
  });
  const order = form.getAll("order").map(String);
  const orderIds = ids(order);
  if (!parsed.success || orderIds.length !== order.length) {
    return {
      to: PATH,
      flash: {
        severity: "error",
        message: "That form could not be read. Nothing has changed. Use Save order on this page.",
      },
    };
  }
  try {
    await saveFaqOrder(orderIds, parsed.data.version);
  } catch (error) {
    if (!(error instanceof OrderRefused)) throw error;
    // Another editor saved in between: their list is kept and this editor's order is offered
    // again on top of it (when it still holds the same questions), unsaved, to check and save.
    const again = new URLSearchParams(orderIds.map((id) => ["order", String(id)]));
    return {
      to: error.reason === "stale" ? `${PATH}?${again}` : PATH,
      flash: { severity: "error", message: error.message },
    };
  }
  return {
    to: PATH,
    flash: {
      severity: "success",
      message: `The order of the ${orderIds.length} questions is saved.`,
    },
  };
}
