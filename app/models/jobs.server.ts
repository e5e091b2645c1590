import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { type Db, getDb, getEngine, schema } from "~/db/client.server";
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

const { jobs } = schema;

// Written as JSON text rather than through the column, whose encoding would store a null as
// SQL NULL: a job's input or result of null stays the JSON null.
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
  await db
    .insert(jobs)
    .values({ id, kind, userId, input: jsonb(input), phase: "Waiting to start" });
  for (const listener of listeners.queued) listener();
  return id;
}

const jobColumns = {
  id: jobs.id,
  kind: jobs.kind,
  userId: jobs.userId,
  state: jobs.state,
  input: jobs.input,
  result: jobs.result,
  error: jobs.error,
  phase: jobs.phase,
  done: jobs.done,
  total: jobs.total,
  attempts: jobs.attempts,
  cancelRequested: jobs.cancelRequested,
  createdAt: sql<string>`${jobs.createdAt}::text`,
  finishedAt: sql<string | null>`${jobs.finishedAt}::text`,
  phaseSeconds: sql<number | null>`extract(epoch FROM now() - ${jobs.phaseStartedAt})::float8`,
};

const selectJobs = (db: Db) => db.select(jobColumns).from(jobs);
type JobRow = Awaited<ReturnType<typeof selectJobs>>[number];

function toJob<Input, Result>(row: JobRow): Job<Input, Result> {
  const running = row.state === "running";
  const pace =
    running && row.total && row.done > 0 && row.phaseSeconds ? row.phaseSeconds / row.done : null;
  return {
    id: row.id,
    kind: row.kind as JobKind,
    userId: row.userId,
    state: row.state as JobState,
    input: row.input as Input,
    result: row.result as Result | null,
    error: row.error,
    phase: row.phase,
    done: row.done,
    total: row.total,
    attempts: row.attempts,
    cancelRequested: row.cancelRequested,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
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
  const [row] = await selectJobs(db).where(
    and(
      eq(jobs.id, id),
      options.userId === undefined ? undefined : eq(jobs.userId, options.userId),
      options.kinds ? inArray(jobs.kind, options.kinds) : undefined,
    ),
  );
  return row ? toJob<Input, Result>(row) : null;
}

/** The latest job about an import (its check, then its apply). */
export async function latestImportJob(importId: number, db?: Db) {
  db ??= await getDb();
  const [row] = await selectJobs(db)
    .where(
      and(
        inArray(jobs.kind, ["import-check", "import-apply"]),
        sql`${jobs.input}->>'importId' = ${String(importId)}`,
      ),
    )
    .orderBy(desc(jobs.createdAt), jobs.id)
    .limit(1);
  return row ? toJob<{ importId: number }, unknown>(row) : null;
}

/**
 * Asks a job to stop. One still waiting stops at once; a running one at its next report of
 * progress. Returns false when it had already finished.
 */
export async function cancelJob(id: string, db?: Db) {
  db ??= await getDb();
  const queued = sql`${jobs.state} = 'queued'`;
  const rows = await db
    .update(jobs)
    .set({
      cancelRequested: true,
      updatedAt: sql`now()`,
      state: sql`CASE WHEN ${queued} THEN 'cancelled' ELSE ${jobs.state} END`,
      finishedAt: sql`CASE WHEN ${queued} THEN now() ELSE ${jobs.finishedAt} END`,
      phase: sql`CASE WHEN ${queued} THEN 'Cancelled' ELSE ${jobs.phase} END`,
    })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ["queued", "running"])))
    .returning({ state: jobs.state });
  return rows.length > 0;
}

/** Puts a failed or cancelled job back in the queue, from the start. Returns false otherwise. */
export async function retryJob(id: string, db?: Db) {
  db ??= await getDb();
  const rows = await db
    .update(jobs)
    .set({
      state: "queued",
      attempts: 0,
      error: null,
      result: null,
      done: 0,
      total: null,
      phase: "Waiting to start",
      cancelRequested: false,
      worker: null,
      leaseUntil: null,
      finishedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ["failed", "cancelled"])))
    .returning({ id: jobs.id });
  if (rows.length) for (const listener of listeners.queued) listener();
  return rows.length > 0;
}

/** A job as a worker claims it: the claim's SELECT names these columns. */
type ClaimedJob = Omit<
  Pick<typeof jobs.$inferSelect, "id" | "kind" | "userId" | "input" | "attempts">,
  "kind"
> & { kind: JobKind };

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
  const { result } = await claim<ClaimedJob, JobRun | null>(
    db,
    {
      select: sql`SELECT ${jobs.id}, ${jobs.kind}, ${jobs.userId} AS "userId", ${jobs.input}, ${jobs.attempts}
                    FROM ${jobs}
                   WHERE ${jobs.state} = 'queued' OR (${jobs.state} = 'running' AND ${jobs.leaseUntil} < now())
                   ORDER BY ${jobs.createdAt}, ${jobs.id}`,
      limit: 1,
    },
    async (tx, [row]) => {
      if (!row) return null;
      const kind = JOB_KINDS[row.kind];
      if (row.attempts >= kind.maxAttempts) {
        await tx
          .update(jobs)
          .set({
            state: "failed",
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
            worker: null,
            error: `This job stopped ${row.attempts} times before it could finish, so it was not started again.`,
          })
          .where(eq(jobs.id, row.id));
        return null;
      }
      const lease = options.leaseSeconds ?? kind.leaseSeconds;
      await tx
        .update(jobs)
        .set({
          state: "running",
          attempts: sql`${jobs.attempts} + 1`,
          worker: workerName,
          leaseUntil: leaseEnd(lease),
          startedAt: sql`now()`,
          phaseStartedAt: sql`now()`,
          phase: "Starting",
          done: 0,
          total: null,
          updatedAt: sql`now()`,
        })
        .where(eq(jobs.id, row.id));
      return runOf(db, row, lease, (await getEngine()) === "postgresql");
    },
  );
  return result;
}

function runOf(db: Db, row: ClaimedJob, leaseSeconds: number, concurrent: boolean): JobRun {
  return {
    id: row.id,
    kind: row.kind,
    userId: row.userId,
    input: row.input,
    attempt: row.attempts + 1,
    reportsDuringTransactions: concurrent,
    async report({ phase, done, total }) {
      if (isStopping()) throw new JobInterrupted();
      // A field left undefined is not set: it keeps its value.
      const rows = await db
        .update(jobs)
        .set({
          done,
          total,
          phaseStartedAt:
            phase === undefined
              ? undefined
              : sql`CASE WHEN ${jobs.phase} = ${phase} THEN ${jobs.phaseStartedAt} ELSE now() END`,
          phase,
          leaseUntil: leaseEnd(leaseSeconds),
          updatedAt: sql`now()`,
        })
        .where(and(eq(jobs.id, row.id), eq(jobs.worker, workerName), eq(jobs.state, "running")))
        .returning({ cancelRequested: jobs.cancelRequested });
      if (!rows.length) throw new JobLost();
      if (rows[0].cancelRequested) throw new JobCancelled();
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
      ? {
          result: jsonb(outcome.result),
          phase: "Finished",
          error: null,
          done: outcome.done ?? sql`coalesce(${jobs.total}, ${jobs.done})`,
        }
      : outcome.state === "failed"
        ? { error: outcome.error, phase: "Stopped by an error" }
        : { phase: "Cancelled" };
  const rows = await db
    .update(jobs)
    .set({
      state: outcome.state,
      ...fields,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
      worker: null,
      leaseUntil: null,
    })
    .where(and(eq(jobs.id, run.id), eq(jobs.worker, workerName), eq(jobs.state, "running")))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Gives a job back to the queue (this process is stopping); the attempt does not count. */
export async function releaseJob(run: JobRun, db?: Db) {
  db ??= await getDb();
  await db
    .update(jobs)
    .set({
      state: "queued",
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      worker: null,
      leaseUntil: null,
      phase: "Waiting to start again",
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, run.id), eq(jobs.worker, workerName), eq(jobs.state, "running")));
}

/** Finished jobs are kept a week (their pages say what happened), then deleted. */
export async function pruneFinishedJobs(db?: Db) {
  db ??= await getDb();
  const rows = await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.state, ["done", "failed", "cancelled"]),
        lt(jobs.finishedAt, sql`now() - interval '7 days'`),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
