/**
 * The JSON API's user calls ("Authentication and users", beside sign-in):
 * roles, invitations and registration, password resets, the user list and report, and an
 * admin's changes to an account. Each uses its page's model functions and access rule.
 */
import { z } from "zod";
import { ApiError } from "~/api/errors.server";
import { defineOperation, fieldErrors } from "~/api/operation.server";
import { formatDateTime } from "~/lib/dates";
import { displayName } from "~/lib/names";
import { PASSWORD_MESSAGES } from "~/lib/password-rules.server";
import { clientAddress } from "~/models/rate-limit.server";
import { currentRequest } from "~/lib/request-context.server";
import { required } from "~/lib/required";
import { type Role, ROLE_PURPOSE, ROLES } from "~/lib/roles";
import {
  changePasswordSchema,
  createInvitation,
  findInvitation,
  findPasswordReset,
  INVITATION_DAYS,
  type Invitation,
  type InvitationLookup,
  InvitationUnusableError,
  inviteSchema,
  RESET_MINUTES,
  registerFromInvitation,
  registerSchema,
  requestPasswordReset,
  ResetTokenInvalidError,
  resetPassword,
  resetRequestSchema,
  TOO_MANY_RESETS,
  withinResetRequestLimits,
} from "~/models/accounts.server";
import {
  applyUserAction,
  getUserRow,
  listRoles,
  listUsers,
  type ReportQuery,
  readReportQuery,
  type UserAction,
  UserActionRefused,
  type UserListQuery,
  type UserRow,
  userReport,
  userReportSeries,
} from "~/models/user-admin.server";
import { EmailTakenError, type User } from "~/models/users.server";
import { originOf } from "~/models/security-events.server";

const GROUP = "Authentication and users";
const USER_PAGE = "/dashboard/users/$userId";

const address = (request: Request) => currentRequest()?.clientAddress ?? clientAddress(request);
const signedIn = (user: User | null) => required(user, "signed-in user of a staff call");

const success = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ responseCode: z.literal("SUCCESS"), message: z.string(), ...shape });

// ---------------------------------------------------------------- schemas

const role = z
  .object({
    roleId: z.number().int(),
    name: z.string().meta({ description: "Lower-cased, as users' roles list it." }),
    description: z.string(),
  })
  .meta({ id: "UsersRole" });

const adminUser = z
  .object({
    userId: z.number().int(),
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    email: z.string(),
    roles: z
      .array(z.string())
      .meta({ description: "Role names, lower-cased; POST /api/auth/getroles gives their ids." }),
    createdDate: z.iso.datetime(),
    lastSignInDate: z.iso.datetime().nullable(),
    suspended: z.boolean(),
    deleted: z.boolean(),
    emailNotifications: z
      .boolean()
      .meta({ description: "Enrolled in the email of updated records." }),
  })
  .meta({ id: "UsersAdminUser" });

function toAdminUser(row: UserRow): z.infer<typeof adminUser> {
  return {
    userId: row.id,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    email: row.email,
    roles: row.roles,
    createdDate: row.createdAt,
    lastSignInDate: row.lastSignInAt,
    suspended: row.suspended,
    deleted: row.deleted,
    emailNotifications: row.emailNotifications,
  };
}

const invitedUser = z
  .object({
    firstName: z.string(),
    middleName: z.string(),
    lastName: z.string(),
    emailAddress: z.string(),
    expiresAt: z.iso.datetime().meta({ description: "When the invitation link stops working." }),
  })
  .meta({ id: "UsersInvitedUser" });

const toInvitedUser = (invitation: Invitation) => ({
  firstName: invitation.firstName,
  middleName: invitation.middleName,
  lastName: invitation.lastName,
  emailAddress: invitation.email,
  expiresAt: invitation.expiresAt,
});

/** The lists default to 10000 rows, by first_name, descending (docs/product.md). */
const LIST_ORDERS = {
  first_name: "firstName",
  last_name: "name",
  email: "email",
  created_date: "created",
  last_sign_in_date: "lastSignIn",
} as const satisfies Record<string, UserListQuery["orderBy"]>;
const REPORT_LIST_ORDERS = {
  ...LIST_ORDERS,
  sign_ins: "signIns",
  searches: "searches",
  views: "views",
  exports: "exports",
  downloads: "downloads",
} as const satisfies Record<string, ReportQuery["orderBy"]>;

const orderNames = <T extends Record<string, string>>(orders: T) =>
  Object.keys(orders) as [keyof T & string, ...(keyof T & string)[]];

// The earlier client sent booleans; "all" lists both, as the page's "include" does.
const STATUS_FILTER = { false: "exclude", true: "only", all: "include" } as const;
const statusFilter = (description: string) =>
  z.enum(["true", "false", "all"]).meta({ description });

const paging = {
  Size: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(10_000)
    .meta({ description: "How many users to answer (at most 10000)." }),
  From: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(0)
    .meta({ description: "How many users to skip." }),
  SortOrder: z.enum(["asc", "desc"]).default("desc"),
  Deleted: statusFilter(
    "false (the default): users not deleted; true: only deleted users; all: both.",
  ).default("false"),
  Suspended: statusFilter(
    "all (the default): suspended or not; true: only suspended users; false: only users not suspended.",
  ).default("all"),
};

const usersListQuery = z.object({
  ...paging,
  OrderBy: z.enum(orderNames(LIST_ORDERS)).default("first_name"),
});

const usersReportQuery = z.object({
  ...paging,
  OrderBy: z.enum(orderNames(REPORT_LIST_ORDERS)).default("first_name"),
  DateFrom: z.string().optional().meta({
    description: "The report's first day, YYYY-MM-DD (UTC); default 29 days before today.",
  }),
  DateTo: z
    .string()
    .optional()
    .meta({ description: "The report's last day, YYYY-MM-DD (UTC), included; default today." }),
});

/** The page's list query for the API's, but for its order: the window by From (an offset), not by page. */
function listWindowOf(query: z.infer<typeof usersListQuery> | z.infer<typeof usersReportQuery>) {
  return {
    q: "",
    page: 1,
    size: query.Size,
    offset: query.From,
    sortOrder: query.SortOrder,
    deleted: STATUS_FILTER[query.Deleted],
    suspended: STATUS_FILTER[query.Suspended],
  };
}

const usersListResponse = z
  .object({
    totalHits: z.number().int().meta({ description: "How many users match, on every page." }),
    size: z.number().int(),
    from: z.number().int(),
    users: z.array(adminUser),
  })
  .meta({ id: "UsersList" });

const counts = {
  signIns: z.number().int(),
  searches: z.number().int(),
  views: z.number().int().meta({ description: "Record views." }),
  exports: z.number().int(),
  downloads: z.number().int().meta({ description: "HIR downloads." }),
};

const usersReportResponse = z
  .object({
    totalHits: z.number().int(),
    size: z.number().int(),
    from: z.number().int(),
    dateFrom: z.iso.date(),
    dateTo: z.iso.date(),
    users: z.array(adminUser.extend(counts).meta({ id: "UsersReportUser" })),
    totals: z
      .object(counts)
      .meta({ description: "The sums over every matching user, not only this page." }),
    activity: z
      .object({
        period: z.enum(["day", "week", "month", "year"]),
        bins: z.array(z.object({ start: z.iso.date(), end: z.iso.date(), ...counts })),
      })
      .meta({
        description:
          "The matching users' activity over the range, as the page's charts show it: a bin per day up to 62 days, per week up to a year, per month up to five years, else per year.",
      }),
  })
  .meta({ id: "UsersReport" });

// Ids are PostgreSQL integers: a larger number is a malformed id, not an unknown one.
const id = () => z.coerce.number().int().positive().max(2_147_483_647);
const userIdQuery = z.object({ userId: id() });

const inviteBody = z.object({
  firstName: inviteSchema.shape.firstName,
  middleName: inviteSchema.shape.middleName,
  lastName: inviteSchema.shape.lastName,
  emailAddress: inviteSchema.shape.email,
});

const passwords = {
  password: z.string({ error: PASSWORD_MESSAGES.required }).meta({
    description: "At least 12 characters, not the email address, not a common password.",
  }),
  confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }),
};

const registerBody = z.object({
  invitationCode: z
    .string({ error: "Send the invitationCode of the invitation link" })
    .min(1, "Send the invitationCode of the invitation link"),
  firstName: inviteSchema.shape.firstName,
  middleName: inviteSchema.shape.middleName,
  lastName: inviteSchema.shape.lastName,
  ...passwords,
});

const resetBody = z.object({
  token: z
    .string({ error: "Send the token of the emailed reset link" })
    .min(1, "Send the token of the emailed reset link")
    .meta({ description: "The token of the emailed reset link (its ?token=)." }),
  ...passwords,
});

// ---------------------------------------------------------------- failures

/** An invitation that cannot be used, as the API's failure (the page's 404 or 410). */
function unusableInvitation(lookup: Exclude<InvitationLookup, { status: "valid" }>) {
  if (lookup.status === "unknown")
    return new ApiError("NOT_FOUND", undefined, { detail: "No invitation has this code." });
  return new ApiError("CONFLICT", undefined, {
    invitationStatus: lookup.status,
    detail:
      lookup.status === "used"
        ? "This invitation has already been used to create an account."
        : `This invitation expired on ${formatDateTime(lookup.invitation.expiresAt)}. Ask your administrator for a new one.`,
  });
}

const RESET_UNUSABLE = new ApiError("NOT_FOUND", undefined, {
  detail: `No usable reset token: it is not complete, was already used, or has expired (reset links last ${RESET_MINUTES} minutes).`,
});

/** The password rules, which need the account's email, checked after the token is known. */
function validPasswords<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new ApiError("VALIDATION_FAILED", undefined, {
      errors: fieldErrors(parsed.error, "body"),
    });
  return parsed.data;
}

async function targetUser(userId: number) {
  const row = await getUserRow(userId);
  if (!row) throw new ApiError("NOT_FOUND", undefined, { detail: "No user has this userId." });
  return row;
}

/** The page's change to an account, with its refusals as ACTION_REFUSED; then the account as it is. */
async function changeUser(admin: User, userId: number, action: UserAction) {
  let message: string;
  try {
    message = await applyUserAction(admin, userId, action);
  } catch (error) {
    if (error instanceof UserActionRefused)
      throw new ApiError("ACTION_REFUSED", undefined, { detail: error.message });
    throw error;
  }
  return { message, user: toAdminUser(await targetUser(userId)) };
}

const changeResponse = <const A extends readonly [string, ...string[]]>(id: string, actions: A) =>
  success({
    action: z.enum(actions).meta({ description: "Which of the two the call did." }),
    user: adminUser,
  }).meta({ id });

// ---------------------------------------------------------------- operations

export const getRoles = defineOperation({
  id: "getRoles",
  method: "POST",
  path: "/auth/getroles",
  group: GROUP,
  summary:
    "Lists the roles with their roleIds, which /api/auth/assignrevokeuserrole takes, and what each allows.",
  access: "manageUsers",
  page: USER_PAGE,
  response: z.object({ roles: z.array(role) }).meta({ id: "UsersRoleList" }),
  async handle() {
    const roles = await listRoles();
    return {
      roles: roles.map((row) => ({
        ...row,
        description: ROLE_PURPOSE[row.name as Role] ?? "",
      })),
    };
  },
});

export const inviteUser = defineOperation({
  id: "inviteUser",
  method: "POST",
  path: "/auth/inviteuser",
  group: GROUP,
  summary: `Emails an invitation: a link to /register that works once, for ${INVITATION_DAYS} days. A new invitation to the same address replaces an unused earlier one.`,
  access: "manageUsers",
  page: "/invite",
  body: inviteBody,
  response: success({ invitedUser }).meta({ id: "UsersInvitation" }),
  errors: ["CONFLICT"],
  example: {
    body: {
      firstName: "Sam",
      middleName: "",
      lastName: "Newcomer",
      emailAddress: "sam.newcomer@example.org",
    },
  },
  async handle({ user, body }) {
    const { emailAddress, ...names } = body;
    try {
      const invitation = await createInvitation(signedIn(user), { ...names, email: emailAddress });
      return {
        responseCode: "SUCCESS" as const,
        message: `Invitation sent to ${displayName(invitation)} (${invitation.email}). The link expires in ${INVITATION_DAYS} days.`,
        invitedUser: toInvitedUser(invitation),
      };
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      throw new ApiError("CONFLICT", undefined, {
        detail: "An account with this email already exists",
      });
    }
  },
});

export const getInvitedUser = defineOperation({
  id: "getInvitedUser",
  method: "GET",
  path: "/auth/registeruser",
  group: GROUP,
  summary:
    "The invited user of an invitation code (the invitationCode of the emailed /register link). No auth: the code is the permission. Unknown codes answer NOT_FOUND; used or expired ones CONFLICT, with invitationStatus.",
  access: "none",
  page: "/register",
  query: z.object({
    invitationCode: z
      .string({ error: "Send the invitationCode of the invitation link" })
      .min(1, "Send the invitationCode of the invitation link"),
  }),
  response: invitedUser,
  errors: ["NOT_FOUND", "CONFLICT"],
  example: { query: { invitationCode: "the-code-from-the-invitation-email" } },
  async handle({ query }) {
    const lookup = await findInvitation(query.invitationCode);
    if (lookup.status !== "valid") throw unusableInvitation(lookup);
    return toInvitedUser(lookup.invitation);
  },
});

export const registerUser = defineOperation({
  id: "registerUser",
  method: "POST",
  path: "/auth/registeruser",
  group: GROUP,
  summary:
    "Creates the invited user's account with their name and a password, as /register does; the code then stops working. No auth. Sign in afterwards with /api/auth/signin.",
  access: "none",
  page: "/register",
  body: registerBody,
  response: success({
    user: z.object({
      userId: z.number().int(),
      email: z.string(),
      firstName: z.string(),
      middleName: z.string(),
      lastName: z.string(),
    }),
  }).meta({ id: "UsersRegistration" }),
  errors: ["NOT_FOUND", "CONFLICT"],
  example: {
    body: {
      invitationCode: "the-code-from-the-invitation-email",
      firstName: "Sam",
      middleName: "",
      lastName: "Newcomer",
      password: "plum orchard tuesday lantern",
      confirmPassword: "plum orchard tuesday lantern",
    },
  },
  async handle({ body }) {
    const lookup = await findInvitation(body.invitationCode);
    if (lookup.status !== "valid") throw unusableInvitation(lookup);
    const input = validPasswords(registerSchema(lookup.invitation.email), body);
    let created: User;
    try {
      created = await registerFromInvitation(input);
    } catch (error) {
      if (error instanceof InvitationUnusableError) {
        const again = await findInvitation(body.invitationCode);
        throw unusableInvitation(
          again.status === "valid" ? { status: "used", invitation: again.invitation } : again,
        );
      }
      if (!(error instanceof EmailTakenError)) throw error;
      throw new ApiError("CONFLICT", undefined, {
        detail: "An account with this email already exists. Log in, or reset your password.",
      });
    }
    return {
      responseCode: "SUCCESS" as const,
      message: `Welcome, ${created.firstName}. Your account is ready: sign in with POST /api/auth/signin.`,
      user: {
        userId: created.id,
        email: created.email,
        firstName: created.firstName,
        middleName: created.middleName,
        lastName: created.lastName,
      },
    };
  },
});

export const resetUserPassword = defineOperation({
  id: "resetUserPassword",
  method: "POST",
  path: "/auth/resetuserpassword",
  group: GROUP,
  summary:
    "Sets a new password with the token of an emailed reset link, as /changepassword does: the token is spent, and every session and API token of the account ends. No auth. Sign in afterwards with /api/auth/signin.",
  access: "none",
  page: "/changepassword",
  body: resetBody,
  response: success({}).meta({ id: "UsersPasswordReset" }),
  errors: ["NOT_FOUND"],
  example: {
    body: {
      token: "the-token-from-the-reset-email",
      password: "plum orchard tuesday lantern",
      confirmPassword: "plum orchard tuesday lantern",
    },
  },
  async handle({ body, request }) {
    const lookup = await findPasswordReset(body.token);
    if (lookup.status !== "valid") throw RESET_UNUSABLE;
    const input = validPasswords(changePasswordSchema(lookup.email), body);
    try {
      await resetPassword(input.token, input.password, originOf(request));
    } catch (error) {
      if (error instanceof ResetTokenInvalidError) throw RESET_UNUSABLE;
      throw error;
    }
    return {
      responseCode: "SUCCESS" as const,
      message:
        "Your password has been changed. Every session and API token of the account has ended: sign in again.",
    };
  },
});

export const sendPasswordResetEmail = defineOperation({
  id: "sendPasswordResetEmail",
  method: "POST",
  path: "/auth/sendpasswordresetemail",
  group: GROUP,
  summary: `Emails a password reset link (it works once, for ${RESET_MINUTES} minutes) if an active account uses the address. No auth. The answer is the same whether or not one does; requests share /resetpassword's limits per address typed and per client.`,
  access: "none",
  page: "/resetpassword",
  body: resetRequestSchema,
  response: success({}).meta({ id: "UsersPasswordResetEmail" }),
  errors: ["TOO_MANY_ATTEMPTS"],
  example: { body: { email: "member@example.org" } },
  async handle({ body, request }) {
    const email = body.email.toLowerCase();
    if (!(await withinResetRequestLimits(email, address(request))))
      throw new ApiError("TOO_MANY_ATTEMPTS", undefined, { detail: TOO_MANY_RESETS });
    await requestPasswordReset(email);
    return {
      responseCode: "SUCCESS" as const,
      message:
        "If an account uses the address you entered, we have sent it an email with a link to reset the password.",
    };
  },
});

export const usersList = defineOperation({
  id: "usersList",
  method: "GET",
  path: "/auth/userslist",
  group: GROUP,
  summary:
    "The users, with their roles and status, a window of Size from From. Not deleted ones unless Deleted says so.",
  access: "manageUsers",
  page: "/dashboard/users",
  query: usersListQuery,
  response: usersListResponse,
  example: { query: { Size: "20", From: "0", OrderBy: "first_name", SortOrder: "asc" } },
  async handle({ query }) {
    const listQuery: UserListQuery = {
      ...listWindowOf(query),
      orderBy: LIST_ORDERS[query.OrderBy],
    };
    const { users, total } = await listUsers(listQuery);
    return { totalHits: total, size: query.Size, from: query.From, users: users.map(toAdminUser) };
  },
});

export const usersReport = defineOperation({
  id: "usersReport",
  method: "GET",
  path: "/report/usersreport",
  group: GROUP,
  summary:
    "Per user, the sign-ins, searches, record views, exports and HIR downloads between DateFrom and DateTo (whole UTC days, both included; default the last 30 days), with the totals and the activity over time. The user list's query otherwise, with the counts as further OrderBy values.",
  access: "readUserReports",
  page: "/dashboard/userreports",
  query: usersReportQuery,
  response: usersReportResponse,
  example: {
    query: { Size: "20", From: "0", OrderBy: "searches", SortOrder: "desc" },
  },
  async handle({ query }) {
    const { query: dated, errors } = readReportQuery(
      new URLSearchParams({ from: query.DateFrom ?? "", to: query.DateTo ?? "" }),
    );
    if (errors.from || errors.to) {
      throw new ApiError("VALIDATION_FAILED", undefined, {
        errors: {
          ...(errors.from ? { "query.DateFrom": [errors.from] } : {}),
          ...(errors.to ? { "query.DateTo": [errors.to] } : {}),
        },
      });
    }
    const reportQuery: ReportQuery = {
      ...dated,
      ...listWindowOf(query),
      orderBy: REPORT_LIST_ORDERS[query.OrderBy],
    };
    const [report, activity] = await Promise.all([
      userReport(reportQuery),
      userReportSeries(reportQuery),
    ]);
    return {
      totalHits: report.total,
      size: query.Size,
      from: query.From,
      dateFrom: reportQuery.from,
      dateTo: reportQuery.to,
      users: report.rows.map((row) => ({
        ...toAdminUser(row),
        signIns: row.signIns,
        searches: row.searches,
        views: row.views,
        exports: row.exports,
        downloads: row.downloads,
      })),
      totals: report.totals,
      activity,
    };
  },
});

export const assignRevokeUserRole = defineOperation({
  id: "assignRevokeUserRole",
  method: "POST",
  path: "/auth/assignrevokeuserrole",
  group: GROUP,
  summary:
    "Toggles a role of a user: assigns it if the user does not hold it, else revokes it. Admins cannot remove their own admin role.",
  access: "manageUsers",
  page: USER_PAGE,
  query: userIdQuery.extend({ roleId: id() }),
  response: changeResponse("UsersRoleChange", ["assigned", "revoked"]),
  errors: ["NOT_FOUND", "ACTION_REFUSED"],
  example: { query: { userId: "4", roleId: "4" } },
  async handle({ user, query }) {
    const target = await targetUser(query.userId);
    const found = (await listRoles()).find((row) => row.roleId === query.roleId);
    if (!found || !(ROLES as readonly string[]).includes(found.name))
      throw new ApiError("NOT_FOUND", undefined, {
        detail: "No role has this roleId: POST /api/auth/getroles lists them.",
      });
    const name = found.name as Role;
    const held = target.roles.includes(name);
    const changed = await changeUser(signedIn(user), target.id, {
      intent: held ? "revokeRole" : "assignRole",
      role: name,
    });
    return {
      responseCode: "SUCCESS" as const,
      action: held ? ("revoked" as const) : ("assigned" as const),
      ...changed,
    };
  },
});

export const suspendOrActivateUser = defineOperation({
  id: "suspendOrActivateUser",
  method: "POST",
  path: "/auth/suspendoractivateuser",
  group: GROUP,
  summary:
    "Toggles suspension: suspends an active user (which ends their sessions and API tokens at once), or activates a suspended one. Admins cannot suspend themselves.",
  access: "manageUsers",
  page: USER_PAGE,
  query: userIdQuery,
  response: changeResponse("UsersSuspension", ["suspended", "activated"]),
  errors: ["NOT_FOUND", "ACTION_REFUSED"],
  example: { query: { userId: "5" } },
  async handle({ user, query }) {
    const target = await targetUser(query.userId);
    const changed = await changeUser(signedIn(user), target.id, {
      intent: target.suspended ? "activate" : "suspend",
    });
    return {
      responseCode: "SUCCESS" as const,
      action: target.suspended ? ("activated" as const) : ("suspended" as const),
      ...changed,
    };
  },
});

export const deleteUser = defineOperation({
  id: "deleteUser",
  method: "POST",
  path: "/auth/deleteuser",
  group: GROUP,
  summary:
    "Toggles deletion, as the user page's Delete and Undelete buttons do: deletes a user (kept, with their history, and signed out of every session and API token at once), or undeletes a deleted one. Admins cannot delete themselves.",
  access: "manageUsers",
  page: USER_PAGE,
  query: userIdQuery,
  response: changeResponse("UsersDeletion", ["deleted", "undeleted"]),
  errors: ["NOT_FOUND", "ACTION_REFUSED"],
  example: { query: { userId: "5" } },
  async handle({ user, query }) {
    const target = await targetUser(query.userId);
    const changed = await changeUser(signedIn(user), target.id, {
      intent: target.deleted ? "undelete" : "delete",
    });
    return {
      responseCode: "SUCCESS" as const,
      action: target.deleted ? ("undeleted" as const) : ("deleted" as const),
      ...changed,
    };
  },
});

export const turnOnOrOffNotification = defineOperation({
  id: "turnOnOrOffNotification",
  method: "POST",
  path: "/auth/turnonoroffnotification",
  group: GROUP,
  summary:
    "Turns another user's email of updated records on (daily) or off. Turning on needs an active account.",
  access: "manageUsers",
  page: USER_PAGE,
  query: userIdQuery.extend({
    enablenotification: z
      .enum(["true", "false"])
      .transform((value) => value === "true")
      .meta({ description: "true turns the email on, false off." }),
  }),
  response: changeResponse("UsersNotificationChange", ["on", "off"]),
  errors: ["NOT_FOUND", "ACTION_REFUSED"],
  example: { query: { userId: "1", enablenotification: "true" } },
  async handle({ user, query }) {
    const target = await targetUser(query.userId);
    const on = query.enablenotification;
    const changed = await changeUser(signedIn(user), target.id, {
      intent: on ? "notificationsOn" : "notificationsOff",
    });
    return {
      responseCode: "SUCCESS" as const,
      action: on ? ("on" as const) : ("off" as const),
      ...changed,
    };
  },
});

export const userOperations = [
  getRoles,
  inviteUser,
  getInvitedUser,
  registerUser,
  resetUserPassword,
  sendPasswordResetEmail,
  usersList,
  usersReport,
  assignRevokeUserRole,
  suspendOrActivateUser,
  deleteUser,
  turnOnOrOffNotification,
];
