import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import type nodemailerModule from "nodemailer";
import { type Db, getDb, schema } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { logError, logInfo } from "~/lib/log.server";
import { lazyPackage } from "~/lib/lazy-package.server";
import { processState } from "~/lib/process-state.server";
import { outsideRequest } from "~/lib/request-context.server";
import { isStopping } from "~/lib/shutdown.server";
import { claim, leaseEnd, outboxLeaseSeconds, retryDelayMs } from "~/models/work.server";

export { retryDelayMs };

const { outbox } = schema;
const nodemailer = lazyPackage((require) => require("nodemailer") as typeof nodemailerModule);

export interface Email {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * What in the text must not stay readable once the email is sent: the token of a reset or
   * invitation link. The outbox keeps what was sent with each replaced by REDACTED.
   */
  secrets?: string[];
}

/** What stands in the kept copy of a sent email for each of its secrets. */
export const REDACTED = "[removed once sent]";

/** The text with every secret replaced by REDACTED. */
export function redact(text: string, secrets: readonly string[]) {
  let redacted = text;
  for (const secret of secrets) if (secret) redacted = redacted.replaceAll(secret, REDACTED);
  return redacted;
}

/**
 * Writes an email to the outbox. Call it with the transaction of the change that causes
 * the email, so that the change and its email are committed together or not at all. An
 * email with secrets keeps them only until it is sent (sendPendingEmails).
 */
export async function enqueueEmail(db: Db, email: Email) {
  const [row] = await db
    .insert(outbox)
    .values({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      redactedBody: email.secrets?.length ? redact(email.text, email.secrets) : null,
      replyTo: email.replyTo ?? null,
    })
    .returning({ id: outbox.id });
  return row.id;
}

type OutboxRow = Pick<
  typeof outbox.$inferSelect,
  "id" | "toAddress" | "replyTo" | "subject" | "textBody" | "attempts"
>;

interface Deliverer {
  deliver(row: OutboxRow): Promise<string>;
}

function smtpDeliverer(url: string): Deliverer {
  const transport = nodemailer().createTransport(url);
  return {
    async deliver(row) {
      const info = await transport.sendMail({
        from: env().MAIL_FROM,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        messageId: `<outbox-${row.id}@horizon-scanning>`,
      });
      return `sent to ${row.toAddress} (${info.messageId})`;
    },
  };
}

function fileDeliverer(folder: string): Deliverer {
  const transport = nodemailer().createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    async deliver(row) {
      const info = await transport.sendMail({
        from: env().MAIL_FROM,
        to: row.toAddress,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.textBody,
        messageId: `<outbox-${row.id}@horizon-scanning>`,
      });
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${String(row.id).padStart(6, "0")}.eml`);
      await writeFile(file, info.message as Buffer);
      return `written to ${file}`;
    },
  };
}

export function mailFolder() {
  return path.join(env().dataDir, "mail");
}

/** How long an email written as a file (no SMTP_URL) is kept: its links may still work. */
export const WRITTEN_MAIL_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the emails written as files more than WRITTEN_MAIL_KEPT_MS ago (the scheduled
 * jobs call it). They are the sent mail of a site without SMTP, reset and invitation links
 * whole in them; a day is long enough to read them, and a reset link lasts an hour.
 */
export async function pruneWrittenMail(now = Date.now()) {
  const folder = mailFolder();
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let pruned = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(folder, name);
    try {
      if ((await stat(file)).mtimeMs > now - WRITTEN_MAIL_KEPT_MS) continue;
      await rm(file);
      pruned += 1;
    } catch (error) {
      // Pruned by another process at the same moment.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return pruned;
}

function deliverer(): Deliverer {
  const url = env().SMTP_URL;
  return url ? smtpDeliverer(url) : fileDeliverer(mailFolder());
}

// A claimed email is left alone by other senders for its lease (OUTBOX_LEASE_SECONDS, 5
// minutes); a sender that dies mid-send leaves it to be sent after the lease.
async function claimDue(db: Db, limit: number): Promise<OutboxRow[]> {
  const { rows } = await claim<OutboxRow>(
    db,
    {
      select: sql`SELECT ${outbox.id}, ${outbox.toAddress} AS "toAddress", ${outbox.replyTo} AS "replyTo",
                         ${outbox.subject}, ${outbox.textBody} AS "textBody", ${outbox.attempts}
                    FROM ${outbox}
                   WHERE ${outbox.sentAt} IS NULL AND ${outbox.nextAttemptAt} <= now()
                   ORDER BY ${outbox.id}`,
      limit,
    },
    async (tx, due) => {
      if (!due.length) return;
      const ids = due.map((row) => row.id);
      await tx
        .update(outbox)
        .set({ nextAttemptAt: leaseEnd(outboxLeaseSeconds()) })
        .where(inArray(outbox.id, ids));
    },
  );
  return rows;
}

export interface SendReport {
  sent: number;
  failed: number;
}

/** Delivers due emails once; failures are kept with their error and retried with backoff. */
export async function sendPendingEmails(
  options: { limit?: number; log?: (line: string) => void } = {},
) {
  const db = await getDb();
  const log = options.log ?? ((line: string) => logInfo("outbox", line));
  const rows = await claimDue(db, options.limit ?? 50);
  const report: SendReport = { sent: 0, failed: 0 };
  if (rows.length === 0) return report;
  log(
    `claimed ${rows.length} ${rows.length === 1 ? "email" : "emails"}: ${rows.map((row) => row.id).join(", ")}`,
  );
  const channel = deliverer();
  for (const row of rows) {
    try {
      const outcome = await channel.deliver(row);
      await db
        .update(outbox)
        .set({
          sentAt: sql`now()`,
          attempts: row.attempts + 1,
          lastError: null,
          // What was sent, minus its secrets: a sent link is not kept readable here.
          textBody: sql`coalesce(${outbox.redactedBody}, ${outbox.textBody})`,
          redactedBody: null,
        })
        .where(eq(outbox.id, row.id));
      log(`email ${row.id} "${row.subject}" ${outcome}`);
      report.sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(outbox)
        .set({
          attempts,
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
        })
        .where(eq(outbox.id, row.id));
      log(`email ${row.id} failed (attempt ${attempts}): ${message}`);
      report.failed += 1;
    }
  }
  return report;
}

// A rebuilt module in development does not start a second sender.
const worker = processState<{ timer?: NodeJS.Timeout; run?: Promise<void> }>(
  "__hsdOutbox",
  () => ({}),
);

async function sendWhileDue() {
  try {
    // Keep going while there is mail due; a stopping process finishes the batch it claimed.
    while ((await sendPendingEmails()).sent > 0 && !isStopping()) {}
  } catch (error) {
    logError("outbox", "sender failed; tried again on the next tick", error);
  }
}

function tick() {
  if (worker.run || isStopping()) return;
  worker.run = sendWhileDue().finally(() => {
    worker.run = undefined;
  });
}

/** Starts the in-process sender: every 10 seconds, and at once when kicked. */
export function startOutboxWorker(intervalMs = 10_000) {
  if (worker.timer) return;
  worker.timer = setInterval(tick, intervalMs);
  worker.timer.unref();
  tick();
}

/** Asks the running sender to look now (after a commit that wrote mail). */
export function kickOutbox() {
  if (worker.timer) outsideRequest(() => setImmediate(tick));
}

/** Stops the sender; a batch being sent is finished first. */
export async function stopOutboxWorker() {
  if (worker.timer) clearInterval(worker.timer);
  worker.timer = undefined;
  await worker.run;
}
