/**
 * Website alerts ("Alerts"): members read the alerts meant for them as /alerts,
 * /alerts/{id}, /allreleases and /releases/{id} do; holders of websitealerts keep them as
 * /dashboard/alerts does. An alert is checked by the dashboard form's schema, so the API
 * refuses what the form refuses, in the same words. Content is Markdown, sent base64 of UTF-8
 * both ways (docs/product.md).
 */
import { z } from "zod";
import { ApiError } from "~/api/errors.server";
import { type AnyOperation, defineOperation, fieldErrors } from "~/api/operation.server";
import { base64Text, toBase64 } from "~/api/operations/faq-glossary.server";
import { alertFormValues } from "~/pages/alert-form.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { can, normaliseRole } from "~/lib/roles";
import {
  ALERT_LIST_LIMIT,
  ALERT_ORDERS,
  type Alert,
  activeAlertsFor,
  alertSchema,
  alertsByIds,
  alertsOfTypeFor,
  createAlert,
  DEFAULT_POPUP_DURATION,
  deleteAlert,
  getAlert,
  isActive,
  listAlertsPage,
  listAlertTypes,
  markAlertsViewed,
  PUBLISHED_ALERT_ORDERS,
  RELEASE,
  SEVERITIES,
  toggleAlertEnabled,
  updateAlert,
  viewedAlertIds,
  visibleAlert,
} from "~/models/alerts.server";
import type { User } from "~/models/users.server";

const GROUP = "Alerts";
const isAlertStaff = (user: User) => can(user.roles, "manageAlerts");

/** The token's user: always there for a call that needs a token (the wrapper checked it). */
function signedIn(user: User | null): User {
  if (!user) throw new ApiError("TOKEN_NOT_FOUND");
  return user;
}

// ---- Schemas ------------------------------------------------------------------------------

const alertIdQuery = z.object({
  alertId: z.coerce
    .number({ error: "Give the alertId, a whole number" })
    .int("Give the alertId, a whole number")
    .positive("Give the alertId, a whole number")
    .max(2_147_483_647, "No alert has this alertId"),
});

const dateTime = z.iso.datetime();

export const alertItem = z
  .object({
    alertId: z.number().int(),
    alertType: z.string().meta({ description: "A name from getalerttypes, such as release." }),
    title: z.string(),
    summary: z.string(),
    content: z.string().meta({
      description: "The content, as Markdown. Base64 of UTF-8 text.",
      contentEncoding: "base64",
    }),
    contentHtml: z.string().meta({
      description: "The content as the website shows it: Markdown rendered to safe HTML.",
    }),
    audienceRoles: z
      .array(z.string())
      .meta({ description: "Empty: everyone. Otherwise holders of any of these roles." }),
    severity: z.enum(SEVERITIES).meta({
      description:
        "As stored; shown as error (critical), warning, info (information, info), success.",
    }),
    tags: z.array(z.string()),
    popupDuration: z.number().int().meta({ description: "Milliseconds." }),
    notifyDate: dateTime,
    expireDate: dateTime,
    notifyExpireDateRange: z.tuple([dateTime, dateTime]).meta({
      description: "notifyDate and expireDate together.",
    }),
    isEnabled: z.boolean(),
    requestedBy: z.string().optional().meta({ description: "Holders of websitealerts only." }),
    createdDate: dateTime.optional().meta({ description: "Holders of websitealerts only." }),
    updatedDate: dateTime,
    viewed: z.boolean().meta({
      description:
        "Whether the token's user had closed or read this alert before this call (kept on the server, for every device).",
    }),
  })
  .meta({ id: "Alert" });
type AlertItem = z.output<typeof alertItem>;

function toApiAlert(
  alert: Alert,
  options: { staff: boolean; viewed: ReadonlySet<number>; contentHtml?: string },
): AlertItem {
  const notifyDate = alert.notifyDate.toISOString();
  const expireDate = alert.expireDate.toISOString();
  return {
    alertId: alert.alertId,
    alertType: alert.alertType,
    title: alert.title,
    summary: alert.summary,
    content: toBase64(alert.content),
    contentHtml: options.contentHtml ?? renderMarkdown(alert.content),
    audienceRoles: alert.audienceRoles,
    severity: alert.severity,
    tags: alert.tags,
    popupDuration: alert.popupDuration,
    notifyDate,
    expireDate,
    notifyExpireDateRange: [notifyDate, expireDate],
    isEnabled: alert.isEnabled,
    ...(options.staff
      ? { requestedBy: alert.requestedBy, createdDate: alert.createdAt.toISOString() }
      : {}),
    updatedDate: alert.updatedAt.toISOString(),
    viewed: options.viewed.has(alert.alertId),
  };
}

const viewedBy = async (user: User) => new Set(await viewedAlertIds(user.id));

const alertList = z
  .object({ alerts: z.array(alertItem), totalCount: z.number().int() })
  .meta({ id: "AlertList" });

/** The form's date and time, read as UTC; an ISO date-time with a zone is turned into one. */
function asFormDateTime(value: string | undefined) {
  if (value === undefined) return undefined;
  const iso = z.iso.datetime({ offset: true }).safeParse(value.trim());
  return iso.success ? new Date(iso.data).toISOString().slice(0, 19) : value;
}

const NO_COMMA = "A tag cannot contain a comma";

/** An alert's fields as JSON; a field not sent takes the form's value (see createalert, updatealert). */
const alertFields = {
  alertType: z.string().optional().meta({ description: "A name from getalerttypes." }),
  title: z.string().optional().meta({ description: "Cannot be blank. At most 200 characters." }),
  summary: z.string().optional().meta({ description: "Cannot be blank. At most 500 characters." }),
  content: base64Text(
    z.string(),
    "The content, as Markdown, at most 20,000 characters.",
  ).optional(),
  audienceRoles: z.array(z.string()).optional().meta({
    description: "Roles (admin, editor, reportadmin, websitealerts); empty for everyone.",
  }),
  severity: z
    .string()
    .optional()
    // Written as the other enums are ("asc" | "desc"); sent in any letter case.
    .meta({
      description: `${SEVERITIES.map((value) => JSON.stringify(value)).join(" | ")}, in any letter case.`,
    }),
  tags: z
    .array(z.string().refine((tag) => !tag.includes(","), NO_COMMA))
    .optional()
    .meta({ description: "At most 20, each at most 40 characters." }),
  popupDuration: z.number().optional().meta({ description: "Milliseconds, 1000 to 600000." }),
  notifyDate: z.string().optional().meta({
    description:
      "From when it shows: an ISO date-time (2026-12-01T09:00:00Z), or without a zone, read as UTC.",
  }),
  expireDate: z.string().optional().meta({ description: "Until when: after notifyDate." }),
  notifyExpireDateRange: z.tuple([z.string(), z.string()]).optional().meta({
    description: "notifyDate and expireDate together; each one sent on its own wins.",
  }),
  requestedBy: z.string().optional().meta({ description: "At most 120 characters." }),
  isEnabled: z.boolean().optional(),
};
type AlertFields = z.output<z.ZodObject<typeof alertFields>>;

const blank = <T>(value: T) => (typeof value === "string" && !value.trim() ? undefined : value);

/**
 * Checks an alert as the form does: the form's values (the alert's own, or a new alert's
 * defaults) with what was sent in their place, through the form's schema. Blank text counts as
 * not given, as conform reads a blank field.
 */
async function checkedAlert(start: Alert | null, sent: AlertFields) {
  const values: Record<string, unknown> = alertFormValues(start);
  const [rangeNotify, rangeExpire] = sent.notifyExpireDateRange ?? [];
  const given: Record<string, unknown> = {
    alertType: sent.alertType,
    title: sent.title,
    summary: sent.summary,
    content: sent.content,
    audienceRoles: sent.audienceRoles?.map(normaliseRole),
    severity: sent.severity?.trim().toLowerCase(),
    tags: sent.tags?.join(","),
    popupDuration: sent.popupDuration,
    notifyDate: asFormDateTime(sent.notifyDate ?? rangeNotify),
    expireDate: asFormDateTime(sent.expireDate ?? rangeExpire),
    requestedBy: sent.requestedBy,
  };
  for (const [name, value] of Object.entries(given)) if (value !== undefined) values[name] = value;
  if (sent.isEnabled !== undefined) values.isEnabled = sent.isEnabled ? "on" : undefined;
  const types = (await listAlertTypes()).map((type) => type.name);
  const parsed = alertSchema(types).safeParse(
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, blank(value)])),
  );
  if (!parsed.success)
    throw new ApiError("VALIDATION_FAILED", undefined, {
      errors: fieldErrors(parsed.error, "body"),
    });
  return parsed.data;
}

const exampleAlert = {
  alertType: "maintenance",
  title: "Planned maintenance on Saturday",
  summary: "The service may be unavailable for up to an hour from 07:00 UTC.",
  content: toBase64("We are moving the database to a larger server.\n\n- **When:** 07:00 UTC"),
  audienceRoles: [],
  severity: "warning",
  tags: ["maintenance"],
  popupDuration: DEFAULT_POPUP_DURATION,
  notifyDate: "2026-12-01T09:00:00Z",
  expireDate: "2026-12-08T09:00:00Z",
  requestedBy: "Product team",
  isEnabled: true,
};

// ---- What members read --------------------------------------------------------------------

export const getAlertsByAlertType = defineOperation({
  id: "getAlertsByAlertType",
  method: "POST",
  path: "/alerts/getalertsbyalerttype",
  group: GROUP,
  summary:
    "The alerts of a type that the user may read, expired ones too (a release stays listed: it is history), newest update first by default. As opening /allreleases does, the active ones listed then count as seen (their popup does not come back); each item's viewed says whether it had been before.",
  access: "user",
  page: "/allreleases",
  query: z.object({
    alertType: z.string().trim().min(1).max(100).default(RELEASE),
    size: z.coerce.number().int().min(0).max(ALERT_LIST_LIMIT).default(ALERT_LIST_LIMIT),
    from: z.coerce.number().int().min(0).default(0),
    orderBy: z.enum(PUBLISHED_ALERT_ORDERS).default("updated_date"),
    sortOrder: z.enum(["asc", "desc"]).default("desc"),
  }),
  response: alertList,
  example: {
    query: {
      alertType: "release",
      size: "1000",
      from: "0",
      orderBy: "updated_date",
      sortOrder: "desc",
    },
  },
  async handle({ user: caller, query }) {
    const user = signedIn(caller);
    const types = (await listAlertTypes()).map((type) => type.name);
    if (!types.includes(query.alertType))
      throw new ApiError("VALIDATION_FAILED", undefined, {
        errors: { "query.alertType": ["Choose a type from the list"] },
      });
    const published = await alertsOfTypeFor(query.alertType, user.roles, query);
    const shown = published.slice(query.from, query.from + query.size);
    const html = new Map(shown.map((alert) => [alert.alertId, alert.contentHtml]));
    const viewed = await viewedBy(user);
    const staff = isAlertStaff(user);
    const alerts = (await alertsByIds(shown.map((alert) => alert.alertId))).map((alert) =>
      toApiAlert(alert, { staff, viewed, contentHtml: html.get(alert.alertId) }),
    );
    const now = Date.now();
    await markAlertsViewed(
      user.id,
      user.roles,
      shown.filter((alert) => isActive(alert, user.roles, now)).map((alert) => alert.alertId),
    );
    return { alerts, totalCount: published.length };
  },
});

export const getAlertById = defineOperation({
  id: "getAlert",
  method: "POST",
  path: "/alerts/getalert",
  group: GROUP,
  summary:
    "One alert the user may read (enabled, notified, for everyone or a role they hold; expired ones too), as on /alerts/{alertId}: reading it closes it in the bar, on every device. Holders of websitealerts read any alert, as on /dashboard/alerts/{alertId}, with requestedBy and createdDate. NOT_FOUND otherwise, whatever the id.",
  access: "user",
  page: "/alerts/$alertId",
  query: alertIdQuery,
  response: alertItem,
  errors: ["NOT_FOUND"],
  example: { query: { alertId: "1" } },
  async handle({ user: caller, query }) {
    const user = signedIn(caller);
    const staff = isAlertStaff(user);
    const published = staff ? null : await visibleAlert(query.alertId, user.roles);
    const [alert] = staff || published ? await alertsByIds([query.alertId]) : [];
    if (!alert) throw new ApiError("NOT_FOUND");
    const viewed = await viewedBy(user);
    // Marks only what the user may see: a disabled alert read by staff stays as it was.
    await markAlertsViewed(user.id, user.roles, [alert.alertId]);
    return toApiAlert(alert, { staff, viewed, contentHtml: published?.contentHtml });
  },
});

const barSeverities = ["error", "warning", "info", "success"] as const;

export const getActiveAlerts = defineOperation({
  id: "getActiveAlerts",
  method: "POST",
  path: "/alerts/getactivealerts",
  group: GROUP,
  summary:
    "The alerts active for the user now (enabled, notified, not expired, for everyone or a role they hold), closed or not, as /alerts lists them: the most severe, then the newest, first. Each as the bar shows it: severity, message and url; viewed says whether the user has closed or read it.",
  access: "user",
  page: "/alerts",
  response: z
    .object({
      activeAlerts: z.array(
        z
          .object({
            alertId: z.number().int(),
            alertType: z.string(),
            severity: z.enum(barSeverities).meta({
              description: "As the bar shows it: critical is error, information is info.",
            }),
            message: z.string().meta({ description: "The alert's title." }),
            summary: z.string(),
            url: z.string().meta({ description: "The alert's page on the website." }),
            notifyDate: dateTime,
            expireDate: dateTime,
            viewed: z.boolean(),
          })
          .meta({ id: "ActiveAlert" }),
      ),
    })
    .meta({ id: "ActiveAlerts" }),
  async handle({ user: caller }) {
    const user = signedIn(caller);
    const viewed = await viewedBy(user);
    const alerts = await activeAlertsFor(user.roles);
    return {
      activeAlerts: alerts.map((alert) => ({
        alertId: alert.alertId,
        alertType: alert.alertType,
        severity: alert.severity,
        message: alert.title,
        summary: alert.summary,
        url:
          alert.alertType === RELEASE ? `/releases/${alert.alertId}` : `/alerts/${alert.alertId}`,
        notifyDate: alert.notifyDate,
        expireDate: alert.expireDate,
        viewed: viewed.has(alert.alertId),
      })),
    };
  },
});

// ---- What staff keep ----------------------------------------------------------------------

export const getAlerts = defineOperation({
  id: "getAlerts",
  method: "POST",
  path: "/alerts/getalerts",
  group: GROUP,
  summary:
    "Every alert, enabled or not, past and scheduled (the staff's list), by title unless orderBy says otherwise.",
  access: "manageAlerts",
  page: "/dashboard/alerts",
  body: z
    .object({
      size: z.number().int().min(0).max(ALERT_LIST_LIMIT).default(ALERT_LIST_LIMIT),
      from: z.number().int().min(0).default(0),
      orderBy: z.enum(ALERT_ORDERS).default("title"),
      sortOrder: z
        .enum(["asc", "desc"])
        .default("asc")
        .meta({ description: "Ascending by default." }),
    })
    .prefault({}),
  response: alertList,
  example: { body: { size: 1000, from: 0, orderBy: "title" } },
  async handle({ user: caller, body }) {
    const user = signedIn(caller);
    const { alerts, total } = await listAlertsPage(body);
    const viewed = await viewedBy(user);
    return {
      alerts: alerts.map((alert) => toApiAlert(alert, { staff: true, viewed })),
      totalCount: total,
    };
  },
});

export const getAlertTypes = defineOperation({
  id: "getAlertTypes",
  method: "POST",
  path: "/alerts/getalerttypes",
  group: GROUP,
  summary: "The alert types the form offers, in its order: name (sent as alertType) and label.",
  access: "manageAlerts",
  page: "/dashboard/alerts/new",
  response: z
    .object({ alertTypes: z.array(z.object({ name: z.string(), label: z.string() })) })
    .meta({ id: "AlertTypes" }),
  async handle() {
    return { alertTypes: await listAlertTypes() };
  },
});

export const createAlertOperation = defineOperation({
  id: "createAlert",
  method: "POST",
  path: "/alerts/createalert",
  group: GROUP,
  summary:
    "Adds an alert, checked as the dashboard's form checks it (the same messages). A field not sent takes the new-alert form's value: severity information, popupDuration 3000, from now for 30 days, enabled.",
  access: "manageAlerts",
  page: "/dashboard/alerts/new",
  body: z
    .object(alertFields)
    .meta({ id: "AlertInput", "x-required": ["alertType", "title", "summary"] }),
  response: alertItem,
  status: 201,
  example: { body: exampleAlert },
  async handle({ user: caller, body }) {
    const user = signedIn(caller);
    const input = await checkedAlert(null, body);
    const alert = await getAlert(await createAlert(input, user.id));
    if (!alert) throw new ApiError("NOT_FOUND");
    return toApiAlert(alert, { staff: true, viewed: await viewedBy(user) });
  },
});

export const updateAlertOperation = defineOperation({
  id: "updateAlert",
  method: "POST",
  path: "/alerts/updatealert",
  group: GROUP,
  summary:
    "Saves an alert, checked as the edit form checks it. A field not sent keeps its value, as the edit form starts from the alert's values.",
  access: "manageAlerts",
  page: "/dashboard/alerts/$alertId",
  body: z
    .object({ alertId: z.number().int().positive().max(2_147_483_647), ...alertFields })
    .meta({ id: "AlertUpdate" }),
  response: alertItem,
  errors: ["NOT_FOUND"],
  example: { body: { alertId: 1, summary: "Now from 08:00 UTC.", isEnabled: true } },
  async handle({ user: caller, body }) {
    const user = signedIn(caller);
    const { alertId, ...sent } = body;
    const current = await getAlert(alertId);
    if (!current) throw new ApiError("NOT_FOUND");
    const input = await checkedAlert(current, sent);
    if (!(await updateAlert(alertId, input, user.id))) throw new ApiError("NOT_FOUND");
    const alert = await getAlert(alertId);
    if (!alert) throw new ApiError("NOT_FOUND");
    return toApiAlert(alert, { staff: true, viewed: await viewedBy(user) });
  },
});

export const deleteAlertOperation = defineOperation({
  id: "deleteAlert",
  method: "POST",
  path: "/alerts/deletealert",
  group: GROUP,
  summary: "Deletes an alert, with every member's mark of having read it.",
  access: "manageAlerts",
  page: "/dashboard/alerts/$alertId/delete",
  query: alertIdQuery,
  response: z
    .object({
      responseCode: z.literal("SUCCESS"),
      message: z.string(),
      alertId: z.number().int(),
    })
    .meta({ id: "AlertDeleted" }),
  errors: ["NOT_FOUND"],
  example: { query: { alertId: "1" } },
  async handle({ query }) {
    const alert = await getAlert(query.alertId);
    if (!alert || !(await deleteAlert(alert.alertId))) throw new ApiError("NOT_FOUND");
    return {
      responseCode: "SUCCESS" as const,
      message: `Alert "${alert.title}" deleted.`,
      alertId: alert.alertId,
    };
  },
});

export const enableAlert = defineOperation({
  id: "enableAlert",
  method: "POST",
  path: "/alerts/enablealert",
  group: GROUP,
  summary:
    "Enables a disabled alert or disables an enabled one; answers the alert with its new isEnabled.",
  access: "manageAlerts",
  page: "/dashboard/alerts",
  query: alertIdQuery,
  response: alertItem,
  errors: ["NOT_FOUND"],
  example: { query: { alertId: "1" } },
  async handle({ user: caller, query }) {
    const user = signedIn(caller);
    const enabled = await toggleAlertEnabled(query.alertId, user.id);
    const alert = enabled === null ? null : await getAlert(query.alertId);
    if (!alert) throw new ApiError("NOT_FOUND");
    return toApiAlert(alert, { staff: true, viewed: await viewedBy(user) });
  },
});

export const alertOperations: AnyOperation[] = [
  getAlerts,
  getAlertTypes,
  getAlertsByAlertType,
  getAlertById,
  getActiveAlerts,
  createAlertOperation,
  updateAlertOperation,
  deleteAlertOperation,
  enableAlert,
];
