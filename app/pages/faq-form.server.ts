import type { FaqSaved } from "~/models/faqs.server";

/**
 * What the add form of a question shows when the save was refused: an anchor already in use
 * on its field, a full FAQ on the form as a whole.
 */
export function faqRefusal(saved: Exclude<FaqSaved, { status: "saved" }>) {
  if (saved.status === "anchor-taken") return { fieldErrors: { anchor: [saved.message] } };
  return { formErrors: saved.status === "full" ? [saved.message] : [] };
}
