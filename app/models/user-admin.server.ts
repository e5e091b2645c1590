import dayjs from "dayjs";
import {
  and,
  type AnyColumn,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { z } from "zod";
import { type Db, getDb, schema } from "~/db/client.server";
import { can, ROLES, USER_ADMIN_ROLE } from "~/lib/roles";
import { required } from "~/lib/required";
import { audit } from "./accounts.server";
import { enrolInNotifications, leaveNotifications } from "./notifications.server";
import { getSiteSettings } from "./settings.server";
import { twoStepStatus } from "./two-step.server";
import { type User, userColumns } from "./users.server";

const { roles, userActivity, userAudit, userPreferences, userRoles, users } = schema;

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

/** The rows to skip for a list query: its offset when given, else its page's. */
function offsetOf(query: Pick<UserListQuery, "size" | "page" | "offset">) {
  return query.offset ?? (query.page - 1) * query.size;
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

/** A timestamp as the pages show it: ISO 8601 in UTC, to the second. */
const iso = (column: AnyColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A user's row in the lists, from users joined with user_preferences (left join). */
const userRowColumns = {
  id: users.id,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  email: users.email,
  roles: userColumns.roles,
  createdAt: iso(users.createdAt),
  lastSignInAt: sql<
    string | null
  >`CASE WHEN ${users.lastSignInAt} IS NULL THEN NULL ELSE ${iso(users.lastSignInAt)} END`,
  suspended: sql<boolean>`${users.suspendedAt} IS NOT NULL`,
  deleted: sql<boolean>`${users.deletedAt} IS NOT NULL`,
  emailNotifications: sql<boolean>`coalesce(${userPreferences.emailNotifications}, false)`,
};

function toUserRow(row: SelectResultFields<typeof userRowColumns>): UserRow {
  return {
    id: row.id,
    name: [row.firstName, row.middleName, row.lastName].filter(Boolean).join(" "),
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    email: row.email,
    roles: row.roles,
    createdAt: row.createdAt,
    lastSignInAt: row.lastSignInAt,
    suspended: row.suspended,
    deleted: row.deleted,
    emailNotifications: row.emailNotifications,
  };
}

/** The users a list query matches, as a condition on users (none when it matches all). */
function whereOf(query: Pick<UserListQuery, "q" | "deleted" | "suspended">) {
  const conditions: (SQL | undefined)[] = [];
  if (query.deleted === "exclude") conditions.push(isNull(users.deletedAt));
  if (query.deleted === "only") conditions.push(isNotNull(users.deletedAt));
  if (query.suspended === "exclude") conditions.push(isNull(users.suspendedAt));
  if (query.suspended === "only") conditions.push(isNotNull(users.suspendedAt));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const names = sql`concat_ws(' ', ${users.firstName}, ${users.middleName}, ${users.lastName})`;
    conditions.push(or(ilike(users.email, like), ilike(names, like)));
  }
  return and(...conditions);
}

// A list of keys, each sorted in the chosen direction (a direction after "a, b" sorts only b).
const USER_ORDER_SQL: Record<(typeof USER_ORDERS)[number], SQL | SQL[]> = {
  name: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  firstName: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
  email: sql`lower(${users.email})`,
  created: sql`${users.createdAt}`,
  lastSignIn: sql`${users.lastSignInAt}`,
};

function orderOf(order: SQL | SQL[], direction: "asc" | "desc") {
  // Never-signed-in users (and other blanks) sort last in either direction.
  const way = direction === "desc" ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  const keys = (Array.isArray(order) ? order : [order]).map((key) => sql`${key} ${way}`);
  return sql`${sql.join(keys, sql`, `)}, ${users.id}`;
}

export async function listUsers(
  query: UserListQuery,
  db?: Db,
): Promise<{ users: UserRow[]; total: number }> {
  db ??= await getDb();
  const where = whereOf(query);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  const rows = await db
    .select(userRowColumns)
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(where)
    .orderBy(orderOf(USER_ORDER_SQL[query.orderBy], query.sortOrder))
    .limit(query.size)
    .offset(offsetOf(query));
  return { users: rows.map(toUserRow), total };
}

export async function getUserRow(userId: number, db?: Db): Promise<UserRow | null> {
  db ??= await getDb();
  const [row] = await db
    .select(userRowColumns)
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId));
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
  const actor = alias(users, "actor");
  return db
    .select({
      id: userAudit.id,
      action: userAudit.action,
      detail: userAudit.detail,
      at: iso(userAudit.createdAt),
      actor: sql<string | null>`CASE WHEN ${actor.id} IS NULL THEN NULL
        ELSE concat_ws(' ', ${actor.firstName}, nullif(${actor.middleName}, ''), ${actor.lastName}) || ' (' || ${actor.email} || ')' END`,
    })
    .from(userAudit)
    .leftJoin(actor, eq(actor.id, userAudit.actorId))
    .where(eq(userAudit.userId, userId))
    .orderBy(desc(userAudit.createdAt), desc(userAudit.id))
    .limit(200);
}

// ---------------------------------------------------------------- roles

export interface RoleRow {
  roleId: number;
  name: string;
}

/** The roles table: each role with the id the JSON API addresses it by. */
export async function listRoles(db?: Db): Promise<RoleRow[]> {
  db ??= await getDb();
  return db.select({ roleId: roles.id, name: roles.name }).from(roles).orderBy(roles.id);
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
        await tx
          .update(users)
          .set({ suspendedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        await endSessions();
        await record("Suspended", "Signed out of every session");
        return `${who} has been suspended and signed out.`;
      case "activate":
        if (!target.suspended) return `${who} is already active.`;
        await tx
          .update(users)
          .set({ suspendedAt: null, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        await record("Activated");
        return `${who} has been activated.`;
      case "delete":
        if (target.deleted) return `${who} is already deleted.`;
        await tx
          .update(users)
          .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        await endSessions();
        await record("Deleted", "Soft delete: history kept; signed out of every session");
        return `${who} has been deleted. Their history is kept, and Undelete restores the account.`;
      case "undelete":
        if (!target.deleted) return `${who} is not deleted.`;
        await tx
          .update(users)
          .set({ deletedAt: null, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        await record("Undeleted");
        return `${who} has been undeleted.`;
      case "assignRole": {
        const role = required(action.role, "role (checked above)");
        if (target.roles.includes(role)) return `${who} already has the ${role} role.`;
        await tx
          .insert(userRoles)
          .select(
            tx
              .select({ userId: sql<number>`${userId}`.as("user_id"), roleId: roles.id })
              .from(roles)
              .where(eq(roles.name, role)),
          )
          .onConflictDoNothing();
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
        await tx
          .delete(userRoles)
          .where(
            and(
              eq(userRoles.userId, userId),
              eq(
                userRoles.roleId,
                tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role)),
              ),
            ),
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

/** The user_activity rows of a type, in a statement that groups them. */
const countOf = (activityType: string) =>
  sql<number>`count(*) FILTER (WHERE ${userActivity.activityType} = ${activityType})::int`;

/** The activity behind each measure. */
const ACTIVITY_COUNTS: Record<ActivityMeasure, SQL<number>> = {
  signIns: countOf("signin"),
  searches: countOf("search"),
  views: countOf("view"),
  exports: countOf("export"),
  downloads: countOf("download"),
};

/** The report's range as a condition on user_activity: whole days, UTC, both ends included. */
function activityIn(query: Pick<ReportQuery, "from" | "to">) {
  const start = `${query.from}T00:00:00Z`;
  const end = `${dayjs(query.to).add(1, "day").format("YYYY-MM-DD")}T00:00:00Z`;
  return and(
    gte(userActivity.createdAt, sql`${start}::timestamptz`),
    lt(userActivity.createdAt, sql`${end}::timestamptz`),
  );
}

/** Each user's counts in the report's range, as the subquery "c" (users without any are absent). */
function countedActivity(db: Db, query: ReportQuery) {
  return db
    .select({
      userId: userActivity.userId,
      signIns: ACTIVITY_COUNTS.signIns.as("sign_ins"),
      searches: ACTIVITY_COUNTS.searches.as("searches"),
      views: ACTIVITY_COUNTS.views.as("views"),
      exports: ACTIVITY_COUNTS.exports.as("exports"),
      downloads: ACTIVITY_COUNTS.downloads.as("downloads"),
    })
    .from(userActivity)
    .where(activityIn(query))
    .groupBy(userActivity.userId)
    .as("c");
}

/** The report's totals over the matching users: window sums beside each row (`over`), or alone. */
function totalsOf(c: ReturnType<typeof countedActivity>, over: SQL) {
  return {
    totalUsers: sql<number>`count(*)${over}::int`,
    totalSignIns: sql<number>`coalesce(sum(${c.signIns})${over}, 0)::int`,
    totalSearches: sql<number>`coalesce(sum(${c.searches})${over}, 0)::int`,
    totalViews: sql<number>`coalesce(sum(${c.views})${over}, 0)::int`,
    totalExports: sql<number>`coalesce(sum(${c.exports})${over}, 0)::int`,
    totalDownloads: sql<number>`coalesce(sum(${c.downloads})${over}, 0)::int`,
  };
}

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
  const c = countedActivity(db, query);
  // A user without activity in the range counts 0 (and sorts as 0).
  const counts: Record<ActivityMeasure, SQL<number>> = {
    signIns: sql<number>`coalesce(${c.signIns}, 0)`,
    searches: sql<number>`coalesce(${c.searches}, 0)`,
    views: sql<number>`coalesce(${c.views}, 0)`,
    exports: sql<number>`coalesce(${c.exports}, 0)`,
    downloads: sql<number>`coalesce(${c.downloads}, 0)`,
  };
  const order: Record<(typeof REPORT_ORDERS)[number], SQL | SQL[]> = {
    ...USER_ORDER_SQL,
    ...counts,
  };
  // One pass: the counts are made once, and the window sums give the totals of every
  // matching user, before the page is cut.
  const report = db
    .select({ ...userRowColumns, ...counts, ...totalsOf(c, sql` OVER ()`) })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .leftJoin(c, eq(c.userId, users.id))
    .where(where)
    .orderBy(orderOf(order[query.orderBy], query.sortOrder))
    .$dynamic();
  const rows = await (options.all ? report : report.limit(query.size).offset(offsetOf(query)));
  let totals: SelectResultFields<ReturnType<typeof totalsOf>> | undefined = rows[0];
  if (!totals) {
    // A page past the end: the totals still describe the whole report.
    [totals] = await db
      .select(totalsOf(c, sql``))
      .from(users)
      .leftJoin(c, eq(c.userId, users.id))
      .where(where);
  }
  return {
    rows: rows.map((row) => ({
      ...toUserRow(row),
      signIns: row.signIns,
      searches: row.searches,
      views: row.views,
      exports: row.exports,
      downloads: row.downloads,
    })),
    total: totals.totalUsers,
    totals: {
      signIns: totals.totalSignIns,
      searches: totals.totalSearches,
      views: totals.totalViews,
      exports: totals.totalExports,
      downloads: totals.totalDownloads,
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
  const day = sql<string>`to_char(${userActivity.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, ...ACTIVITY_COUNTS })
    .from(userActivity)
    .innerJoin(users, eq(users.id, userActivity.userId))
    .where(and(activityIn(query), whereOf(query)))
    .groupBy(day);
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
    bin.signIns += row.signIns;
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
