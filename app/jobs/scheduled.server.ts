import type { Db } from "~/db/types";
import { pruneIdempotencyKeys } from "~/models/idempotency.server";
import { enqueueEmail, kickOutbox, pruneWrittenMail } from "~/models/outbox.server";
import { env } from "~/lib/env.server";
import { logError, logInfo } from "~/lib/log.server";
import { isStopping } from "~/lib/shutdown.server";
import { drain } from "~/models/work.server";
import {
  type ChangedRecords,
  changedAmong,
  changedSince,
  claimDueAlerts,
  claimDueDigests,
  currentCatalogueVersion,
  markAlertChecked,
  markDigestChecked,
} from "~/models/scheduled-emails.server";
import { absoluteUrl, stopLink } from "~/lib/stop-links.server";
import { searchIndex } from "~/models/search-index.server";
import { getSiteSettings } from "~/models/settings.server";
import { pruneHirFiles } from "~/models/hirs.server";
import { pruneFinishedJobs } from "~/models/jobs.server";
import { pruneAlertViews } from "~/models/alerts.server";
import { searchHref } from "~/search/request";

/**
 * The scheduled jobs (decision 008): saved-search alerts and the digest of updated records.
 * They run in the app process on a timer, and as `npm run jobs` for cron. Each claims its
 * rows (app/models/work.server.ts: FOR UPDATE SKIP LOCKED) inside the transaction that writes
 * the email to the outbox and moves the row's mark on, so with several processes no email
 * goes twice.
 * Marks are catalogue versions, not times: versions are taken in commit order
 * (search-index.server.ts), so a change is never stamped behind a mark already passed.
 */

const BATCH = 20;
/** The most records one email lists (the rest are a link away). */
const LISTED = 50;

function recordLines({ records, total }: ChangedRecords) {
  const lines = records.map(
    (record) => `- ${record.title} (${record.hssId})\n  ${absoluteUrl(`/record/${record.hssId}`)}`,
  );
  if (total > records.length) lines.push(`… and ${total - records.length} more.`);
  return lines.join("\n");
}

/** Emails each due saved search's new and changed matches since the catalogue version of its last alert. */
export async function runSavedSearchAlerts(db?: Db) {
  const settings = await getSiteSettings();
  // The index answers up to its version: changes after it wait for the next run.
  const index = await searchIndex();
  const upTo = index.version;
  let sent = 0;
  let checked = 0;
  await drain(async () => {
    const sentBefore = sent;
    const { rows } = await claimDueAlerts(db, upTo, BATCH, async (tx, rows) => {
      for (const row of rows) {
        checked += 1;
        const ids = index.matchingIds(row.request, settings);
        const changed = ids.length
          ? await changedAmong(tx, ids, row.checkedVersion, upTo, LISTED)
          : { records: [], total: 0 };
        const { total } = changed;
        if (total > 0) {
          await enqueueEmail(tx, {
            to: row.email,
            subject: `Saved search alert: ${total} new or changed ${total === 1 ? "record" : "records"} for “${row.title}”`,
            text: [
              `Hello ${row.firstName},`,
              "",
              `These records match your saved search “${row.title}” and are new or have changed since the last alert:`,
              "",
              recordLines(changed),
              "",
              `Run the search: ${absoluteUrl(searchHref(row.request))}`,
              "",
              `You get this ${row.alertFrequency} alert because you asked for it. Stop it with one click: ${stopLink("alert", row.id)}`,
            ].join("\n"),
          });
          sent += 1;
        }
        // Nothing of this search changed: no email, and the next run starts from here all the same.
        await markAlertChecked(tx, row.id, upTo, total > 0);
      }
    });
    // Logged after the commit: the claims and emails of a batch stand or fall together.
    if (rows.length > 0)
      logInfo("jobs", "saved-search alerts batch committed", {
        claimed: rows.length,
        emailed: sent - sentBefore,
      });
    return rows.length;
  }, BATCH);
  return { checked, sent };
}

/** Emails each due enrolled user the records changed since the catalogue version of their last digest. */
export async function runNotificationDigests(db?: Db) {
  const upTo = await currentCatalogueVersion(db);
  let sent = 0;
  let checked = 0;
  await drain(async () => {
    const sentBefore = sent;
    const { rows } = await claimDueDigests(db, BATCH, async (tx, rows) => {
      for (const row of rows) {
        checked += 1;
        const changed = await changedSince(tx, row.checkedVersion, upTo, LISTED);
        const { total } = changed;
        if (total > 0) {
          await enqueueEmail(tx, {
            to: row.email,
            subject: `Updated records: ${total} ${total === 1 ? "record has" : "records have"} changed`,
            text: [
              `Hello ${row.firstName},`,
              "",
              "These records have changed since your last notification email:",
              "",
              recordLines(changed),
              "",
              `See what changed: ${absoluteUrl("/dashboard/notifications")}`,
              "",
              `You get this ${row.frequency} email because you enrolled in email notifications. Unsubscribe: ${stopLink("digest", row.userId)}`,
            ].join("\n"),
          });
          sent += 1;
        }
        await markDigestChecked(tx, row.userId, upTo, total > 0);
      }
    });
    // Logged after the commit: the claims and emails of a batch stand or fall together.
    if (rows.length > 0)
      logInfo("jobs", "notification digests batch committed", {
        claimed: rows.length,
        emailed: sent - sentBefore,
      });
    return rows.length;
  }, BATCH);
  return { checked, sent };
}

export async function runJobs(db?: Db) {
  const alerts = await runSavedSearchAlerts(db);
  const digests = await runNotificationDigests(db);
  if (alerts.sent + digests.sent > 0) kickOutbox();
  // A mark of having read a website alert is kept until a day after it expires.
  const prunedAlertViews = await pruneAlertViews(db);
  // A HIR upload cut off mid-way, or a kept file never used, leaves a file nothing refers to.
  const prunedHirFiles = await pruneHirFiles(db);
  // A background job's page says what happened for a week.
  const prunedJobs = await pruneFinishedJobs(db);
  // Emails written as files (no SMTP) hold reset and invitation links: kept a day.
  const prunedMailFiles = await pruneWrittenMail();
  // The answers kept for API retries with an Idempotency-Key: a day.
  const prunedIdempotencyKeys = await pruneIdempotencyKeys(db);
  return {
    alerts,
    digests,
    prunedAlertViews,
    prunedHirFiles,
    prunedJobs,
    prunedMailFiles,
    prunedIdempotencyKeys,
  };
}

const timer: { handle?: NodeJS.Timeout; run?: Promise<unknown> } = {};

/** The in-process schedule: every JOBS_INTERVAL_SECONDS (0 turns it off). */
export function startJobs() {
  const seconds = env().JOBS_INTERVAL_SECONDS;
  if (!seconds || timer.handle) return;
  timer.handle = setInterval(() => {
    if (timer.run || isStopping()) return;
    const started = performance.now();
    timer.run = runJobs()
      .then((outcome) =>
        logInfo("jobs", "run finished", {
          ...outcome,
          ms: Math.round(performance.now() - started),
        }),
      )
      .catch((error) => logError("jobs", "run failed; tried again next time", error))
      .finally(() => {
        timer.run = undefined;
      });
  }, seconds * 1000);
  timer.handle.unref();
}

/** Stops the schedule; a run under way finishes its current batch and stops there. */
export async function stopJobs() {
  if (timer.handle) clearInterval(timer.handle);
  timer.handle = undefined;
  await timer.run;
}
