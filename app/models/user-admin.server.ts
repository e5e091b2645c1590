import dayjs from "dayjs";
import { eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { type Db, getDb, queryRows, schema } from "~/db/client.server";
import { can, ROLES, USER_ADMIN_ROLE } from "~/lib/roles";
import { required } from "~/lib/required";
import { audit } from "./accounts.server";
import { enrolInNotifications, leaveNotifications } from "./notifications.server";
import { getSiteSettings } from "./settings.server";
import { twoStepStatus } from "./two-step.server";
import type { User } from "./users.server";

// ---------------------------------------------------------------- the user list

/** The list request: size, from (here a page), orderBy, sortOrder, deleted, suspended. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
// firstName: the API's default list order (first_name); the page's columns sort by the others.
export const USER_ORDERS = ["name", "firstName", "email", "created", "lastSignIn"] as const;
export const REPORT_ORDERS = [
  ...USER_ORDERS,
  "signIns",
  "searches",
  "views",
  "exports",
  "downloads",
] as const;
export const DELETED_FILTERS = ["exclude", "only", "include"] as const;
export const SUSPENDED_FILTERS = ["include", "only", "exclude"] as const;

const pick = <T extends readonly string[]>(values: T, fallback: T[number]) =>
  z
    .string()
    .optional()
    .transform((value): T[number] =>
      (values as readonly string[]).includes(value ?? "") ? (value as T[number]) : fallback,
    );

/** The list's query string, read leniently: an unknown value falls back to its default. */
function listQuerySchema<T extends readonly string[]>(orders: T, defaultOrder: T[number]) {
  return z.object({
    q: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim().slice(0, 200)),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    size: z.coerce
      .number()
      .catch(25)
      .transform((value) => ((PAGE_SIZES as readonly number[]).includes(value) ? value : 25)),
    orderBy: pick(orders, defaultOrder),
    sortOrder: pick(["asc", "desc"] as const, "asc"),
    deleted: pick(DELETED_FILTERS, "exclude"),
    suspended: pick(SUSPENDED_FILTERS, "include"),
  });
}

export const userListQuerySchema = listQuerySchema(USER_ORDERS, "name");
export type UserListQuery = z.infer<typeof userListQuerySchema> & {
  /** Rows to skip, in place of the page (the JSON API's From). */
  offset?: number;
};

/** The LIMIT and OFFSET of a list query: its offset when given, else its page. */
function pagingOf(query: Pick<UserListQuery, "size" | "page" | "offset">) {
  return sql`LIMIT ${query.size} OFFSET ${query.offset ?? (query.page - 1) * query.size}`;
}

export function readUserListQuery(params: URLSearchParams): UserListQuery {
  return userListQuerySchema.parse(Object.fromEntries(params));
}

export interface UserRow {
  id: number;
  name: string;
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  roles: string[];
  createdAt: string;
  lastSignInAt: string | null;
  suspended: boolean;
  deleted: boolean;
  emailNotifications: boolean;
}

interface RawUserRow {
  id: number;
  first_name: string;
  middle_name: string;
  last_name: string;
  email: string;
  roles: string[];
  created_at: string;
  last_sign_in_at: string | null;
  suspended: boolean;
  deleted: boolean;
  email_notifications: boolean;
}

const iso = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const userSelect = sql`u.id, u.first_name, u.middle_name, u.last_name, u.email,
  coalesce((SELECT array_agg(r.name ORDER BY r.name) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
  ${iso(sql`u.created_at`)} AS created_at,
  CASE WHEN u.last_sign_in_at IS NULL THEN NULL ELSE ${iso(sql`u.last_sign_in_at`)} END AS last_sign_in_at,
  u.suspended_at IS NOT NULL AS suspended, u.deleted_at IS NOT NULL AS deleted,
  coalesce(p.email_notifications, false) AS email_notifications`;

function toUserRow(row: RawUserRow): UserRow {
  return {
    id: row.id,
    name: [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(" "),
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    email: row.email,
    roles: row.roles,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    suspended: row.suspended,
    deleted: row.deleted,
    emailNotifications: row.email_notifications,
  };
}

function whereOf(query: Pick<UserListQuery, "q" | "deleted" | "suspended">) {
  const conditions: SQL[] = [sql`true`];
  if (query.deleted === "exclude") conditions.push(sql`u.deleted_at IS NULL`);
  if (query.deleted === "only") conditions.push(sql`u.deleted_at IS NOT NULL`);
  if (query.suspended === "exclude") conditions.push(sql`u.suspended_at IS NULL`);
  if (query.suspended === "only") conditions.push(sql`u.suspended_at IS NOT NULL`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(u.email ILIKE ${like} OR concat_ws(' ', u.first_name, u.middle_name, u.last_name) ILIKE ${like})`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

// A list of keys, each sorted in the chosen direction (a direction after "a, b" sorts only b).
const USER_ORDER_SQL: Record<(typeof USER_ORDERS)[number], SQL | SQL[]> = {
  name: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  firstName: [sql`lower(u.first_name)`, sql`lower(u.last_name)`],
  email: sql`lower(u.email)`,
  created: sql`u.created_at`,
  lastSignIn: sql`u.last_sign_in_at`,
};

function orderOf(order: SQL | SQL[], direction: "asc" | "desc") {
  // Never-signed-in users (and other blanks) sort last in either direction.
  const way = direction === "desc" ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  const keys = (Array.isArray(order) ? order : [order]).map((key) => sql`${key} ${way}`);
  return sql`${sql.join(keys, sql`, `)}, u.id`;
}

export async function listUsers(
  query: UserListQuery,
  db?: Db,
): Promise<{ users: UserRow[]; total: number }> {
  db ??= await getDb();
  const where = whereOf(query);
  const [{ total }] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM users u WHERE ${where}`,
  );
  const rows = await queryRows<RawUserRow>(
    db,
    sql`SELECT ${userSelect} FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id
         WHERE ${where} ORDER BY ${orderOf(USER_ORDER_SQL[query.orderBy], query.sortOrder)}
         ${pagingOf(query)}`,
  );
  return { users: rows.map(toUserRow), total };
}

export async function getUserRow(userId: number, db?: Db): Promise<UserRow | null> {
  db ??= await getDb();
  const [row] = await queryRows<RawUserRow>(
    db,
    sql`SELECT ${userSelect} FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id WHERE u.id = ${userId}`,
  );
  return row ? toUserRow(row) : null;
}

export interface AuditEntry {
  id: number;
  action: string;
  detail: string;
  actor: string | null;
  at: string;
}

/** The account's change history, newest first. */
export async function auditTrail(userId: number, db?: Db): Promise<AuditEntry[]> {
  db ??= await getDb();
  const rows = await queryRows<{
    id: number;
    action: string;
    detail: string;
    actor: string | null;
    at: string;
  }>(
    db,
    sql`SELECT a.id::int AS id, a.action, a.detail, ${iso(sql`a.created_at`)} AS at,
               CASE WHEN x.id IS NULL THEN NULL ELSE concat_ws(' ', x.first_name, nullif(x.middle_name, ''), x.last_name) || ' (' || x.email || ')' END AS actor
          FROM user_audit a LEFT JOIN users x ON x.id = a.actor_id
         WHERE a.user_id = ${userId} ORDER BY a.created_at DESC, a.id DESC LIMIT 200`,
  );
  return rows;
}

// ---------------------------------------------------------------- roles

export interface RoleRow {
  roleId: number;
  name: string;
}

/** The roles table: each role with the id the JSON API addresses it by. */
export async function listRoles(db?: Db): Promise<RoleRow[]> {
  db ??= await getDb();
  return queryRows<RoleRow>(db, sql`SELECT id AS "roleId", name FROM roles ORDER BY id`);
}

// ---------------------------------------------------------------- the actions

export const USER_INTENTS = [
  "suspend",
  "activate",
  "delete",
  "undelete",
  "assignRole",
  "revokeRole",
  "notificationsOn",
  "notificationsOff",
] as const;

export const userActionSchema = z.object({
  intent: z.enum(USER_INTENTS, { error: "Choose an action" }),
  role: z.enum(ROLES).optional(),
});
export type UserAction = z.infer<typeof userActionSchema>;

/** Refusals an admin gets for their own account: no locking yourself out. */
export const SELF_REFUSALS: Partial<Record<UserAction["intent"], string>> = {
  suspend: "You cannot suspend your own account.",
  delete: "You cannot delete your own account.",
};
export const SELF_REVOKE_ADMIN = "You cannot remove the admin role from your own account.";

export class UserActionRefused extends Error {}

/**
 * Applies one change to an account, records who made it, and answers the message for the
 * page. Suspending or deleting ends the user's sessions in the same transaction, so they
 * are signed out at once.
 */
export async function applyUserAction(
  actor: User,
  userId: number,
  action: UserAction,
): Promise<string> {
  const db = await getDb();
  if (actor.id === userId) {
    const refusal = SELF_REFUSALS[action.intent];
    if (refusal) throw new UserActionRefused(refusal);
    if (action.intent === "revokeRole" && action.role === USER_ADMIN_ROLE)
      throw new UserActionRefused(SELF_REVOKE_ADMIN);
  }
  if ((action.intent === "assignRole" || action.intent === "revokeRole") && !action.role)
    throw new UserActionRefused("Choose a role.");
  // Read before the transaction: on the embedded database it holds the only connection.
  const staffTwoStep =
    action.intent === "assignRole" && (await getSiteSettings()).requireStaffTwoStep;
  return db.transaction(async (tx) => {
    const target = await getUserRow(userId, tx);
    if (!target) throw new UserActionRefused("There is no such user.");
    const record = (what: string, detail = "") =>
      audit(tx, { userId, actorId: actor.id, action: what, detail });
    // Sessions and the JSON API's tokens alike.
    const endSessions = async () => {
      await tx.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
      await tx.delete(schema.apiTokens).where(eq(schema.apiTokens.userId, userId));
    };
    const who = `${target.name} (${target.email})`;
    switch (action.intent) {
      case "suspend":
        if (target.suspended) return `${who} is already suspended.`;
        await tx.execute(
          sql`UPDATE users SET suspended_at = now(), updated_at = now() WHERE id = ${userId}`,
        );
        await endSessions();
        await record("Suspended", "Signed out of every session");
        return `${who} has been suspended and signed out.`;
      case "activate":
        if (!target.suspended) return `${who} is already active.`;
        await tx.execute(
          sql`UPDATE users SET suspended_at = NULL, updated_at = now() WHERE id = ${userId}`,
        );
        await record("Activated");
        return `${who} has been activated.`;
      case "delete":
        if (target.deleted) return `${who} is already deleted.`;
        await tx.execute(
          sql`UPDATE users SET deleted_at = now(), updated_at = now() WHERE id = ${userId}`,
        );
        await endSessions();
        await record("Deleted", "Soft delete: history kept; signed out of every session");
        return `${who} has been deleted. Their history is kept, and Undelete restores the account.`;
      case "undelete":
        if (!target.deleted) return `${who} is not deleted.`;
        await tx.execute(
          sql`UPDATE users SET deleted_at = NULL, updated_at = now() WHERE id = ${userId}`,
        );
        await record("Undeleted");
        return `${who} has been undeleted.`;
      case "assignRole": {
        const role = required(action.role, "role (checked above)");
        if (target.roles.includes(role)) return `${who} already has the ${role} role.`;
        await tx.execute(
          sql`INSERT INTO user_roles (user_id, role_id) SELECT ${userId}, id FROM roles WHERE name = ${role} ON CONFLICT DO NOTHING`,
        );
        // Roles are read with every request, so the new one works in the user's live sessions
        // and tokens at once. So would the staff's rule of two-step sign-in, if they had it: a
        // member made staff without it is signed out, and sets it up at the next sign-in.
        const mustEnrol =
          !can(target.roles, "staff") && staffTwoStep && !(await twoStepStatus(userId, tx)).enabled;
        if (mustEnrol) {
          await endSessions();
          await record("Role assigned", `${role}; signed out to set up two-step sign-in`);
          return `The ${role} role has been assigned to ${who}. Staff must use two-step sign-in, which they have not set up: they have been signed out, and set it up when they next sign in.`;
        }
        await record("Role assigned", role);
        return `The ${role} role has been assigned to ${who}.`;
      }
      case "revokeRole": {
        const role = required(action.role, "role (checked above)");
        if (!target.roles.includes(role)) return `${who} does not have the ${role} role.`;
        await tx.execute(
          sql`DELETE FROM user_roles WHERE user_id = ${userId} AND role_id = (SELECT id FROM roles WHERE name = ${role})`,
        );
        await record("Role revoked", role);
        return `The ${role} role has been revoked from ${who}.`;
      }
      case "notificationsOn": {
        if (target.emailNotifications) return `Email notifications are already on for ${who}.`;
        const outcome = await enrolInNotifications(userId, "daily", tx);
        if (outcome !== "ENROLL_NOTIFICATION_SUCCESS")
          throw new UserActionRefused(
            "Email notifications can only be turned on for an active account.",
          );
        await record("Email notifications turned on", "Daily digest");
        return `Email notifications have been turned on for ${who}.`;
      }
      case "notificationsOff":
        if (!target.emailNotifications) return `Email notifications are already off for ${who}.`;
        await leaveNotifications(userId, tx);
        await record("Email notifications turned off");
        return `Email notifications have been turned off for ${who}.`;
    }
  });
}

// ---------------------------------------------------------------- user reports

export const reportQuerySchema = listQuerySchema(REPORT_ORDERS, "name").extend({
  from: z.string().optional(),
  to: z.string().optional(),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string) =>
  DATE.test(value) && dayjs(value).isValid() && dayjs(value).format("YYYY-MM-DD") === value;

export type ReportQuery = Omit<z.infer<typeof reportQuerySchema>, "from" | "to"> & {
  from: string;
  to: string;
  /** Rows to skip, in place of the page (the JSON API's From). */
  offset?: number;
};

export interface ReportErrors {
  from?: string;
  to?: string;
}

/** The report's query with its date range (default: the last 30 days), or what is wrong with the dates. */
export function readReportQuery(
  params: URLSearchParams,
  today = new Date().toISOString().slice(0, 10),
): { query: ReportQuery; errors: ReportErrors; typed: { from: string; to: string } } {
  const raw = reportQuerySchema.parse(Object.fromEntries(params));
  const typed = { from: (raw.from ?? "").trim(), to: (raw.to ?? "").trim() };
  const errors: ReportErrors = {};
  const from = typed.from || dayjs(today).subtract(29, "day").format("YYYY-MM-DD");
  const to = typed.to || today;
  if (!validDate(from)) errors.from = "The start date must be a real date, like 2026-01-31";
  if (!validDate(to)) errors.to = "The end date must be a real date, like 2026-01-31";
  if (!errors.from && !errors.to && from > to)
    errors.to = "The end date must be the same as or after the start date";
  return {
    query: { ...raw, from, to },
    errors,
    typed: { from: typed.from || from, to: typed.to || to },
  };
}

export interface ReportRow extends UserRow {
  signIns: number;
  searches: number;
  views: number;
  exports: number;
  downloads: number;
}

const REPORT_ORDER_SQL: Record<(typeof REPORT_ORDERS)[number], SQL | SQL[]> = {
  ...USER_ORDER_SQL,
  signIns: sql`sign_ins`,
  searches: sql`searches`,
  views: sql`views`,
  exports: sql`exports`,
  downloads: sql`downloads`,
};

/**
 * Per user, the sign-ins, searches, record views, exports and HIR downloads in the date range (whole
 * days, UTC, both ends included), from the user-activity records. Paged unless `all`.
 */
export async function userReport(
  query: ReportQuery,
  options: { all?: boolean } = {},
  db?: Db,
): Promise<{ rows: ReportRow[]; total: number; totals: Omit<ReportRow, keyof UserRow> }> {
  db ??= await getDb();
  const where = whereOf(query);
  const start = `${query.from}T00:00:00Z`;
  const end = `${dayjs(query.to).add(1, "day").format("YYYY-MM-DD")}T00:00:00Z`;
  const counted = sql`SELECT user_id,
        count(*) FILTER (WHERE activity_type = 'signin')::int AS sign_ins,
        count(*) FILTER (WHERE activity_type = 'search')::int AS searches,
        count(*) FILTER (WHERE activity_type = 'view')::int AS views,
        count(*) FILTER (WHERE activity_type = 'export')::int AS exports,
        count(*) FILTER (WHERE activity_type = 'download')::int AS downloads
      FROM user_activity WHERE created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz GROUP BY user_id`;
  // One pass: the counts are made once, and the window sums give the totals of every
  // matching user, before the page is cut.
  const paging = options.all ? sql`` : pagingOf(query);
  type Row = RawUserRow & {
    sign_ins: number;
    searches: number;
    views: number;
    exports: number;
    downloads: number;
  };
  type Totals = {
    total_users: number;
    total_sign_ins: number;
    total_searches: number;
    total_views: number;
    total_exports: number;
    total_downloads: number;
  };
  const rows = await queryRows<Row & Totals>(
    db,
    sql`SELECT ${userSelect}, coalesce(c.sign_ins, 0) AS sign_ins, coalesce(c.searches, 0) AS searches,
               coalesce(c.views, 0) AS views, coalesce(c.exports, 0) AS exports, coalesce(c.downloads, 0) AS downloads,
               count(*) OVER ()::int AS total_users,
               coalesce(sum(c.sign_ins) OVER (), 0)::int AS total_sign_ins, coalesce(sum(c.searches) OVER (), 0)::int AS total_searches,
               coalesce(sum(c.views) OVER (), 0)::int AS total_views, coalesce(sum(c.exports) OVER (), 0)::int AS total_exports,
               coalesce(sum(c.downloads) OVER (), 0)::int AS total_downloads
          FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id LEFT JOIN (${counted}) c ON c.user_id = u.id
         WHERE ${where} ORDER BY ${orderOf(REPORT_ORDER_SQL[query.orderBy], query.sortOrder)} ${paging}`,
  );
  let totals: Totals | undefined = rows[0];
  if (!totals) {
    // A page past the end: the totals still describe the whole report.
    [totals] = await queryRows<Totals>(
      db,
      sql`SELECT count(*)::int AS total_users, coalesce(sum(c.sign_ins), 0)::int AS total_sign_ins, coalesce(sum(c.searches), 0)::int AS total_searches,
                 coalesce(sum(c.views), 0)::int AS total_views, coalesce(sum(c.exports), 0)::int AS total_exports,
                 coalesce(sum(c.downloads), 0)::int AS total_downloads
            FROM users u LEFT JOIN (${counted}) c ON c.user_id = u.id WHERE ${where}`,
    );
  }
  return {
    rows: rows.map((row) => ({
      ...toUserRow(row),
      signIns: row.sign_ins,
      searches: row.searches,
      views: row.views,
      exports: row.exports,
      downloads: row.downloads,
    })),
    total: totals.total_users,
    totals: {
      signIns: totals.total_sign_ins,
      searches: totals.total_searches,
      views: totals.total_views,
      exports: totals.total_exports,
      downloads: totals.total_downloads,
    },
  };
}

// ---------------------------------------------------------------- the report over time

export const ACTIVITY_MEASURES = ["signIns", "searches", "views", "exports", "downloads"] as const;
export type ActivityMeasure = (typeof ACTIVITY_MEASURES)[number];
export type ActivityCounts = Record<ActivityMeasure, number>;

/**
 * How the report's chart cuts its range: a day each up to 62 days, a week each (from the first
 * day of the range) up to a year, a calendar month each up to five years, else a year each,
 * so a chart never has more than about 60 points.
 */
export type ActivityPeriod = "day" | "week" | "month" | "year";

export function periodOf(from: string, to: string): ActivityPeriod {
  const days = dayjs(to).diff(dayjs(from), "day") + 1;
  if (days <= 62) return "day";
  if (days <= 366) return "week";
  if (days <= 1830) return "month";
  return "year";
}

export interface ActivityBin extends ActivityCounts {
  /** The bin's first day in the range (YYYY-MM-DD) and its last. */
  start: string;
  end: string;
}

/**
 * The report's activity over its range, summed over the users its filters match: one bin
 * per period (periodOf), empty ones included. The bins add up to the report's totals.
 */
export async function userReportSeries(
  query: ReportQuery,
  db?: Db,
): Promise<{ period: ActivityPeriod; bins: ActivityBin[] }> {
  db ??= await getDb();
  const start = `${query.from}T00:00:00Z`;
  const end = `${dayjs(query.to).add(1, "day").format("YYYY-MM-DD")}T00:00:00Z`;
  const rows = await queryRows<{
    day: string;
    sign_ins: number;
    searches: number;
    views: number;
    exports: number;
    downloads: number;
  }>(
    db,
    sql`SELECT to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
               count(*) FILTER (WHERE a.activity_type = 'signin')::int AS sign_ins,
               count(*) FILTER (WHERE a.activity_type = 'search')::int AS searches,
               count(*) FILTER (WHERE a.activity_type = 'view')::int AS views,
               count(*) FILTER (WHERE a.activity_type = 'export')::int AS exports,
               count(*) FILTER (WHERE a.activity_type = 'download')::int AS downloads
          FROM user_activity a JOIN users u ON u.id = a.user_id
         WHERE a.created_at >= ${start}::timestamptz AND a.created_at < ${end}::timestamptz AND ${whereOf(query)}
         GROUP BY 1`,
  );
  const period = periodOf(query.from, query.to);
  const bins: ActivityBin[] = [];
  const last = dayjs(query.to);
  for (let at = dayjs(query.from); !at.isAfter(last); ) {
    const next =
      period === "day"
        ? at.add(1, "day")
        : period === "week"
          ? at.add(7, "day")
          : at.startOf(period).add(1, period);
    const binEnd = next.subtract(1, "day").isAfter(last) ? last : next.subtract(1, "day");
    bins.push({
      start: at.format("YYYY-MM-DD"),
      end: binEnd.format("YYYY-MM-DD"),
      signIns: 0,
      searches: 0,
      views: 0,
      exports: 0,
      downloads: 0,
    });
    at = next;
  }
  for (const row of rows) {
    // Bins are in order and cover the range without gaps: the last one starting on or before the day.
    let low = 0;
    let high = bins.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (bins[mid].start <= row.day) low = mid;
      else high = mid - 1;
    }
    const bin = bins[low];
    bin.signIns += row.sign_ins;
    bin.searches += row.searches;
    bin.views += row.views;
    bin.exports += row.exports;
    bin.downloads += row.downloads;
  }
  return { period, bins };
}

/** The report as CSV rows: a header, one row per user, the totals, and the range it covers. */
export function reportCsvRows(
  query: ReportQuery,
  report: Awaited<ReturnType<typeof userReport>>,
): (string | number)[][] {
  return [
    [
      "Name",
      "Email",
      "Roles",
      "Status",
      "Sign-ins",
      "Searches",
      "Record views",
      "Exports",
      "HIR downloads",
      "Last sign-in (UTC)",
      "From",
      "To",
    ],
    ...report.rows.map((row) => [
      row.name,
      row.email,
      row.roles.join("; "),
      row.deleted
        ? row.suspended
          ? "Deleted, suspended"
          : "Deleted"
        : row.suspended
          ? "Suspended"
          : "Active",
      row.signIns,
      row.searches,
      row.views,
      row.exports,
      row.downloads,
      row.lastSignInAt ?? "",
      query.from,
      query.to,
    ]),
    [
      "Total",
      "",
      "",
      "",
      report.totals.signIns,
      report.totals.searches,
      report.totals.views,
      report.totals.exports,
      report.totals.downloads,
      "",
      query.from,
      query.to,
    ],
  ];
}
