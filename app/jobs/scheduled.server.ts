import { sql } from "drizzle-orm";
import { type Db, getDb, queryRows } from "~/db/client.server";
import { pruneIdempotencyKeys } from "~/models/idempotency.server";
import { enqueueEmail, kickOutbox, pruneWrittenMail } from "~/models/outbox.server";
import { env } from "~/lib/env.server";
import { logError, logInfo } from "~/lib/log.server";
import { isStopping } from "~/lib/shutdown.server";
import { claim, drain } from "~/models/work.server";
import { absoluteUrl, stopLink } from "~/lib/stop-links.server";
import { searchIndex } from "~/models/search-index.server";
import { getSiteSettings } from "~/models/settings.server";
import { pruneHirFiles } from "~/models/hirs.server";
import { pruneFinishedJobs } from "~/models/jobs.server";
import { pruneAlertViews } from "~/models/alerts.server";
import { type SearchRequest, searchHref } from "~/search/request";

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
const PERIOD = { daily: "1 day", weekly: "7 days" } as const;

interface ChangedRecord {
  hss_id: string;
  title: string;
}

function recordLines(records: ChangedRecord[], total: number) {
  const lines = records.map(
    (record) =>
      `- ${record.title} (${record.hss_id})\n  ${absoluteUrl(`/record/${record.hss_id}`)}`,
  );
  if (total > records.length) lines.push(`… and ${total - records.length} more.`);
  return lines.join("\n");
}

// Due: never sent, or the last one is a period old. Changes are counted from the row's mark.
const due = (sentAt: ReturnType<typeof sql>, frequency: ReturnType<typeof sql>) =>
  sql`(${sentAt} IS NULL OR ${sentAt} <= now() - CASE ${frequency} WHEN 'weekly' THEN interval '${sql.raw(PERIOD.weekly)}' ELSE interval '${sql.raw(PERIOD.daily)}' END)`;

/** Emails each due saved search's new and changed matches since the catalogue version of its last alert. */
export async function runSavedSearchAlerts(db?: Db) {
  db ??= await getDb();
  const settings = await getSiteSettings();
  // The index answers up to its version: changes after it wait for the next run.
  const index = await searchIndex();
  const upTo = index.version;
  let sent = 0;
  let checked = 0;
  await drain(async () => {
    const sentBefore = sent;
    const { rows } = await claim<{
      id: number;
      title: string;
      request: SearchRequest;
      alert_frequency: string;
      checked_version: number;
      email: string;
      first_name: string;
    }>(
      db,
      {
        select: sql`SELECT s.id, s.title, s.request, s.alert_frequency, s.alert_checked_version::int AS checked_version, u.email, u.first_name
              FROM saved_searches s JOIN users u ON u.id = s.user_id
             WHERE s.alert_frequency <> 'none' AND u.deleted_at IS NULL AND u.suspended_at IS NULL
               AND ${due(sql`s.alert_sent_at`, sql`s.alert_frequency`)}
               AND EXISTS (SELECT 1 FROM records r WHERE r.catalogue_version > s.alert_checked_version AND r.catalogue_version <= ${upTo}
                                                     AND r.published_version_id IS NOT NULL)
             ORDER BY s.id`,
        limit: BATCH,
        lockOf: "s",
      },
      async (tx, rows) => {
        for (const row of rows) {
          checked += 1;
          const ids = index.matchingIds(row.request, settings);
          const changed = ids.length
            ? await queryRows<ChangedRecord & { total: number }>(
                tx,
                sql`SELECT hss_id, title, count(*) OVER ()::int AS total FROM records
                     WHERE id = ANY(${`{${ids.join(",")}}`}::int[]) AND catalogue_version > ${row.checked_version} AND catalogue_version <= ${upTo}
                     ORDER BY updated_at DESC, id LIMIT ${LISTED}`,
              )
            : [];
          if (changed.length) {
            const total = changed[0].total;
            await enqueueEmail(tx, {
              to: row.email,
              subject: `Saved search alert: ${total} new or changed ${total === 1 ? "record" : "records"} for “${row.title}”`,
              text: [
                `Hello ${row.first_name},`,
                "",
                `These records match your saved search “${row.title}” and are new or have changed since the last alert:`,
                "",
                recordLines(changed, total),
                "",
                `Run the search: ${absoluteUrl(searchHref(row.request))}`,
                "",
                `You get this ${row.alert_frequency} alert because you asked for it. Stop it with one click: ${stopLink("alert", row.id)}`,
              ].join("\n"),
            });
            sent += 1;
          }
          // Nothing of this search changed: no email, and the next run starts from here all the same.
          await tx.execute(
            sql`UPDATE saved_searches SET alert_checked_at = now(), alert_checked_version = greatest(alert_checked_version, ${upTo})
                       ${changed.length ? sql`, alert_sent_at = now()` : sql``}
                 WHERE id = ${row.id}`,
          );
        }
      },
    );
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
  db ??= await getDb();
  const [{ upTo }] = await queryRows<{ upTo: number }>(
    db,
    sql`SELECT version::int AS "upTo" FROM catalogue_version WHERE id = 1`,
  );
  let sent = 0;
  let checked = 0;
  await drain(async () => {
    const sentBefore = sent;
    const { rows } = await claim<{
      user_id: number;
      frequency: string;
      checked_version: number;
      email: string;
      first_name: string;
    }>(
      db,
      {
        select: sql`SELECT p.user_id, p.notification_frequency AS frequency, p.digest_checked_version::int AS checked_version, u.email, u.first_name
              FROM user_preferences p JOIN users u ON u.id = p.user_id
             WHERE p.email_notifications AND u.deleted_at IS NULL AND u.suspended_at IS NULL
               AND ${due(sql`p.digest_sent_at`, sql`p.notification_frequency`)}
             ORDER BY p.user_id`,
        limit: BATCH,
        lockOf: "p",
      },
      async (tx, rows) => {
        for (const row of rows) {
          checked += 1;
          const changed = await queryRows<ChangedRecord & { total: number }>(
            tx,
            sql`SELECT r.hss_id, r.title, count(*) OVER ()::int AS total
                  FROM records r
                 WHERE r.published_version_id IS NOT NULL
                   AND r.catalogue_version > ${row.checked_version} AND r.catalogue_version <= ${upTo}
                 ORDER BY r.updated_at DESC, r.id LIMIT ${LISTED}`,
          );
          if (changed.length) {
            const total = changed[0].total;
            await enqueueEmail(tx, {
              to: row.email,
              subject: `Updated records: ${total} ${total === 1 ? "record has" : "records have"} changed`,
              text: [
                `Hello ${row.first_name},`,
                "",
                "These records have changed since your last notification email:",
                "",
                recordLines(changed, total),
                "",
                `See what changed: ${absoluteUrl("/dashboard/notifications")}`,
                "",
                `You get this ${row.frequency} email because you enrolled in email notifications. Unsubscribe: ${stopLink("digest", row.user_id)}`,
              ].join("\n"),
            });
            sent += 1;
          }
          await tx.execute(
            sql`UPDATE user_preferences SET digest_checked_at = now(), digest_checked_version = greatest(digest_checked_version, ${upTo})
                       ${changed.length ? sql`, digest_sent_at = now()` : sql``}
                 WHERE user_id = ${row.user_id}`,
          );
        }
      },
    );
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
