import type { BarSeverity } from "~/lib/status-tone";
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Db, getDb, queryRows, schema } from "~/db/client.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { z } from "zod";
import { hasAnyRole, ROLES } from "~/lib/roles";

/**
 * Website alerts (decision 017, docs/product.md). Staff write them on /dashboard/alerts; a
 * member sees those that are **active** for them: enabled, notified, not expired, and for
 * everyone or for a role they hold. Release alerts (type 'release') are announced by a popup
 * and listed on /allreleases; the others show in the bar below the header. Closing one, or
 * reading it, is remembered on the server, so it stays closed on every device.
 */

const { alerts, alertTypes, alertViews, alertsVersion, users } = schema;

export const SEVERITIES = ["critical", "warning", "information", "info", "success"] as const;
export type AlertSeverity = (typeof SEVERITIES)[number];
/** Critical shows as error, information or info as info. */
export function barSeverity(severity: string): BarSeverity {
  if (severity === "warning" || severity === "success") return severity;
  if (severity === "information" || severity === "info") return "info";
  // Any other severity shows as error.
  return "error";
}
// The bar shows the most severe first.
const SEVERITY_RANK: Record<BarSeverity, number> = { error: 0, warning: 1, info: 2, success: 3 };

export const RELEASE = "release";
/** Popup durations (ms) and the alert list's size (docs/product.md). */
export const DEFAULT_POPUP_DURATION = 3000;
export const MULTI_RELEASE_POPUP_DURATION = 30_000;
export const ALERT_LIST_LIMIT = 1000;

export interface AlertInput {
  alertType: string;
  title: string;
  summary: string;
  content: string;
  audienceRoles: string[];
  severity: AlertSeverity;
  tags: string[];
  popupDuration: number;
  notifyDate: Date;
  expireDate: Date;
  requestedBy: string;
  isEnabled: boolean;
}

export interface Alert extends AlertInput {
  alertId: number;
  createdAt: Date;
  updatedAt: Date;
}

/** An alert as members read it: its content already rendered. */
export interface PublishedAlert {
  alertId: number;
  alertType: string;
  title: string;
  summary: string;
  contentHtml: string;
  audienceRoles: string[];
  severity: BarSeverity;
  tags: string[];
  popupDuration: number;
  notifyDate: string;
  expireDate: string;
  updatedAt: string;
}

const columns = {
  alertId: alerts.id,
  alertType: alerts.alertType,
  title: alerts.title,
  summary: alerts.summary,
  content: alerts.content,
  audienceRoles: alerts.audienceRoles,
  severity: alerts.severity,
  tags: alerts.tags,
  popupDuration: alerts.popupDuration,
  notifyDate: alerts.notifyDate,
  expireDate: alerts.expireDate,
  requestedBy: alerts.requestedBy,
  isEnabled: alerts.isEnabled,
  createdAt: alerts.createdAt,
  updatedAt: alerts.updatedAt,
};

type AlertRow = Omit<Alert, "severity"> & { severity: string };
const asAlert = (row: AlertRow): Alert => ({ ...row, severity: row.severity as AlertSeverity });

// ---- Staff ------------------------------------------------------------------------------

export interface AlertType {
  name: string;
  label: string;
}

/** The types the staff page offers (API: getalerttypes). */
export async function listAlertTypes(db?: Db): Promise<AlertType[]> {
  db ??= await getDb();
  return db
    .select({ name: alertTypes.name, label: alertTypes.label })
    .from(alertTypes)
    .orderBy(asc(alertTypes.sortOrder), asc(alertTypes.name));
}

/** Every alert, by title, 1000 at most. */
export async function listAlerts(db?: Db): Promise<Alert[]> {
  return selectAlerts({}, db ?? (await getDb()));
}

/** The orders a list of alerts may have, by the API's names (orderBy=updated_date). */
export const ALERT_ORDERS = [
  "title",
  "alert_type",
  "severity",
  "notify_date",
  "expire_date",
  "created_date",
  "updated_date",
] as const;
export type AlertOrder = (typeof ALERT_ORDERS)[number];
export interface AlertListOptions {
  size?: number;
  from?: number;
  orderBy?: AlertOrder;
  sortOrder?: "asc" | "desc";
}

const ORDER_SQL: Record<AlertOrder, SQL> = {
  title: sql`lower(${alerts.title})`,
  alert_type: sql`${alerts.alertType}`,
  severity: sql`${alerts.severity}`,
  notify_date: sql`${alerts.notifyDate}`,
  expire_date: sql`${alerts.expireDate}`,
  created_date: sql`${alerts.createdAt}`,
  updated_date: sql`${alerts.updatedAt}`,
};

async function selectAlerts(options: AlertListOptions, db: Db): Promise<Alert[]> {
  const { orderBy = "title", sortOrder = "asc" } = options;
  const direction = sql.raw(sortOrder === "desc" ? "DESC" : "ASC");
  const rows = await db
    .select(columns)
    .from(alerts)
    .orderBy(sql`${ORDER_SQL[orderBy]} ${direction}`, asc(alerts.id))
    .limit(Math.min(options.size ?? ALERT_LIST_LIMIT, ALERT_LIST_LIMIT))
    .offset(options.from ?? 0);
  return rows.map(asAlert);
}

/** A page of every alert (API: getalerts {size, from, orderBy}), and how many there are. */
export async function listAlertsPage(
  options: AlertListOptions,
  db?: Db,
): Promise<{ alerts: Alert[]; total: number }> {
  db ??= await getDb();
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(alerts);
  return { alerts: await selectAlerts(options, db), total };
}

/** The alerts of `ids` that exist, in the order of `ids`. */
export async function alertsByIds(ids: number[], db?: Db): Promise<Alert[]> {
  if (!ids.length) return [];
  db ??= await getDb();
  const rows = await db.select(columns).from(alerts).where(inArray(alerts.id, ids));
  const byId = new Map(rows.map((row) => [row.alertId, asAlert(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getAlert(alertId: number, db?: Db): Promise<Alert | null> {
  db ??= await getDb();
  const [row] = await db.select(columns).from(alerts).where(eq(alerts.id, alertId));
  return row ? asAlert(row) : null;
}

export async function createAlert(input: AlertInput, userId: number, db?: Db): Promise<number> {
  db ??= await getDb();
  const [row] = await db
    .insert(alerts)
    .values({ ...input, createdBy: userId, updatedBy: userId })
    .returning({ id: alerts.id });
  return row.id;
}

/** Saves an edit; false when the alert is gone. */
export async function updateAlert(
  alertId: number,
  input: AlertInput,
  userId: number,
  db?: Db,
): Promise<boolean> {
  db ??= await getDb();
  const rows = await db
    .update(alerts)
    .set({ ...input, updatedBy: userId, updatedAt: new Date() })
    .where(eq(alerts.id, alertId))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

export async function setAlertEnabled(
  alertId: number,
  isEnabled: boolean,
  userId: number,
  db?: Db,
): Promise<boolean> {
  db ??= await getDb();
  const rows = await db
    .update(alerts)
    .set({ isEnabled, updatedBy: userId, updatedAt: new Date() })
    .where(eq(alerts.id, alertId))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** Enables or disables an alert: its new state, or null when it is gone. */
export async function toggleAlertEnabled(
  alertId: number,
  userId: number,
  db?: Db,
): Promise<boolean | null> {
  db ??= await getDb();
  const [row] = await db
    .update(alerts)
    .set({ isEnabled: sql`NOT ${alerts.isEnabled}`, updatedBy: userId, updatedAt: new Date() })
    .where(eq(alerts.id, alertId))
    .returning({ isEnabled: alerts.isEnabled });
  return row ? row.isEnabled : null;
}

export async function deleteAlert(alertId: number, db?: Db): Promise<boolean> {
  db ??= await getDb();
  const rows = await db.delete(alerts).where(eq(alerts.id, alertId)).returning({ id: alerts.id });
  return rows.length > 0;
}

// ---- What members see -------------------------------------------------------------------

/**
 * Read with the session, in the root's one statement (see pageColumns): the alerts' version,
 * so that each process answers from memory while no alert has changed, and the alerts this
 * user has closed or read.
 */
export const alertColumns = {
  alertsVersion: sql<number>`(SELECT ${alertsVersion.version}::int FROM ${alertsVersion}
    WHERE ${alertsVersion.id} = 1)`,
  viewedAlerts: sql<number[]>`(SELECT coalesce(array_agg(${alertViews.alertId}), '{}')
    FROM ${alertViews} WHERE ${alertViews.userId} = ${users.id})`,
};

// The enabled alerts as last read in this process, by database and version.
let cached: { db: Db; version: number; alerts: PublishedAlert[] } | undefined;

/** The enabled alerts, rendered: from memory while `version` (alertsVersion, just read) is unchanged. */
export async function enabledAlerts(version?: number | null): Promise<PublishedAlert[]> {
  const db = await getDb();
  if (cached?.db === db && typeof version === "number" && cached.version === version)
    return cached.alerts;
  const iso = (column: PgColumn) =>
    sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  // The version's one row, with each enabled alert (none: one row, its alert null).
  const rows = await db
    .select({
      alert: {
        id: alerts.id,
        alertType: alerts.alertType,
        title: alerts.title,
        summary: alerts.summary,
        content: alerts.content,
        audienceRoles: alerts.audienceRoles,
        severity: alerts.severity,
        tags: alerts.tags,
        popupDuration: alerts.popupDuration,
        notifyDate: iso(alerts.notifyDate),
        expireDate: iso(alerts.expireDate),
        updatedAt: iso(alerts.updatedAt),
      },
      version: sql<number>`${alertsVersion.version}::int`,
    })
    .from(alertsVersion)
    .leftJoin(alerts, sql`${alerts.isEnabled}`)
    .where(eq(alertsVersion.id, 1));
  const list = rows.flatMap(({ alert }) =>
    alert
      ? [
          {
            alertId: alert.id,
            alertType: alert.alertType,
            title: alert.title,
            summary: alert.summary,
            contentHtml: renderMarkdown(alert.content),
            audienceRoles: alert.audienceRoles,
            severity: barSeverity(alert.severity),
            tags: alert.tags,
            popupDuration: alert.popupDuration,
            notifyDate: alert.notifyDate,
            expireDate: alert.expireDate,
            updatedAt: alert.updatedAt,
          },
        ]
      : [],
  );
  cached = { db, version: rows[0]?.version ?? 0, alerts: list };
  return list;
}

/** For this user: enabled, notified, and for everyone or a role they hold (expired or not). */
export function isVisible(alert: PublishedAlert, roles: readonly string[], now = Date.now()) {
  return (
    Date.parse(alert.notifyDate) <= now &&
    (alert.audienceRoles.length === 0 || hasAnyRole(roles, alert.audienceRoles))
  );
}

/** Visible and not yet expired: what the bar, the popup and the badge count. */
export function isActive(alert: PublishedAlert, roles: readonly string[], now = Date.now()) {
  return isVisible(alert, roles, now) && Date.parse(alert.expireDate) > now;
}

const newestFirst = (a: PublishedAlert, b: PublishedAlert) =>
  b.notifyDate.localeCompare(a.notifyDate) || b.alertId - a.alertId;

export interface PageAlerts {
  /** The bar's alerts not closed by this user: the most severe, then the newest, first. */
  bar: PublishedAlert[];
  /** New release alerts (active, not yet seen): the popup. */
  releases: PublishedAlert[];
  /** Active alerts not closed, of every type: counted in the avatar's badge. */
  unseenCount: number;
}

/** What the root shows a signed-in user (from memory, given the session read's columns). */
export async function pageAlerts(
  roles: readonly string[],
  known: { alertsVersion: number | null; viewedAlerts: number[] | null },
): Promise<PageAlerts> {
  const viewed = new Set(known.viewedAlerts ?? []);
  const now = Date.now();
  const unseen = (await enabledAlerts(known.alertsVersion)).filter(
    (alert) => isActive(alert, roles, now) && !viewed.has(alert.alertId),
  );
  return {
    bar: unseen
      .filter((alert) => alert.alertType !== RELEASE)
      .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || newestFirst(a, b)),
    releases: unseen.filter((alert) => alert.alertType === RELEASE).sort(newestFirst),
    unseenCount: unseen.length,
  };
}

/** The user's active alerts, closed or not, most severe and newest first (the /alerts page). */
export async function activeAlertsFor(roles: readonly string[]): Promise<PublishedAlert[]> {
  const now = Date.now();
  return (await enabledAlerts())
    .filter((alert) => isActive(alert, roles, now))
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || newestFirst(a, b));
}

/** One alert this user may read; null for an unknown id or one not meant for them. */
export async function visibleAlert(
  alertId: number,
  roles: readonly string[],
): Promise<PublishedAlert | null> {
  const alert = (await enabledAlerts()).find((candidate) => candidate.alertId === alertId);
  return alert && isVisible(alert, roles) ? alert : null;
}

/**
 * The release alerts this user may read, newest update first (updated_date descending).
 * A release stays listed after it expires: it is history.
 */
export async function releasesFor(
  roles: readonly string[],
  version?: number | null,
): Promise<PublishedAlert[]> {
  return alertsOfTypeFor(RELEASE, roles, {}, version);
}

/** The orders a member's list by type may have: what a published alert carries. */
export const PUBLISHED_ALERT_ORDERS = [
  "title",
  "alert_type",
  "notify_date",
  "expire_date",
  "updated_date",
] as const satisfies readonly AlertOrder[];
export type PublishedAlertOrder = (typeof PUBLISHED_ALERT_ORDERS)[number];
const PUBLISHED_ORDER: Record<PublishedAlertOrder, (alert: PublishedAlert) => string> = {
  title: (alert) => alert.title.toLowerCase(),
  alert_type: (alert) => alert.alertType,
  notify_date: (alert) => alert.notifyDate,
  expire_date: (alert) => alert.expireDate,
  updated_date: (alert) => alert.updatedAt,
};

/**
 * The alerts of a type this user may read, expired ones too, as releasesFor lists releases
 * (API: getalertsbyalerttype, by default updated_date descending).
 */
export async function alertsOfTypeFor(
  alertType: string,
  roles: readonly string[],
  order: { orderBy?: PublishedAlertOrder; sortOrder?: "asc" | "desc" } = {},
  /** The alerts' version as this request read it (alertColumns): answered from memory while unchanged. */
  version?: number | null,
): Promise<PublishedAlert[]> {
  const now = Date.now();
  const key = PUBLISHED_ORDER[order.orderBy ?? "updated_date"];
  const sign = (order.sortOrder ?? "desc") === "desc" ? -1 : 1;
  return (await enabledAlerts(version))
    .filter((alert) => alert.alertType === alertType && isVisible(alert, roles, now))
    .sort((a, b) => sign * (key(a).localeCompare(key(b)) || a.alertId - b.alertId));
}

/** The ids of the alerts this user has closed or read. */
export async function viewedAlertIds(userId: number, db?: Db): Promise<number[]> {
  db ??= await getDb();
  const rows = await db
    .select({ alertId: alertViews.alertId })
    .from(alertViews)
    .where(eq(alertViews.userId, userId));
  return rows.map((row) => row.alertId);
}

/**
 * Remembers that the user closed or read these alerts. Only alerts they may see are marked:
 * a guessed id marks nothing.
 */
export async function markAlertsViewed(
  userId: number,
  roles: readonly string[],
  alertIds: number[],
  db?: Db,
): Promise<number> {
  const visible = new Set(
    (await enabledAlerts()).filter((a) => isVisible(a, roles)).map((a) => a.alertId),
  );
  const ids = [...new Set(alertIds)].filter((id) => visible.has(id));
  if (ids.length === 0) return 0;
  db ??= await getDb();
  await db
    .insert(alertViews)
    .values(ids.map((alertId) => ({ userId, alertId })))
    .onConflictDoNothing();
  return ids.length;
}

/**
 * Viewed marks are kept while the alert's expireDate is within the last day.
 * The scheduled jobs delete the older ones.
 */
export async function pruneAlertViews(db?: Db): Promise<number> {
  db ??= await getDb();
  // DELETE … USING, which the builder does not write.
  const rows = await queryRows<Pick<typeof alertViews.$inferSelect, "userId">>(
    db,
    sql`DELETE FROM ${alertViews} USING ${alerts}
         WHERE ${alerts.id} = ${alertViews.alertId} AND ${alerts.expireDate} < now() - interval '1 day'
        RETURNING ${alertViews.userId} AS "userId"`,
  );
  return rows.length;
}

// ---- The staff form ---------------------------------------------------------------------

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
/** A datetime-local value, read as UTC (the page says so beside the field). */
const utcDateTime = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .regex(DATE_TIME, `Enter the ${what} as a date and time, for example 2026-12-01 09:00`)
    .transform((value, context) => {
      const date = new Date(`${value.length === 16 ? `${value}:00` : value}Z`);
      if (Number.isNaN(date.getTime())) {
        context.addIssue({ code: "custom", message: `Enter a real ${what}` });
        return z.NEVER;
      }
      return date;
    });

const TAG_MAX = 40;
const TAGS_MAX = 20;

/** The alert form, checked on the server; `types` are the alert types the page offers. */
export function alertSchema(types: readonly string[]) {
  return z
    .object({
      title: z
        .string({ error: "Enter a title" })
        .trim()
        .min(1, "Enter a title")
        .max(200, "The title must be 200 characters or fewer"),
      summary: z
        .string({ error: "Enter a summary" })
        .trim()
        .min(1, "Enter a summary")
        .max(500, "The summary must be 500 characters or fewer"),
      content: z
        .string()
        .trim()
        .max(20_000, "The content must be 20,000 characters or fewer")
        .default(""),
      alertType: z
        .string({ error: "Choose a type" })
        .refine((value) => types.includes(value), "Choose a type from the list"),
      audienceRoles: z
        .array(z.enum(ROLES, { error: "Choose audience roles from the list" }))
        .default([])
        .transform((roles) => [...new Set(roles)]),
      severity: z.enum(SEVERITIES, { error: "Choose a severity" }),
      tags: z
        .string()
        .default("")
        .transform((value) =>
          value
            .split(",")
            .map((tag) => tag.trim())
            .filter(Boolean),
        )
        .pipe(
          z
            .array(z.string().max(TAG_MAX, `Each tag must be ${TAG_MAX} characters or fewer`))
            .max(TAGS_MAX, `Give ${TAGS_MAX} tags or fewer`),
        ),
      popupDuration: z.coerce
        .number({ error: "Enter the popup duration in milliseconds, for example 3000" })
        .int("Enter the popup duration as a whole number of milliseconds")
        .min(1000, "The popup duration must be at least 1000 milliseconds (1 second)")
        .max(600_000, "The popup duration must be at most 600000 milliseconds (10 minutes)"),
      notifyDate: utcDateTime("notify date"),
      expireDate: utcDateTime("expire date"),
      requestedBy: z
        .string()
        .trim()
        .max(120, "Requested by must be 120 characters or fewer")
        .default(""),
      isEnabled: z
        .literal("on")
        .optional()
        .transform((value) => value === "on"),
    })
    .superRefine((value, context) => {
      if (value.expireDate <= value.notifyDate)
        context.addIssue({
          code: "custom",
          path: ["expireDate"],
          message: "The expire date must be after the notify date",
        });
    });
}

/** A stored date as a datetime-local value (UTC). */
export function toDateTimeLocal(date: Date | string): string {
  return new Date(date).toISOString().slice(0, 16);
}

/** An alert's state as the staff's list names it: Disabled, Scheduled, Expired or Showing. */
export function alertState(
  alert: { isEnabled: boolean; notifyDate: Date; expireDate: Date },
  now: number,
): "Disabled" | "Scheduled" | "Expired" | "Showing" {
  if (!alert.isEnabled) return "Disabled";
  if (alert.notifyDate.getTime() > now) return "Scheduled";
  if (alert.expireDate.getTime() <= now) return "Expired";
  return "Showing";
}

export type { BarSeverity };
