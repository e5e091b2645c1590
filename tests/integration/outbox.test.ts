import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb, queryRows, schema } from "~/db/client.server";
import {
  enqueueEmail,
  mailFolder,
  REDACTED,
  retryDelayMs,
  sendPendingEmails,
  WRITTEN_MAIL_KEPT_MS,
} from "~/models/outbox.server";
import { resetEnvForTesting } from "~/lib/env.server";
import { runJobs } from "~/jobs/scheduled.server";
import { required } from "~/lib/required";
import {
  createInvitation,
  findInvitation,
  findPasswordReset,
  type InviteInput,
  requestPasswordReset,
} from "~/models/accounts.server";
import { makeUser } from "../factories";

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

  it("keeps a sent reset or invitation email without its token; the written file has the link", async () => {
    const admin = await makeUser({ roles: ["admin"] });
    const member = await makeUser();
    const invitee = `invitee-${Date.now()}@example.org`;
    await createInvitation(admin, {
      firstName: "Ivy",
      middleName: "",
      lastName: "Invitee",
      email: invitee,
    } as InviteInput);
    expect(await requestPasswordReset(member.email)).toBe(true);
    const db = await getDb();
    const mails = await db
      .select()
      .from(schema.outbox)
      .where(inArray(schema.outbox.toAddress, [invitee, member.email]));
    expect(mails).toHaveLength(2);
    const tokens = mails.map((mail) => {
      const link = required(
        /https?:\/\/\S+\/(changepassword|register)\?\S+/.exec(mail.textBody),
        "a link",
      )[0];
      const params = new URL(link).searchParams;
      return required(params.get("token") ?? params.get("invitationCode"), "a token");
    });

    await sendPendingEmails({ log: () => {} });
    for (const [i, mail] of mails.entries()) {
      const kept = await outboxRow(mail.id);
      expect(kept.sentAt).not.toBeNull();
      // What was sent, every word of it, except the token.
      expect(kept.textBody).toBe(mail.textBody.replace(tokens[i], REDACTED));
      expect(kept.redactedBody).toBeNull();
      // The sent mail (a file here, without SMTP) has the working link.
      const file = path.join(mailFolder(), `${String(mail.id).padStart(6, "0")}.eml`);
      expect(readFileSync(file, "utf8").replace(/=\r?\n/g, "")).toContain(tokens[i]);
    }
    // Nowhere in the outbox, in any column.
    const [found] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM outbox
           WHERE position(${tokens[0]} IN outbox::text) > 0 OR position(${tokens[1]} IN outbox::text) > 0`,
    );
    expect(found.count).toBe(0);
    // The links still work.
    const reset = tokens[mails.findIndex((mail) => mail.toAddress === member.email)];
    expect((await findPasswordReset(reset)).status).toBe("valid");
    const code = tokens[mails.findIndex((mail) => mail.toAddress === invitee)];
    expect((await findInvitation(code)).status).toBe("valid");
  });

  it("deletes emails written as files once they are a day old, with the scheduled jobs", async () => {
    const folder = mailFolder();
    mkdirSync(folder, { recursive: true });
    const old = path.join(folder, "900001.eml");
    const recent = path.join(folder, "900002.eml");
    const other = path.join(folder, "notes.txt");
    for (const file of [old, recent, other]) writeFileSync(file, "a link");
    // A day, written out: a file a day and a minute old goes, one of 23 hours stays.
    expect(WRITTEN_MAIL_KEPT_MS).toBe(24 * 60 * 60 * 1000);
    const dayAndAMinute = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    const hours23 = new Date(Date.now() - 23 * 60 * 60 * 1000);
    utimesSync(old, dayAndAMinute, dayAndAMinute);
    utimesSync(recent, hours23, hours23);
    utimesSync(other, dayAndAMinute, dayAndAMinute);
    const { prunedMailFiles } = await runJobs();
    expect(prunedMailFiles).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });

  it("backs off: one minute, doubling, at most six hours", () => {
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(2)).toBe(120_000);
    expect(retryDelayMs(5)).toBe(16 * 60_000);
    expect(retryDelayMs(30)).toBe(6 * 60 * 60 * 1000);
  });
});
