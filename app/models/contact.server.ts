import { z } from "zod";
import { getDb, schema } from "~/db/client.server";
import { enqueueEmail, kickOutbox } from "~/models/outbox.server";
import { env } from "~/lib/env.server";
import { hitRateLimit } from "~/models/rate-limit.server";

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** Messages per sender address and per client address, for the page and the API alike. */
export const CONTACT_LIMIT = { bucket: "contact", max: 5, windowMs: 60 * 60 * 1000 };
export const RATE_LIMITED =
  "Too many messages have been sent from here. Please try again in an hour.";

/** Counts one message against the sender's and the client's limits; false once either is spent. */
export async function withinContactLimits(email: string, address: string | null) {
  const keys = [`email:${email.toLowerCase()}`, ...(address ? [`ip:${address}`] : [])];
  for (const key of keys) {
    if (!(await hitRateLimit(CONTACT_LIMIT, key))) return false;
  }
  return true;
}

/** Stores the message and queues it for the provider in one transaction. */
export async function sendContactMessage(input: ContactMessage) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.insert(schema.contactMessages).values(input);
    await enqueueEmail(tx, {
      to: env().CONTACT_TO,
      replyTo: input.email,
      subject: `Contact form: message from ${input.name}`,
      text: [
        `From: ${input.name} <${input.email}>`,
        "",
        input.message,
        "",
        "Reply within 24-48 hours.",
      ].join("\n"),
    });
  });
  kickOutbox();
}

// Word for word, as members know them (docs/product.md).
export const contactSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(200, "Name must be 200 characters or fewer"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .pipe(z.email({ error: "Enter a valid email" }).max(320, "Enter a valid email")),
  message: z
    .string({ error: "A message is required" })
    .trim()
    .min(1, "A message is required")
    .max(5000, "Message must be 5000 characters or fewer"),
  // The honeypot: people never see it, form-filling bots fill it in.
  website: z.string().optional(),
});
