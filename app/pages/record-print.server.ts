import { z } from "zod";
import { getPrintSelection, savePrintSelection } from "~/models/records.server";
import type { recordOr404 } from "~/pages/record-route.server";
import { PRINT_SECTION_VALUES } from "~/records/sections";

type RecordView = Awaited<ReturnType<typeof recordOr404>>;

/**
 * The print page's boxes: the user's last choice, or, after Select all / Clear all without
 * JS (`select=all|none`), every box ticked or none.
 */
export async function printSelectionPage(
  userId: number,
  view: RecordView,
  params: URLSearchParams,
) {
  const select = params.get("select");
  const selected =
    select === "all"
      ? PRINT_SECTION_VALUES
      : select === "none"
        ? []
        : await getPrintSelection(userId);
  return { hssId: view.hssId, title: view.document.title, selected };
}

/**
 * The print page's buttons: Select all, Clear all, or Show print preview with the ticked
 * sections (unknown ones dropped). A form sent without either of the first two buttons asks
 * for the preview, whatever its intent says: the last option takes any.
 */
export const printForm = z.union([
  z.object({ intent: z.literal("selectAll") }),
  z.object({ intent: z.literal("clearAll") }),
  z.object({
    intent: z.unknown().transform(() => "preview" as const),
    sections: z
      .array(z.unknown())
      .transform((values) =>
        values.filter(
          (value): value is string =>
            typeof value === "string" && PRINT_SECTION_VALUES.includes(value),
        ),
      ),
  }),
]);

export type PrintOutcome = { kind: "nothing-chosen" } | { kind: "go"; to: string };

/**
 * Select all and Clear all come back to the page with the boxes changed; the preview saves
 * the choice for next time and opens the preview of those sections, if any was ticked.
 */
export async function choosePrintSections(
  userId: number,
  hssId: string,
  choice: z.infer<typeof printForm>,
): Promise<PrintOutcome> {
  const base = `/record/${hssId}/print`;
  if (choice.intent === "selectAll") return { kind: "go", to: `${base}?select=all` };
  if (choice.intent === "clearAll") return { kind: "go", to: `${base}?select=none` };
  if (!choice.sections.length) return { kind: "nothing-chosen" };
  await savePrintSelection(userId, choice.sections);
  const query = new URLSearchParams(choice.sections.map((value) => ["section", value]));
  return { kind: "go", to: `/record/${hssId}/printpreview?${query}` };
}
