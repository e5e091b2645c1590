/**
 * npm run jobs: runs the waiting background jobs (exports, import checks and applies) until
 * none is left, then the scheduled jobs once (saved-search alerts, the digest of updated
 * records, pruning), then delivers the outbox. For cron, or as a separate worker process; the
 * app process also runs them all on timers.
 */
import { runCli } from "~/cli/run";
import { sendPendingEmails } from "~/models/outbox.server";
import { runQueuedJobs } from "~/jobs/worker.server";
import { runJobs } from "~/jobs/scheduled.server";

async function main() {
  const ran = await runQueuedJobs();
  console.log(`Background jobs: ${ran} run.`);
  const { alerts, digests, prunedAlertViews, prunedJobs, prunedMailFiles, prunedIdempotencyKeys } =
    await runJobs();
  console.log(`Saved-search alerts: ${alerts.sent} sent (${alerts.checked} due searches checked).`);
  console.log(
    `Notification digests: ${digests.sent} sent (${digests.checked} due members checked).`,
  );
  console.log(`Website alerts: ${prunedAlertViews} read marks of long-expired alerts deleted.`);
  console.log(`Background jobs: ${prunedJobs} finished more than a week ago deleted.`);
  console.log(`Written emails: ${prunedMailFiles} files more than a day old deleted.`);
  console.log(`API retries: ${prunedIdempotencyKeys} answers kept for a day deleted.`);
  const report = await sendPendingEmails();
  console.log(`Outbox: ${report.sent} sent, ${report.failed} failed.`);
}

await runCli(main);
