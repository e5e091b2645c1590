import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { threadId } from "node:worker_threads";
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { isStopping } from "~/lib/shutdown.server";

/**
 * Queued work, in one place: the outbox's emails, the scheduled jobs' due rows and the
 * background jobs (exports, imports) are all claimed the same way, with the leases and
 * retries below. A row is claimed with FOR UPDATE SKIP LOCKED, so that any number of
 * processes (and app threads) can work through the same table and each row goes to one
 * of them; a claim that has to outlive its transaction takes a lease, and a worker that
 * dies leaves its row to be taken up again when the lease runs out.
 */

/** The background jobs' kinds, and how long a claim lasts without a word of progress. */
export const JOB_KINDS = {
  /** An export file of a search's results or a selection (app/models/exports.server.ts). */
  export: { label: "Export", leaseSeconds: 60, maxAttempts: 3 },
  /** Reading and checking an uploaded import file (app/models/record-import.server.ts). */
  "import-check": { label: "Import check", leaseSeconds: 60, maxAttempts: 3 },
  /** Applying a checked import, in one transaction. */
  "import-apply": { label: "Import", leaseSeconds: 120, maxAttempts: 3 },
} as const;
export type JobKind = keyof typeof JOB_KINDS;

/** The outbox's lease: a sender that dies mid-send leaves its emails for another after it. */
export const outboxLeaseSeconds = () => env().OUTBOX_LEASE_SECONDS;

/** Delay before an email's next try after `attempts` failures: 1 min, doubling, at most 6 hours. */
export function retryDelayMs(attempts: number) {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** Who holds a claim: this process and thread, for the logs and the job's row. */
export const workerName = `${hostname()}:${process.pid}:${threadId}:${randomUUID().slice(0, 8)}`;

/**
 * Claims up to `limit` rows of `select` (a SELECT without LIMIT or locking) and hands them,
 * locked, to `onClaimed` in the same transaction: it does the work there (the scheduled
 * jobs: the rows and the emails they cause commit together) or marks a lease (the outbox and
 * background jobs: the work happens after the commit). `lockOf` names the table whose rows
 * are claimed when the query joins others, as the query calls it (its alias, if it has one).
 */
export async function claim<Row, Result = void>(
  db: Db,
  query: { select: SQL; limit: number; lockOf?: string },
  onClaimed: (tx: Db, rows: Row[]) => Promise<Result>,
): Promise<{ rows: Row[]; result: Result }> {
  return db.transaction(async (tx) => {
    const lock = query.lockOf
      ? sql`FOR UPDATE OF ${sql.identifier(query.lockOf)} SKIP LOCKED`
      : sql`FOR UPDATE SKIP LOCKED`;
    const rows = await queryRows<Row>(tx, sql`${query.select} LIMIT ${query.limit} ${lock}`);
    const result = await onClaimed(tx, rows);
    return { rows, result };
  });
}

/**
 * The claim loop: runs `batch` (which claims and works through up to `size` rows, returning
 * how many it claimed) until one comes back short, or the process is stopping (it finishes
 * the batch it holds).
 */
export async function drain(batch: () => Promise<number>, size: number) {
  let claimed = 0;
  for (;;) {
    const count = await batch();
    claimed += count;
    if (count < size || isStopping()) return claimed;
  }
}

/** The SQL of "now plus this many seconds", for a lease. */
export const leaseEnd = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
