import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/db/client.server";
import { mailFolder, sendPendingEmails } from "~/models/outbox.server";
import { env } from "~/lib/env.server";
import { action } from "~/routes/contact";
import { RATE_LIMITED } from "~/models/contact.server";
import { args, postRequest, redirected } from "../factories";
import { asResponse } from "../route-result";

async function submit(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = postRequest("/contact", fields);
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return action(args(request));
}

describe("contact form", () => {
  it("answers each empty field with its own message and keeps what was typed", async () => {
    const response = asResponse(await submit({ name: "", email: "", message: "" }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      message: ["A message is required"],
    });
    const invalid = asResponse(
      await submit({
        name: "Ann",
        email: "not-an-email",
        message: "Hello",
      }),
    );
    const invalidBody = await invalid.json();
    expect(invalidBody.error).toEqual({ email: ["Enter a valid email"] });
    expect(invalidBody.initialValue).toMatchObject({
      name: "Ann",
      email: "not-an-email",
      message: "Hello",
    });
  });

  it("stores the message and queues an email to CONTACT_TO in one go, then shows the success view", async () => {
    const response = await redirected(() =>
      submit({
        name: "Dr Ann Example",
        email: "ann@hospital.example.org",
        message: "Please tell me about subscriptions.",
      }),
    );
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    const db = await getDb();
    const [message] = await db
      .select()
      .from(schema.contactMessages)
      .where(eq(schema.contactMessages.email, "ann@hospital.example.org"));
    expect(message.message).toBe("Please tell me about subscriptions.");
    const [mail] = await db.select().from(schema.outbox).orderBy(desc(schema.outbox.id)).limit(1);
    expect(mail.toAddress).toBe(env().CONTACT_TO);
    expect(mail.replyTo).toBe("ann@hospital.example.org");
    expect(mail.textBody).toContain("Please tell me about subscriptions.");

    const report = await sendPendingEmails({ log: () => {} });
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const files = await readdir(mailFolder());
    const eml = await readFile(`${mailFolder()}/${String(mail.id).padStart(6, "0")}.eml`, "utf8");
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(eml).toContain(`To: ${env().CONTACT_TO}`);
    expect(eml).toContain("Reply-To: ann@hospital.example.org");
    expect(eml).toContain("Please tell me about subscriptions.");
  });

  it("pretends success to a bot that fills the honeypot, and stores nothing", async () => {
    const response = await redirected(() =>
      submit({
        name: "Bot",
        email: "bot@spam.example.com",
        message: "Buy now",
        website: "http://spam.example.com",
      }),
    );
    expect(response.headers.get("Location")).toBe("/contact?sent=1");
    const db = await getDb();
    const rows = await db
      .select()
      .from(schema.contactMessages)
      .where(eq(schema.contactMessages.email, "bot@spam.example.com"));
    expect(rows).toHaveLength(0);
  });

  it("limits each address to five messages an hour", async () => {
    // Unique per run, so that a reused database (PostgreSQL) starts each run afresh.
    const run = randomUUID().slice(0, 8);
    const address = `2001:db8::${run.slice(0, 4)}`;
    const fields = { name: "Busy", email: `busy-${run}@example.org`, message: "Again" };
    for (let i = 0; i < 5; i++)
      await redirected(() => submit(fields, { "X-Forwarded-For": address }));
    const limited = asResponse(await submit(fields, { "X-Forwarded-For": address }));
    expect(limited.status).toBe(429);
    const body = await limited.json();
    expect(body.error[""]).toEqual([RATE_LIMITED]);
    expect(body.initialValue).toMatchObject(fields);
    // The same client address with another email is still limited.
    const sameAddress = asResponse(
      await submit(
        { ...fields, email: `other-${run}@example.org` },
        { "X-Forwarded-For": address },
      ),
    );
    expect(sameAddress.status).toBe(429);
    // Someone else is not.
    await redirected(() =>
      submit(
        { ...fields, email: `someone-${run}@example.org` },
        { "X-Forwarded-For": `2001:db8::1:${run.slice(4)}` },
      ),
    );
  });
});
