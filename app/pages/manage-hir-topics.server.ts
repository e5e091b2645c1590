import { z } from "zod";
import type { Flash } from "~/lib/flash.server";
import { getTopic, setTopicDeleted } from "~/models/hirs.server";

/** A deleted topic's Restore button; the id is read as Number() reads it (a missing one is 0). */
export const topicRestoreForm = z.object({
  intent: z.literal("restore"),
  id: z.coerce.number().refine(Number.isSafeInteger),
});

/** Puts a topic aside (it can be restored): the message saying so, or that it already was. */
export async function deleteTopic(id: number, userId: number): Promise<Flash> {
  const topic = await getTopic(id);
  const deleted = await setTopicDeleted(id, true, userId);
  return deleted && topic
    ? {
        severity: "success",
        message: `Topic deleted: “${topic.titleOfTopic}”. Deleted topics can be restored.`,
      }
    : { severity: "info", message: "That topic had already been deleted." };
}

/** Brings a deleted topic back as it was (archived or not): the message saying so, or why not. */
export async function restoreTopic(id: number, userId: number): Promise<Flash> {
  const topic = await getTopic(id);
  const restored = await setTopicDeleted(id, false, userId);
  return restored && topic
    ? { severity: "success", message: `Topic restored: “${topic.titleOfTopic}”.` }
    : { severity: "info", message: "That topic is not among the deleted ones." };
}
