import type { GlossarySaved } from "~/models/glossary.server";

/**
 * What the add and edit forms of a glossary entry show when the save was refused: a field
 * name already in the section's use on its field, a full glossary on the form as a whole.
 */
export function glossaryRefusal(saved: Exclude<GlossarySaved, { status: "saved" }>) {
  if (saved.status === "name-taken") return { fieldErrors: { fieldName: [saved.message] } };
  return { formErrors: saved.status === "full" ? [saved.message] : [] };
}
