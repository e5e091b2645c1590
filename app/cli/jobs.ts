/**
 * npm run jobs: runs the scheduled jobs once (saved-search alerts, the digest of updated
 * records), then delivers the outbox. For cron; the app process also runs them on a timer.
 */
import { runCli } from "~/cli/run";
import { sendPendingEmails } from "~/lib/email.server";
import { runJobs } from "~/lib/jobs.server";

async function main() {
  const { alerts, digests } = await runJobs();
  console.log(`Saved-search alerts: ${alerts.sent} sent (${alerts.checked} due searches checked).`);
  console.log(
    `Notification digests: ${digests.sent} sent (${digests.checked} due members checked).`,
  );
  const report = await sendPendingEmails();
  console.log(`Outbox: ${report.sent} sent, ${report.failed} failed.`);
}

await runCli(main);
