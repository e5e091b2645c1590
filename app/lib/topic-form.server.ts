import { json, redirect } from "@remix-run/node";
import type { User } from "~/models/users.server";
import { readForm } from "~/lib/body.server";
import { setFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import {
  createTopic,
  topicFormSchema,
  unknownHssIdMessage,
  unknownHssIds,
  updateTopic,
} from "~/models/hirs.server";

/**
 * The add and edit forms of an upcoming HIR topic: zod checks the fields, then the HSS ID
 * must be a published record's (the topic links to it). What was typed is kept on error.
 */
export async function topicFormAction(request: Request, user: User, topicId?: number) {
  const submission = parseForm(await readForm(request), topicFormSchema);
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const value = submission.value;
  const unknown = await unknownHssIds([value.hssId]);
  if (unknown.length)
    return json(submission.reply({ fieldErrors: { hssId: [unknownHssIdMessage(unknown)] } }), {
      status: 400,
    });
  let id = topicId;
  if (id === undefined) id = await createTopic(value, user.id);
  else if (!(await updateTopic(id, value, user.id)))
    throw new Response("Not found", { status: 404 });
  return redirect(`/dashboard/managehirtopics#topic-row-${id}`, {
    headers: {
      "Set-Cookie": await setFlash(request, {
        severity: "success",
        message: `${topicId === undefined ? "Topic added" : "Topic saved"}: “${value.titleOfTopic}”.`,
      }),
    },
  });
}
