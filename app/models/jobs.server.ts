import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, getDb, getEngine, queryRows } from "~/db/client.server";
import { processState } from "~/lib/process-state.server";
import { isStopping } from "~/lib/shutdown.server";
import { claim, JOB_KINDS, type JobKind, leaseEnd, workerName } from "~/models/work.server";

/**
 * Background jobs (decision 022): a POST stores a job and redirects to its page at once; a
 * worker (app/jobs/worker.server.ts) claims it, runs it and writes its progress to the
 * row; the page reads the row. Kinds, leases and retries: app/models/work.server.ts.
 */
export type JobState = "queued" | "running" | "done" | "failed" | "cancelled";

export interface Job<Input = unknown, Result = unknown> {
  id: string;
  kind: JobKind;
  userId: number;
  state: JobState;
  input: Input;
  result: Result | null;
  error: string | null;
  phase: string;
  done: number;
  total: number | null;
  attempts: number;
  cancelRequested: boolean;
  createdAt: string;
  finishedAt: string | null;
  /** An estimate from the pace of the current phase so far; null until there is one. */
  secondsLeft: number | null;
}

/** A failure to tell the user in these words (anything else is logged, and told in general terms). */
export class JobFailure extends Error {}
/** The user asked to stop: the job stops at its next report of progress. */
export class JobCancelled extends Error {
  constructor() {
    super("Cancelled");
  }
}
/** Another worker holds the job now (this one's lease ran out): stop, and leave it be. */
export class JobLost extends Error {
  constructor() {
    super("The job's lease ran out and another worker took it");
  }
}

/** This process is stopping: the job goes back to the queue for another worker. */
export class JobInterrupted extends Error {
  constructor() {
    super("The process is stopping");
  }
}

const listeners = processState<{ queued: Array<() => void> }>("__hsdJobListeners", () => ({
  queued: [],
}));

/** The worker of this process asks to hear of a new job at once (rather than at its next look). */
export function onJobQueued(listener: () => void) {
  listeners.queued.push(listener);
}

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Stores a job to run as soon as a worker is free; `db` may be the transaction of the change that asks for it. */
export async function createJob(
  kind: JobKind,
  userId: number,
  input: unknown,
  options: { id?: string; db?: Db } = {},
) {
  const db = options.db ?? (await getDb());
  const id = options.id ?? randomUUID();
  await db.execute(
    sql`INSERT INTO jobs (id, kind, user_id, input, phase) VALUES (${id}, ${kind}, ${userId}, ${jsonb(input)}, 'Waiting to start')`,
  );
  for (const listener of listeners.queued) listener();
  return id;
}

interface JobRow {
  id: string;
  kind: JobKind;
  user_id: number;
  state: JobState;
  input: unknown;
  result: unknown;
  error: string | null;
  phase: string;
  done: number;
  total: number | null;
  attempts: number;
  cancel_requested: boolean;
  created_at: string;
  finished_at: string | null;
  phase_seconds: number | null;
}

const JOB_COLUMNS = sql`id, kind, user_id, state, input, result, error, phase, done, total, attempts, cancel_requested,
  created_at::text, finished_at::text,
  extract(epoch FROM now() - phase_started_at)::float8 AS phase_seconds`;

function toJob<Input, Result>(row: JobRow): Job<Input, Result> {
  const running = row.state === "running";
  const pace =
    running && row.total && row.done > 0 && row.phase_seconds ? row.phase_seconds / row.done : null;
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    state: row.state,
    input: row.input as Input,
    result: row.result as Result | null,
    error: row.error,
    phase: row.phase,
    done: row.done,
    total: row.total,
    attempts: row.attempts,
    cancelRequested: row.cancel_requested,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    secondsLeft:
      pace !== null && row.total !== null ? Math.max(0, (row.total - row.done) * pace) : null,
  };
}

/** A job; with `userId`, only that user's (anyone else's is as if it did not exist). */
export async function getJob<Input = unknown, Result = unknown>(
  id: string,
  options: { userId?: number; kinds?: JobKind[]; db?: Db } = {},
): Promise<Job<Input, Result> | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const db = options.db ?? (await getDb());
  const [row] = await queryRows<JobRow>(
    db,
    sql`SELECT ${JOB_COLUMNS} FROM jobs WHERE id = ${id}
          ${options.userId === undefined ? sql`` : sql`AND user_id = ${options.userId}`}
          ${options.kinds ? sql`AND kind = ANY(${`{${options.kinds.join(",")}}`}::text[])` : sql``}`,
  );
  return row ? toJob<Input, Result>(row) : null;
}

/** The latest job about an import (its check, then its apply). */
export async function latestImportJob(importId: number, db?: Db) {
  db ??= await getDb();
  const [row] = await queryRows<JobRow>(
    db,
    sql`SELECT ${JOB_COLUMNS} FROM jobs
         WHERE kind IN ('import-check', 'import-apply') AND input->>'importId' = ${String(importId)}
         ORDER BY created_at DESC, id LIMIT 1`,
  );
  return row ? toJob<{ importId: number }, unknown>(row) : null;
}

/**
 * Asks a job to stop. One still waiting stops at once; a running one at its next report of
 * progress. Returns false when it had already finished.
 */
export async function cancelJob(id: string, db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{ state: JobState }>(
    db,
    sql`UPDATE jobs SET cancel_requested = true, updated_at = now(),
               state = CASE WHEN state = 'queued' THEN 'cancelled' ELSE state END,
               finished_at = CASE WHEN state = 'queued' THEN now() ELSE finished_at END,
               phase = CASE WHEN state = 'queued' THEN 'Cancelled' ELSE phase END
         WHERE id = ${id} AND state IN ('queued', 'running') RETURNING state`,
  );
  return rows.length > 0;
}

/** Puts a failed or cancelled job back in the queue, from the start. Returns false otherwise. */
export async function retryJob(id: string, db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE jobs SET state = 'queued', attempts = 0, error = NULL, result = NULL, done = 0, total = NULL,
               phase = 'Waiting to start', cancel_requested = false, worker = NULL, lease_until = NULL,
               finished_at = NULL, updated_at = now()
         WHERE id = ${id} AND state IN ('failed', 'cancelled') RETURNING id`,
  );
  if (rows.length) for (const listener of listeners.queued) listener();
  return rows.length > 0;
}

/** What a worker holds while it runs a job. */
export interface JobRun<Input = unknown> {
  id: string;
  kind: JobKind;
  userId: number;
  input: Input;
  attempt: number;
  /**
   * Writes progress to the job's row and renews the lease. Throws JobCancelled when the user
   * asked to stop, JobLost when another worker has taken the job over.
   */
  report(progress: { phase?: string; done: number; total?: number | null }): Promise<void>;
  /**
   * Whether `report` can be seen by others while this worker holds a transaction open: on
   * the embedded database a transaction holds the whole database, so it cannot.
   */
  reportsDuringTransactions: boolean;
}

/**
 * Claims the oldest waiting job, or a running one whose worker's lease has run out (its
 * process died): it starts again from the beginning. A job that has been started
 * `maxAttempts` times without finishing fails instead of being tried again.
 */
export async function claimNextJob(
  options: { db?: Db; leaseSeconds?: number } = {},
): Promise<JobRun | null> {
  const db = options.db ?? (await getDb());
  const { result } = await claim<
    { id: string; kind: JobKind; user_id: number; input: unknown; attempts: number },
    JobRun | null
  >(
    db,
    {
      select: sql`SELECT id, kind, user_id, input, attempts FROM jobs
                   WHERE state = 'queued' OR (state = 'running' AND lease_until < now())
                   ORDER BY created_at, id`,
      limit: 1,
    },
    async (tx, [row]) => {
      if (!row) return null;
      const kind = JOB_KINDS[row.kind];
      if (row.attempts >= kind.maxAttempts) {
        await tx.execute(
          sql`UPDATE jobs SET state = 'failed', finished_at = now(), updated_at = now(), worker = NULL,
                     error = ${`This job stopped ${row.attempts} times before it could finish, so it was not started again.`}
               WHERE id = ${row.id}`,
        );
        return null;
      }
      const lease = options.leaseSeconds ?? kind.leaseSeconds;
      await tx.execute(
        sql`UPDATE jobs SET state = 'running', attempts = attempts + 1, worker = ${workerName},
                   lease_until = ${leaseEnd(lease)}, started_at = now(), phase_started_at = now(),
                   phase = 'Starting', done = 0, total = NULL, updated_at = now()
             WHERE id = ${row.id}`,
      );
      return runOf(db, row, lease, (await getEngine()) === "postgresql");
    },
  );
  return result;
}

function runOf(
  db: Db,
  row: { id: string; kind: JobKind; user_id: number; input: unknown; attempts: number },
  leaseSeconds: number,
  concurrent: boolean,
): JobRun {
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    input: row.input,
    attempt: row.attempts + 1,
    reportsDuringTransactions: concurrent,
    async report({ phase, done, total }) {
      if (isStopping()) throw new JobInterrupted();
      const rows = await queryRows<{ cancel_requested: boolean }>(
        db,
        sql`UPDATE jobs SET done = ${done},
                   total = ${total === undefined ? sql`total` : sql`${total}::int`},
                   phase_started_at = ${phase === undefined ? sql`phase_started_at` : sql`CASE WHEN phase = ${phase} THEN phase_started_at ELSE now() END`},
                   phase = ${phase === undefined ? sql`phase` : sql`${phase}`},
                   lease_until = ${leaseEnd(leaseSeconds)}, updated_at = now()
             WHERE id = ${row.id} AND worker = ${workerName} AND state = 'running'
         RETURNING cancel_requested`,
      );
      if (!rows.length) throw new JobLost();
      if (rows[0].cancel_requested) throw new JobCancelled();
    },
  };
}

/** Records how a run ended, if this worker still holds the job. */
export async function finishJob(
  run: JobRun,
  outcome:
    | { state: "done"; result: unknown; done?: number }
    | { state: "failed"; error: string }
    | { state: "cancelled" },
  db?: Db,
) {
  db ??= await getDb();
  const fields =
    outcome.state === "done"
      ? sql`result = ${jsonb(outcome.result)}, phase = 'Finished', error = NULL,
            done = ${outcome.done === undefined ? sql`coalesce(total, done)` : sql`${outcome.done}::int`}`
      : outcome.state === "failed"
        ? sql`error = ${outcome.error}, phase = 'Stopped by an error'`
        : sql`phase = 'Cancelled'`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE jobs SET state = ${outcome.state}, ${fields}, finished_at = now(), updated_at = now(),
               worker = NULL, lease_until = NULL
         WHERE id = ${run.id} AND worker = ${workerName} AND state = 'running' RETURNING id`,
  );
  return rows.length > 0;
}

/** Gives a job back to the queue (this process is stopping); the attempt does not count. */
export async function releaseJob(run: JobRun, db?: Db) {
  db ??= await getDb();
  await db.execute(
    sql`UPDATE jobs SET state = 'queued', attempts = greatest(attempts - 1, 0), worker = NULL, lease_until = NULL,
               phase = 'Waiting to start again', updated_at = now()
         WHERE id = ${run.id} AND worker = ${workerName} AND state = 'running'`,
  );
}

/** Finished jobs are kept a week (their pages say what happened), then deleted. */
export async function pruneFinishedJobs(db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM jobs WHERE state IN ('done', 'failed', 'cancelled') AND finished_at < now() - interval '7 days' RETURNING id`,
  );
  return rows.length;
}
