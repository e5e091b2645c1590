import { data } from "@remix-run/node";
import type { User } from "~/models/users.server";
import { readForm } from "~/lib/body.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms.server";
import { saveTopic, topicFormSchema } from "~/models/hirs.server";

/**
 * The add and edit forms of an upcoming HIR topic: zod checks the fields, then the HSS ID
 * must be a published record's (the topic links to it). What was typed is kept on error.
 */
export async function topicFormAction(request: Request, user: User, topicId?: number) {
  const submission = parseForm(await readForm(request), topicFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value;
  const saved = await saveTopic(value, user.id, topicId);
  if (saved.status === "unknown-record")
    return data(submission.reply({ fieldErrors: { hssId: [saved.message] } }), { status: 400 });
  if (saved.status === "missing") throw new Response("Not found", { status: 404 });
  return redirectWithFlash(request, `/dashboard/managehirtopics#topic-row-${saved.id}`, {
    severity: "success",
    message: `${topicId === undefined ? "Topic added" : "Topic saved"}: “${value.titleOfTopic}”.`,
  });
}
