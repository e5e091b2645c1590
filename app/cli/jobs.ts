/**
 * npm run jobs: runs the scheduled jobs once (saved-search alerts, the digest of updated
 * records, pruning read marks of expired website alerts), then delivers the outbox. For cron; the app process also runs them on a timer.
 */
import { runCli } from "~/cli/run";
import { sendPendingEmails } from "~/lib/email.server";
import { runJobs } from "~/lib/jobs.server";

async function main() {
  const { alerts, digests, prunedAlertViews } = await runJobs();
  console.log(`Saved-search alerts: ${alerts.sent} sent (${alerts.checked} due searches checked).`);
  console.log(
    `Notification digests: ${digests.sent} sent (${digests.checked} due members checked).`,
  );
  console.log(`Website alerts: ${prunedAlertViews} read marks of long-expired alerts deleted.`);
  const report = await sendPendingEmails();
  console.log(`Outbox: ${report.sent} sent, ${report.failed} failed.`);
}

await runCli(main);
