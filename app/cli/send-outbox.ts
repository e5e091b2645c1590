/** Delivers the due emails of the outbox once (the server also does this every 10 s). */
import { runCli } from "~/cli/run";
import { sendPendingEmails } from "~/models/outbox.server";

async function main() {
  let total = { sent: 0, failed: 0 };
  for (;;) {
    const report = await sendPendingEmails();
    total = { sent: total.sent + report.sent, failed: total.failed + report.failed };
    if (report.sent + report.failed === 0 || report.sent === 0) break;
  }
  console.log(
    `Outbox: ${total.sent} sent, ${total.failed} failed (failed ones are retried later).`,
  );
}

await runCli(main);
