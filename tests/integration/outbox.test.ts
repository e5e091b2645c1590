import { existsSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, schema } from "~/db/client.server";
import { enqueueEmail, mailFolder, retryDelayMs, sendPendingEmails } from "~/lib/email.server";
import { resetEnvForTesting } from "~/lib/env.server";

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvForTesting();
});

async function outboxRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(schema.outbox).where(eq(schema.outbox.id, id));
  return row;
}

describe("email outbox", () => {
  it("keeps an email whose delivery fails, with its error, and retries it later", async () => {
    const db = await getDb();
    const id = await enqueueEmail(db, {
      to: "someone@example.org",
      subject: "Retry me",
      text: "Body",
    });
    // Nothing listens on port 9 here: the SMTP connection is refused.
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    resetEnvForTesting();
    const failed = await sendPendingEmails({ log: () => {} });
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    let row = await outboxRow(id);
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Not due yet: a second pass leaves it alone.
    delete process.env.SMTP_URL;
    resetEnvForTesting();
    expect((await sendPendingEmails({ log: () => {} })).sent).toBe(0);

    // When it is due again it is delivered (here to a file) and marked sent.
    await db
      .update(schema.outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(schema.outbox.id, id));
    const lines: string[] = [];
    const report = await sendPendingEmails({ log: (line) => lines.push(line) });
    expect(report.sent).toBe(1);
    row = await outboxRow(id);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(2);
    expect(lines.join("\n")).toContain(`email ${id} "Retry me" written to`);
    expect(existsSync(`${mailFolder()}/${String(id).padStart(6, "0")}.eml`)).toBe(true);
  });

  it("sends each email once", async () => {
    const db = await getDb();
    await enqueueEmail(db, { to: "once@example.org", subject: "Once", text: "Body" });
    const first = await sendPendingEmails({ log: () => {} });
    const second = await sendPendingEmails({ log: () => {} });
    expect(first.sent).toBeGreaterThanOrEqual(1);
    expect(second.sent).toBe(0);
  });

  it("writes nothing when the change that caused the email is rolled back", async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: "ghost@example.org", subject: "Ghost", text: "Body" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const rows = await db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.toAddress, "ghost@example.org"));
    expect(rows).toHaveLength(0);
  });

  it("backs off: one minute, doubling, at most six hours", () => {
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(2)).toBe(120_000);
    expect(retryDelayMs(5)).toBe(16 * 60_000);
    expect(retryDelayMs(30)).toBe(6 * 60 * 60 * 1000);
  });
});
