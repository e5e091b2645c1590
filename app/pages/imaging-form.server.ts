import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { z } from "zod";
import { readForm } from "~/lib/body.server";
import { parseForm } from "~/lib/forms.server";
import { idParam } from "~/lib/params.server";
import {
  eventMessages,
  getEventName,
  getImagingEntry,
  IMAGING_PAGE_SIZE,
  type ImagingInput,
  imagingCategories,
  imagingFormSchema,
  listEventNames,
  unknownEventNames,
} from "~/models/imaging-diagnostics.server";

/** What the add and edit pages' loaders send the form: the event names and the categories in use. */
export async function imagingFormChoices() {
  const [eventNames, categories] = await Promise.all([listEventNames(), imagingCategories()]);
  return { eventNames: eventNames.map(({ id, name }) => ({ id, name })), categories };
}

/**
 * Reads and checks the entry's form. Either the valid input, or the response that draws the
 * form again with what was typed: with its errors (400), or, after "Add an event" or "Remove
 * event N" (conform's list intents, which validate nothing), with the row added or removed.
 * createdOrUpdatedBy is never read from the form: the caller takes the signed-in user.
 */
export async function readImagingForm(
  request: Request,
): Promise<
  | { input: ImagingInput; response?: never }
  | { input?: never; response: ReturnType<typeof data<SubmissionResult<string[]>>> }
> {
  const submission = parseForm(await readForm(request), imagingFormSchema);
  if (submission.status !== "success")
    return {
      response: data(submission.reply(), { status: submission.status === "error" ? 400 : 200 }),
    };
  const unknown = await unknownEventNames(submission.value);
  if (unknown.length)
    return {
      response: data(
        submission.reply({
          fieldErrors: Object.fromEntries(
            unknown.map((row) => [`events[${row}].nameId`, [eventMessages.unknownName(row + 1)]]),
          ),
        }),
        { status: 400 },
      ),
    };
  return { input: submission.value };
}

const ids = z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(IMAGING_PAGE_SIZE);
/** The members' selection form: of the `shown` entries (a page), the `selected` ones are ticked. */
export const imagingSelectionForm = z.object({
  intent: z.enum(["select", "selectPage", "clear"]),
  shown: ids,
  selected: ids,
});

/** The entry a route's `:entryId` names, or a thrown 404. */
export async function entryOf(params: Params) {
  const entry = await getImagingEntry(idParam(params.entryId));
  if (!entry) throw new Response("Not found", { status: 404 });
  return entry;
}

/** The event name a route's `:nameId` names, or a thrown 404. */
export async function eventNameOf(params: Params) {
  const name = await getEventName(idParam(params.nameId));
  if (!name) throw new Response("Not found", { status: 404 });
  return name;
}
