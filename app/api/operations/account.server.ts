/**
 * The JSON API's account calls ("Account and notifications"): the account
 * settings the shell reads, the user's own profile, enrolment in the email of updated records
 * and its popup, the recently updated records, and the public contact form.
 */
import { z } from "zod";
import { API_SUCCESS_CODES, ApiError } from "~/api/errors.server";
import { defineOperation } from "~/api/operation.server";
import { signedInUser } from "~/api/operations/sign-in.server";
import { logError } from "~/lib/log.server";
import { clientAddress } from "~/models/rate-limit.server";
import { currentRequest } from "~/lib/request-context.server";
import { required } from "~/lib/required";
import { normaliseRole } from "~/lib/roles";
import {
  contactSchema,
  RATE_LIMITED,
  sendContactMessage,
  withinContactLimits,
} from "~/models/contact.server";
import {
  countNewNotifications,
  dismissNotificationPopup,
  ENROLL_NOTIFICATION_SUCCESS,
  enrolInNotifications,
  getEmailNotifications,
  listRecentlyUpdatedRecords,
  NOTIFICATION_DAYS,
  NOTIFICATION_FREQUENCIES,
  notificationPopupPending,
} from "~/models/notifications.server";
import { environmentLabel, getSiteSettings } from "~/models/settings.server";
import {
  TOO_MANY_WRONG_PASSWORDS,
  WRONG_CURRENT_PASSWORD,
  WrongPasswordError,
  wrongPasswordKey,
} from "~/models/accounts.server";
import { requestEmailChange, SameEmailError } from "~/models/email-change.server";
import { originOf } from "~/models/security-events.server";
import {
  EmailTakenError,
  normaliseEmail,
  profileSchema,
  type User,
  updateNames,
} from "~/models/users.server";
import { hitRateLimit, isRateLimited } from "~/models/rate-limit.server";

const GROUP = "Account and notifications";

const address = (request: Request) => currentRequest()?.clientAddress ?? clientAddress(request);
const signedIn = (user: User | null) => required(user, "signed-in user of a user call");

const frequency = z
  .enum(NOTIFICATION_FREQUENCIES)
  .meta({ description: "How often the email of updated records comes." });

const accountSettings = z
  .object({
    environmentLabel: z
      .string()
      .meta({ description: "The header's label: the configured one, else 'Local' on localhost." }),
    emailNotificationPopup: z.boolean().meta({
      description:
        "Show the 'Email Notifications are currently off' popup: the site shows it, and this user is not enrolled and has not dismissed it.",
    }),
    enableStubRecords: z.boolean(),
    enableMAAIndications: z.boolean(),
    notificationEnrollment: z
      .object({ enrolled: z.boolean(), frequency })
      .meta({ description: "The user's enrolment in the email of updated records." }),
  })
  .meta({ id: "AccountSettings" });

const CURRENT_PASSWORD_NEEDED = "Enter your current password to change your email address";

const profile = profileSchema
  .extend({
    currentPassword: z.string().max(1000).optional().meta({
      description:
        "The user's current password: needed only when email differs from the account's address.",
    }),
  })
  .meta({ id: "AccountProfile" });
// The request as it was taken (trimmed), named apart: its input and output shapes differ. The
// password is never echoed.
const profileEcho = z.object({
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/** The API's VALIDATION_FAILED for one field of the body. */
const bodyFieldError = (field: string, message: string) =>
  new ApiError("VALIDATION_FAILED", undefined, { errors: { [`body.${field}`]: [message] } });

/**
 * A different email in the profile: as on /myaccount/email, the current password, then a
 * link to the new address that makes the change. Answers the address the link went to.
 */
async function askForNewEmail(
  user: User,
  body: { email: string; currentPassword?: string },
  request: Request,
) {
  if (!body.currentPassword) throw bodyFieldError("currentPassword", CURRENT_PASSWORD_NEEDED);
  const key = wrongPasswordKey(user);
  if (await isRateLimited(WRONG_CURRENT_PASSWORD, key))
    throw new ApiError("TOO_MANY_ATTEMPTS", undefined, { detail: TOO_MANY_WRONG_PASSWORDS });
  try {
    const { newEmail } = await requestEmailChange(
      user,
      { email: body.email, currentPassword: body.currentPassword },
      originOf(request),
    );
    return newEmail;
  } catch (error) {
    if (error instanceof WrongPasswordError) {
      await hitRateLimit(WRONG_CURRENT_PASSWORD, key);
      throw bodyFieldError("currentPassword", error.message);
    }
    if (error instanceof SameEmailError) return null;
    if (error instanceof EmailTakenError)
      throw new ApiError("CONFLICT", undefined, {
        detail: "Another account already uses this email",
      });
    throw error;
  }
}

const recentlyUpdatedRecord = z
  .object({
    hssId: z.string(),
    title: z.string(),
    changedAt: z.iso.datetime().meta({ description: "The record's last change that day (UTC)." }),
    fields: z.array(z.string()).meta({ description: "What changed (at most 8)." }),
    isNew: z.boolean().meta({ description: "Changed since the user last cleared notifications." }),
  })
  .meta({ id: "AccountRecentlyUpdatedRecord" });

export const getAccountSettings = defineOperation({
  id: "getAccountSettings",
  method: "GET",
  path: "/accountsettings",
  group: GROUP,
  summary:
    "The settings the site shell reads for the signed-in user: the environment label, whether to show the email-notification popup, the optional filters enabled, and the user's notification enrolment.",
  access: "user",
  page: "/myaccount",
  response: accountSettings,
  async handle({ user, request }) {
    const { id } = signedIn(user);
    const [settings, pending, email] = await Promise.all([
      getSiteSettings(),
      notificationPopupPending(id),
      getEmailNotifications(id),
    ]);
    return {
      environmentLabel: environmentLabel(settings, request),
      emailNotificationPopup: settings.emailNotificationPopup && pending,
      enableStubRecords: settings.enableStubRecords,
      enableMAAIndications: settings.enableMaaIndications,
      notificationEnrollment: { enrolled: email.enrolled, frequency: email.frequency },
    };
  },
});

export const updateUserProfile = defineOperation({
  id: "updateUserProfile",
  method: "POST",
  path: "/accountsettings/updateuserprofile",
  group: GROUP,
  summary:
    "Changes the signed-in user's own name, as /myaccount/profile does. An email that differs from the account's needs currentPassword and, as on /myaccount/email, is not applied at once: a link is sent to the new address, which makes the change when opened, and the old address is told. The answer echoes the request (without the password) in originalRequest, and gives the stored user to refresh from.",
  access: "user",
  page: "/myaccount/profile",
  body: profile,
  response: z
    .object({
      responseCode: z.literal("SUCCESS"),
      message: z.string(),
      originalRequest: profileEcho,
      user: signedInUser,
    })
    .meta({ id: "AccountProfileUpdate" }),
  errors: ["CONFLICT", "TOO_MANY_ATTEMPTS"],
  example: {
    body: {
      firstName: "Morgan",
      middleName: "",
      lastName: "Member",
      email: "member@example.org",
    },
  },
  async handle({ user, body, request }) {
    const me = signedIn(user);
    const { currentPassword: _password, ...echo } = body;
    // The address first: a refused change of address changes nothing else either.
    const newEmail =
      normaliseEmail(body.email) === normaliseEmail(me.email)
        ? null
        : await askForNewEmail(me, body, request);
    const updated = await updateNames(me.id, body);
    return {
      responseCode: "SUCCESS" as const,
      message: newEmail
        ? `Your profile has been updated. We have sent a link to ${newEmail}: your email address changes when it is opened.`
        : "Your profile has been updated.",
      originalRequest: echo,
      user: {
        email: updated.email,
        first_name: updated.firstName,
        roles: updated.roles.map(normaliseRole),
        hasNotifications: await countNewNotifications(me.id),
      },
    };
  },
});

export const enrollNotification = defineOperation({
  id: "enrollNotification",
  method: "POST",
  path: "/enrollment/enrollnotification",
  group: GROUP,
  summary:
    "Enrols the signed-in user in the email of updated records (daily unless the body says weekly), or changes how often it comes. Succeeds only with responseCode ENROLL_NOTIFICATION_SUCCESS; any other outcome is ENROLL_NOTIFICATION_FAILED, 'Enrollment was not successful'.",
  access: "user",
  page: "/dashboard/notifications",
  body: z
    .object({ frequency: frequency.default("daily") })
    .default({ frequency: "daily" })
    .meta({ description: "May be left out: with no body, daily." }),
  response: z
    .object({
      responseCode: z.literal(ENROLL_NOTIFICATION_SUCCESS),
      message: z.string(),
      frequency,
    })
    .meta({ id: "AccountEnrollment" }),
  errors: ["ENROLL_NOTIFICATION_FAILED"],
  example: { body: { frequency: "weekly" } },
  async handle({ user, body }) {
    const { id } = signedIn(user);
    // As on the page, only the success code counts: a failure of any kind is not an enrolment.
    const code = await enrolInNotifications(id, body.frequency).catch((error: unknown) => {
      logError("api", "enrolment in notifications failed", error);
      return null;
    });
    if (code !== ENROLL_NOTIFICATION_SUCCESS) throw new ApiError("ENROLL_NOTIFICATION_FAILED");
    return {
      responseCode: ENROLL_NOTIFICATION_SUCCESS as typeof ENROLL_NOTIFICATION_SUCCESS,
      message: API_SUCCESS_CODES.ENROLL_NOTIFICATION_SUCCESS,
      frequency: body.frequency,
    };
  },
});

export const disableEmailNotificationPopup = defineOperation({
  id: "disableEmailNotificationPopup",
  method: "POST",
  path: "/enrollment/disableemailnotificationpopup",
  group: GROUP,
  summary:
    "Dismisses the 'Email Notifications are currently off' popup for the signed-in user, for good (until they enrol and leave again).",
  access: "user",
  page: "/dashboard/notifications",
  response: z
    .object({
      responseCode: z.literal("SUCCESS"),
      message: z.string(),
      emailNotificationPopup: z.literal(false),
    })
    .meta({ id: "AccountPopupDismissal" }),
  async handle({ user }) {
    await dismissNotificationPopup(signedIn(user).id);
    return {
      responseCode: "SUCCESS" as const,
      message: "The email-notification popup will not be shown again.",
      emailNotificationPopup: false as const,
    };
  },
});

export const recentlyUpdatedRecords = defineOperation({
  id: "recentlyUpdatedRecords",
  method: "GET",
  path: "/recentlyupdatedrecords",
  group: GROUP,
  summary: `The notifications: records with a published change in the last ${NOTIFICATION_DAYS} days, one item per record and day it changed, newest first, a window of Size from From.`,
  access: "user",
  page: "/dashboard/notifications",
  query: z.object({
    Size: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(10_000)
      .meta({ description: "How many items to answer (at most 10000)." }),
    From: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(0)
      .meta({ description: "How many items to skip." }),
  }),
  response: z
    .object({
      totalHits: z.number().int(),
      size: z.number().int(),
      from: z.number().int(),
      hasNotifications: z.number().int().meta({
        description:
          "How many records changed since the user last cleared their notifications (the badge).",
      }),
      recentlyUpdatedRecords: z.array(recentlyUpdatedRecord),
    })
    .meta({ id: "AccountRecentlyUpdatedRecords" }),
  example: { query: { Size: "50", From: "0" } },
  async handle({ user, query }) {
    const { id } = signedIn(user);
    const [{ total, records }, hasNotifications] = await Promise.all([
      listRecentlyUpdatedRecords(id, { size: query.Size, from: query.From }),
      countNewNotifications(id),
    ]);
    return {
      totalHits: total,
      size: query.Size,
      from: query.From,
      hasNotifications,
      recentlyUpdatedRecords: records,
    };
  },
});

export const contactUs = defineOperation({
  id: "contactUs",
  method: "POST",
  path: "/contactus",
  group: GROUP,
  summary:
    "Sends a message to the provider, as the contact page does, with its validation messages and its limit of 5 messages an hour per sender address and per client. No auth.",
  access: "none",
  page: "/contact",
  body: contactSchema.omit({ website: true }).meta({ id: "AccountContactMessage" }),
  response: z
    .object({ responseCode: z.literal("SUCCESS"), title: z.string(), message: z.string() })
    .meta({ id: "AccountContactSent" }),
  errors: ["TOO_MANY_ATTEMPTS"],
  example: {
    body: {
      name: "Morgan Member",
      email: "member@example.org",
      message: "Please tell me more about a subscription for our hospital.",
    },
  },
  async handle({ body, request }) {
    if (!(await withinContactLimits(body.email, address(request))))
      throw new ApiError("TOO_MANY_ATTEMPTS", undefined, { detail: RATE_LIMITED });
    await sendContactMessage(body);
    return {
      responseCode: "SUCCESS" as const,
      title: "Message was successful",
      message:
        "Your message has been successfully sent. Someone should respond within 24-48hrs of your request.",
    };
  },
});

export const accountOperations = [
  getAccountSettings,
  updateUserProfile,
  enrollNotification,
  disableEmailNotificationPopup,
  recentlyUpdatedRecords,
  contactUs,
];
