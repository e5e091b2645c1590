/**
 * A worker process for tests of a worker that dies: it claims the next background job with
 * the lease given as its argument (seconds) and runs it. The test kills it midway.
 */
import { runNextJob } from "~/jobs/worker.server";

await runNextJob({ leaseSeconds: Number(process.argv[2] ?? 60) });
process.exit(0);
