import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, getEngine, queryRows, sql } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { JOB_ERROR, runNextJob, runQueuedJobs } from "~/jobs/worker.server";
import { getExportFile } from "~/models/exports.server";
import { claimNextJob, createJob, finishJob, getJob, latestImportJob } from "~/models/jobs.server";
import { applyImport, requestApplyImport, startUploadImport } from "~/models/record-import.server";
import { generateRecord } from "~/records/generate";
import { textChunks } from "~/records/read-items.server";
import { action as exportJobAction, loader as exportJobLoader } from "~/routes/export_.$exportId";
import { args, getRequest, makeUser, postRequest, redirected, sessionCookie } from "../factories";
import { jsonLines } from "../records";
import { asResponse } from "../route-result";

// The PostgreSQL test database is shared: every record here has this run's own prefix.
const prefix = `J${randomUUID().slice(0, 8)}`;
const docs = (count: number, tag: string) =>
  Array.from({ length: count }, (_, index) =>
    JSON.parse(
      JSON.stringify(
        generateRecord(index, { catalogueSize: count, today: "2026-11-01" }),
      ).replaceAll("HSS-", `${prefix}${tag}-`),
    ),
  );
const CATALOGUE = 2_000;
let ids: number[] = [];

beforeAll(async () => {
  await applyImport(() => textChunks(jsonLines(docs(CATALOGUE, "C"))), {
    mode: "publish",
    source: "cli",
    filename: "jobs-fixture.jsonl",
  });
  const db = await getDb();
  ids = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM records WHERE hss_id LIKE ${`${prefix}C-%`} ORDER BY id`,
    )
  ).map((row) => row.id);
}, 120_000);

const exportInput = (recordIds: number[]) => ({
  format: "csv",
  includeAllFields: false,
  scope: "selection",
  fellBack: false,
  ids: recordIds,
});
const csvIds = (file: string) =>
  Papa.parse<string[]>(readFileSync(file, "utf8").replace(/^\uFEFF/, ""), { skipEmptyLines: true })
    .data.slice(1)
    .map((row) => row[0]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("background jobs", () => {
  it("are claimed once each by workers racing for them", async () => {
    const user = await makeUser();
    const jobIds = await Promise.all(
      [0, 1, 2, 3, 4].map((n) =>
        createJob("export", user.id, exportInput(ids.slice(n * 10, n * 10 + 10))),
      ),
    );
    // Two workers claim at the same moment, until neither finds one of ours left.
    const claimed: string[] = [];
    for (;;) {
      const runs = await Promise.all([claimNextJob(), claimNextJob()]);
      const ours = runs.filter((run) => run && jobIds.includes(run.id));
      for (const run of runs) if (run) await finishJob(run, { state: "cancelled" });
      if (!runs.some(Boolean)) break;
      claimed.push(...ours.map((run) => run?.id ?? ""));
    }
    expect([...claimed].sort()).toEqual([...jobIds].sort());
    const db = await getDb();
    const attempts = await queryRows<{ attempts: number }>(
      db,
      sql`SELECT attempts FROM jobs WHERE id = ANY(${`{${jobIds.join(",")}}`}::text[])`,
    );
    expect(attempts.map((row) => row.attempts)).toEqual([1, 1, 1, 1, 1]);

    // Two whole workers at once run each job to its end exactly once.
    const more = await Promise.all(
      [0, 1, 2].map((n) => createJob("export", user.id, exportInput(ids.slice(n * 7, n * 7 + 7)))),
    );
    await Promise.all([runQueuedJobs(), runQueuedJobs()]);
    for (const id of more) {
      const job = await getJob(id);
      expect(job?.state).toBe("done");
      expect(job?.attempts).toBe(1);
      expect(job?.result).toMatchObject({ recordCount: 7 });
    }
  });

  it("write their progress as they go, forward only, to the end", async () => {
    const user = await makeUser();
    const id = await createJob("export", user.id, exportInput(ids));
    const seen: Array<{ phase: string; done: number; total: number | null }> = [];
    let running = true;
    const watcher = (async () => {
      while (running) {
        const job = await getJob(id);
        if (job && job.state === "running") seen.push(job);
        await sleep(5);
      }
    })();
    await runNextJob();
    running = false;
    await watcher;
    const writing = seen.filter((row) => row.phase === "Writing the file");
    const counts = writing.map((row) => row.done);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(new Set(counts).size).toBeGreaterThanOrEqual(3);
    expect(writing.every((row) => row.total === CATALOGUE)).toBe(true);
    const done = await getJob(id);
    expect(done).toMatchObject({ state: "done", done: CATALOGUE, total: CATALOGUE });
    const file = await getExportFile(id, user.id);
    expect(file && csvIds(file.path)).toHaveLength(CATALOGUE);
  });

  it("are taken over when the worker's lease runs out, and the new worker's file is complete", async () => {
    const user = await makeUser();
    const id = await createJob("export", user.id, exportInput(ids));
    // A worker claims it with a one-second lease and is never heard of again.
    const first = await claimNextJob({ leaseSeconds: 1 });
    expect(first?.id).toBe(id);
    await first?.report({ phase: "Writing the file", done: 500, total: CATALOGUE });
    expect(await runNextJob()).toBe(false);
    await sleep(1_200);
    expect(await runNextJob()).toBe(true);
    const job = await getJob(id);
    expect(job).toMatchObject({ state: "done", attempts: 2 });
    // The first worker, waking up, finds it no longer holds the job.
    await expect(first?.report({ done: 1000 })).rejects.toThrow(/another worker/);
    const file = await getExportFile(id, user.id);
    expect(file && csvIds(file.path)).toEqual(docs(CATALOGUE, "C").map((doc) => doc.hssId));
  });

  it("show a failure on their page, and run again from the start when the user asks", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const id = await createJob("export", user.id, exportInput(ids.slice(0, 20)));
    // The exports folder cannot be made: a file is in its place.
    const blocker = path.join(env().dataDir, "exports");
    rmSync(blocker, { recursive: true, force: true });
    writeFileSync(blocker, "not a folder");
    await runQueuedJobs();
    const page = async () =>
      asResponse(
        await exportJobLoader({
          ...args(getRequest(`/export/${id}`, cookie)),
          params: { exportId: id },
        }),
      ).json();
    expect(await page()).toMatchObject({ state: "failed", error: JOB_ERROR });

    rmSync(blocker);
    const response = await redirected(() =>
      exportJobAction({
        ...args(postRequest(`/export/${id}`, { intent: "retry" }, cookie)),
        params: { exportId: id },
      }),
    );
    expect(response.headers.get("Location")).toBe(`/export/${id}`);
    expect(await page()).toMatchObject({ state: "queued", error: null });
    await runQueuedJobs();
    expect(await page()).toMatchObject({ state: "done", recordCount: 20 });
  });

  it("stop at their next step when cancelled, keeping no file", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const id = await createJob("export", user.id, exportInput(ids));
    const run = await claimNextJob();
    expect(run?.id).toBe(id);
    await redirected(() =>
      exportJobAction({
        ...args(postRequest(`/export/${id}`, { intent: "cancel" }, cookie)),
        params: { exportId: id },
      }),
    );
    await expect(run?.report({ done: 1 })).rejects.toThrow("Cancelled");
    if (run) await finishJob(run, { state: "cancelled" });
    expect(await getJob(id)).toMatchObject({ state: "cancelled" });
    expect(await getExportFile(id, user.id)).toBeNull();
    // Someone else's job is not theirs to cancel.
    const other = await sessionCookie(await makeUser());
    const refused = await exportJobAction({
      ...args(postRequest(`/export/${id}`, { intent: "retry" }, other)),
      params: { exportId: id },
    }).catch((error) => error);
    expect(asResponse(refused).status).toBe(404);
  });

  it("apply an import whole or not at all: a worker killed midway leaves nothing, and the next applies it all", async () => {
    const staff = await makeUser({ roles: ["editor"] });
    const COUNT = 5_000;
    const importId = await startUploadImport({
      filename: "killed.jsonl",
      content: jsonLines(docs(COUNT, "K")),
      mode: "publish",
      userId: staff.id,
    });
    await runQueuedJobs();
    expect(await latestImportJob(importId)).toMatchObject({
      kind: "import-check",
      state: "done",
      done: COUNT,
      total: COUNT,
    });
    await requestApplyImport(importId, staff.id);
    const applyJob = await latestImportJob(importId);
    expect(applyJob).toMatchObject({ kind: "import-apply", state: "queued" });

    const engine = await getEngine();
    // The embedded database is one process's: the worker process opens it instead of this one.
    if (engine === "pglite") await closeDb();
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(__dirname, "support", "job-child.ts"), "2"],
      { env: { ...process.env, LOG_LEVEL: "info" }, stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const exited = once(child, "exit");
    if (engine === "postgresql") {
      // On a server the apply's progress shows while its transaction is open.
      for (let i = 0; i < 600; i++) {
        const job = await getJob(applyJob?.id ?? "");
        if (job?.phase === "Applying the changes" && job.done >= 1000) break;
        await sleep(50);
      }
    } else {
      for (let i = 0; i < 600 && !output.includes('"job started"'); i++) await sleep(50);
      await sleep(800);
    }
    child.kill("SIGKILL");
    await exited;
    expect(output).toContain('"job started"');
    expect(output).not.toContain('"job finished"');

    const db = await getDb();
    const countApplied = async () =>
      (
        await queryRows<{ count: number }>(
          db,
          sql`SELECT count(*)::int AS count FROM records WHERE hss_id LIKE ${`${prefix}K-%`}`,
        )
      )[0].count;
    expect(await countApplied()).toBe(0);
    expect(await latestImportJob(importId)).toMatchObject({ state: "running", attempts: 1 });

    // Once the dead worker's two-second lease has run out, the next worker takes the job over.
    await sleep(2_200);
    await runQueuedJobs();
    expect(await latestImportJob(importId)).toMatchObject({ state: "done", attempts: 2 });
    expect(await countApplied()).toBe(COUNT);
    const [row] = await queryRows<{ state: string }>(
      db,
      sql`SELECT state FROM record_imports WHERE id = ${importId}`,
    );
    expect(row.state).toBe("applied");
  }, 180_000);
});
