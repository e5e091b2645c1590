import { z } from "zod";
import type { Flash } from "~/lib/flash.server";
import { getHir, setHirArchived } from "~/models/hirs.server";

// Any safe whole number, as Number() reads the field (a missing one is 0, found by no report).
const hirId = z.coerce.number().refine(Number.isSafeInteger);

/** Each row's Archive or Unarchive button: what it means, not "flip it". */
export const hirArchiveForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("archive"), id: hirId }),
  z.object({ intent: z.literal("unarchive"), id: hirId }),
]);

/**
 * Archives or unarchives a report: the message saying so, or that the report has been
 * deleted meanwhile.
 */
export async function archiveHir(
  { intent, id }: z.infer<typeof hirArchiveForm>,
  userId: number,
): Promise<Flash> {
  const hir = await getHir(id);
  const done = hir ? await setHirArchived(id, intent === "archive", userId) : false;
  if (!done || !hir) return { severity: "info", message: "That HIR has been deleted." };
  return {
    severity: "success",
    message:
      intent === "archive"
        ? `HIR archived: “${hir.title}”. Members no longer see it.`
        : `HIR unarchived: “${hir.title}”. Members can download it again.`,
  };
}
