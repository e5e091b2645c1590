import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { parseForm } from "~/lib/forms.server";
import {
  addEventName,
  eventNameExists,
  eventNameSchema,
  eventNameTaken,
  moveEventName,
} from "~/models/imaging-diagnostics.server";

const nameId = z.coerce.number().int().positive().max(2_147_483_647);
/**
 * The event names page's buttons: Add (its name is checked by conform, with eventNameSchema),
 * or move a name up or down the dropdown's order.
 */
export const eventNamesForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add") }),
  z.object({ intent: z.literal("up"), id: nameId }),
  z.object({ intent: z.literal("down"), id: nameId }),
]);

export type EventNamesOutcome =
  | { kind: "moved" }
  | { kind: "invalid"; reply: SubmissionResult<string[]> }
  | { kind: "added"; name: string };

/** Moves a name, or adds one: a name must be new (the reply says so otherwise). */
export async function eventNamesAction(
  form: FormData,
  button: z.infer<typeof eventNamesForm>,
): Promise<EventNamesOutcome> {
  if (button.intent !== "add") {
    await moveEventName(button.id, button.intent);
    return { kind: "moved" };
  }
  const submission = parseForm(form, eventNameSchema);
  if (submission.status !== "success") return { kind: "invalid", reply: submission.reply() };
  const { name } = submission.value;
  if (await eventNameExists(name))
    return {
      kind: "invalid",
      reply: submission.reply({ fieldErrors: { name: [eventNameTaken(name)] } }),
    };
  await addEventName(name);
  return { kind: "added", name };
}
