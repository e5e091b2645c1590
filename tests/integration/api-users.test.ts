import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "~/api/errors.server";
import {
  contactUs,
  disableEmailNotificationPopup,
  enrollNotification,
  getAccountSettings,
  recentlyUpdatedRecords,
  updateUserProfile,
} from "~/api/operations/account.server";
import { tokenResponse } from "~/api/operations/sign-in.server";
import {
  assignRevokeUserRole,
  deleteUser,
  getInvitedUser,
  getRoles,
  inviteUser,
  registerUser,
  resetUserPassword,
  sendPasswordResetEmail,
  suspendOrActivateUser,
  turnOnOrOffNotification,
  usersList,
  usersReport,
} from "~/api/operations/users.server";
import { readToken } from "~/api/tokens.server";
import { getDb, schema } from "~/db/client.server";
import { required } from "~/lib/required";
import { ROLES } from "~/lib/roles";
import { applyImport } from "~/models/record-import.server";
import { getSiteSettings, updateSiteSettings } from "~/models/settings.server";
import { getUserRow } from "~/models/user-admin.server";
import { type User, verifyLogin } from "~/models/users.server";
import { textChunks } from "~/records/read-items.server";
import { makeUser, TEST_PASSWORD } from "../factories";
import { exampleRecords, jsonLines, progressedExample } from "../records";
import { callApi, expectFailure, expectValid, tokenFor } from "./support/api";

const STRONG = "plum orchard tuesday lantern";
const uniqueEmail = () => `api-${randomUUID().slice(0, 8)}@test.example.org`;
const marker = () => randomUUID().slice(0, 8);

async function lastEmailTo(address: string) {
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(schema.outbox)
    .where(eq(schema.outbox.toAddress, address))
    .orderBy(desc(schema.outbox.id))
    .limit(1);
  return mail;
}

/** The query value of the emailed link to `path`. */
async function linkValue(address: string, path: string, name: string) {
  const mail = required(await lastEmailTo(address), `an email to ${address}`);
  const match = required(
    mail.textBody.match(new RegExp(`https?://\\S+${path}\\?\\S+`)),
    `a ${path} link in the email`,
  );
  return required(new URL(match[0]).searchParams.get(name), `${name} in the link`);
}

async function tokensOf(user: User) {
  const db = await getDb();
  return db.select().from(schema.apiTokens).where(eq(schema.apiTokens.userId, user.id));
}

// The file's database is made and migrated here, under the hooks' longer timeout.
beforeAll(async () => {
  await getDb();
});

async function staff(roles: string[]) {
  const user = await makeUser({ roles });
  return { user, token: await tokenFor(user) };
}

describe("the API's roles, invitations and registration", () => {
  it("lists the roles table's ids, to admins only", async () => {
    const { token } = await staff(["admin"]);
    const { roles } = expectValid(
      await callApi("POST", "/auth/getroles", { token }),
      getRoles.response,
    );
    expect(roles.map((role) => role.name).sort()).toEqual([...ROLES].sort());
    const db = await getDb();
    const table = await db.select().from(schema.roles);
    for (const role of roles) {
      expect(table.find((row) => row.name === role.name)?.id).toBe(role.roleId);
      expect(role.description).not.toBe("");
    }
    expectFailure(await callApi("POST", "/auth/getroles"), 401, "TOKEN_NOT_FOUND");
    for (const roles of [[], ["editor"], ["reportadmin"], ["websitealerts"]]) {
      const other = await tokenFor(await makeUser({ roles }));
      const refused = await callApi("POST", "/auth/getroles", { token: other });
      expectFailure(refused, 403, "FORBIDDEN");
      expect(refused.body).toMatchObject({ message: "Forbidden" });
    }
  });

  it("invites, shows the invited user for the code, registers once, and the new user signs in", async () => {
    const { token } = await staff(["admin"]);
    const emailAddress = uniqueEmail();
    const invited = expectValid(
      await callApi("POST", "/auth/inviteuser", {
        token,
        body: { firstName: "Nia", middleName: "J", lastName: "Newcomer", emailAddress },
      }),
      inviteUser.response,
    );
    expect(invited.invitedUser).toMatchObject({ firstName: "Nia", emailAddress });
    const invitationCode = await linkValue(emailAddress, "/register", "invitationCode");

    // No token needed: the code is the permission.
    const shown = expectValid(
      await callApi("GET", "/auth/registeruser", { query: { invitationCode } }),
      getInvitedUser.response,
    );
    expect(shown).toMatchObject({
      firstName: "Nia",
      middleName: "J",
      lastName: "Newcomer",
      emailAddress,
    });
    expectFailure(
      await callApi("GET", "/auth/registeruser", { query: { invitationCode: "nonsense" } }),
      404,
      "NOT_FOUND",
    );
    const noCode = await callApi("GET", "/auth/registeruser");
    expectFailure(noCode, 400, "VALIDATION_FAILED");
    expect(noCode.body).toMatchObject({ errors: { "query.invitationCode": [expect.any(String)] } });

    // The page's password rules, which know the invited address.
    const weak = await callApi("POST", "/auth/registeruser", {
      body: {
        invitationCode,
        firstName: "Nia",
        lastName: "Newcomer",
        password: "short",
        confirmPassword: "short",
      },
    });
    expectFailure(weak, 400, "VALIDATION_FAILED");
    expect(weak.body).toMatchObject({
      errors: { "body.password": ["Password must be at least 12 characters"] },
    });
    const mismatch = await callApi("POST", "/auth/registeruser", {
      body: {
        invitationCode,
        firstName: "Nia",
        lastName: "Newcomer",
        password: STRONG,
        confirmPassword: `${STRONG}!`,
      },
    });
    expect(mismatch.body).toMatchObject({
      errors: { "body.confirmPassword": ["The passwords do not match"] },
    });
    const missing = await callApi("POST", "/auth/registeruser", {
      body: { invitationCode, lastName: "Newcomer", password: STRONG, confirmPassword: STRONG },
    });
    expectFailure(missing, 400, "VALIDATION_FAILED");
    expect(missing.body).toMatchObject({ errors: { "body.firstName": [expect.any(String)] } });

    const registered = expectValid(
      await callApi("POST", "/auth/registeruser", {
        body: {
          invitationCode,
          firstName: "Nia",
          middleName: "",
          lastName: "Newcomer-Smith",
          password: STRONG,
          confirmPassword: STRONG,
        },
      }),
      registerUser.response,
    );
    expect(registered.user).toMatchObject({ email: emailAddress, lastName: "Newcomer-Smith" });
    const signedIn = expectValid(
      await callApi("POST", "/auth/signin", { body: { email: emailAddress, password: STRONG } }),
      tokenResponse,
    );
    expect(signedIn.user).toMatchObject({ email: emailAddress, roles: [] });

    // Used once: both calls now say so.
    const used = await callApi("GET", "/auth/registeruser", { query: { invitationCode } });
    expectFailure(used, 409, "CONFLICT");
    expect(used.body).toMatchObject({ invitationStatus: "used" });
    expectFailure(
      await callApi("POST", "/auth/registeruser", {
        body: {
          invitationCode,
          firstName: "Someone",
          lastName: "Else",
          password: STRONG,
          confirmPassword: STRONG,
        },
      }),
      409,
      "CONFLICT",
    );

    // An address that already has an account cannot be invited.
    const taken = await callApi("POST", "/auth/inviteuser", {
      token,
      body: { firstName: "Nia", lastName: "Again", emailAddress },
    });
    expectFailure(taken, 409, "CONFLICT");
  });

  it("refuses an invitation with a malformed body, or from anyone but an admin", async () => {
    const { token } = await staff(["admin"]);
    const bad = await callApi("POST", "/auth/inviteuser", {
      token,
      body: { firstName: "Nia", lastName: "Newcomer", emailAddress: "not an address" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(bad.body).toMatchObject({ errors: { "body.emailAddress": ["Enter a valid email"] } });
    const noName = await callApi("POST", "/auth/inviteuser", {
      token,
      body: { emailAddress: uniqueEmail() },
    });
    expect(noName.body).toMatchObject({
      errors: { "body.firstName": [expect.any(String)], "body.lastName": [expect.any(String)] },
    });
    const emailAddress = uniqueEmail();
    const member = await tokenFor(await makeUser());
    expectFailure(
      await callApi("POST", "/auth/inviteuser", {
        token: member,
        body: { firstName: "X", lastName: "Y", emailAddress },
      }),
      403,
      "FORBIDDEN",
    );
    expectFailure(
      await callApi("POST", "/auth/inviteuser", {
        body: { firstName: "X", lastName: "Y", emailAddress },
      }),
      401,
      "TOKEN_NOT_FOUND",
    );
    expect(await lastEmailTo(emailAddress)).toBeUndefined();
  });
});

describe("the API's password reset", () => {
  it("answers alike for known and unknown addresses, and the emailed token sets a new password and ends every token", async () => {
    const user = await makeUser();
    const oldToken = await tokenFor(user);
    const known = expectValid(
      await callApi("POST", "/auth/sendpasswordresetemail", { body: { email: user.email } }),
      sendPasswordResetEmail.response,
    );
    const unknownAddress = uniqueEmail();
    const unknown = expectValid(
      await callApi("POST", "/auth/sendpasswordresetemail", { body: { email: unknownAddress } }),
      sendPasswordResetEmail.response,
    );
    expect(unknown).toEqual(known);
    expect(await lastEmailTo(unknownAddress)).toBeUndefined();
    const token = await linkValue(user.email, "/changepassword", "token");

    const weak = await callApi("POST", "/auth/resetuserpassword", {
      body: { token, password: user.email, confirmPassword: user.email },
    });
    expectFailure(weak, 400, "VALIDATION_FAILED");
    expect(weak.body).toMatchObject({ errors: { "body.password": expect.any(Array) } });
    expectFailure(
      await callApi("POST", "/auth/resetuserpassword", {
        body: { token: "nonsense", password: STRONG, confirmPassword: STRONG },
      }),
      404,
      "NOT_FOUND",
    );

    expectValid(
      await callApi("POST", "/auth/resetuserpassword", {
        body: { token, password: STRONG, confirmPassword: STRONG },
      }),
      resetUserPassword.response,
    );
    expect(await verifyLogin(user.email, STRONG)).not.toBeNull();
    expect(await verifyLogin(user.email, TEST_PASSWORD)).toBeNull();
    expect(await readToken(oldToken)).toEqual({ status: "expired" });
    expect(await tokensOf(user)).toEqual([]);
    // The token works once.
    expectFailure(
      await callApi("POST", "/auth/resetuserpassword", {
        body: { token, password: `${STRONG} again`, confirmPassword: `${STRONG} again` },
      }),
      404,
      "NOT_FOUND",
    );
  });

  it("shares the page's limit on reset requests, and checks the address", async () => {
    const email = uniqueEmail();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await callApi("POST", "/auth/sendpasswordresetemail", { body: { email } })).status,
      ).toBe(200);
    }
    const refused = await callApi("POST", "/auth/sendpasswordresetemail", { body: { email } });
    expectFailure(refused, 429, "TOO_MANY_ATTEMPTS");
    expect(refused.body).toMatchObject({ message: "Too Many Requests" });
    const bad = await callApi("POST", "/auth/sendpasswordresetemail", {
      body: { email: "nope" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(bad.body).toMatchObject({ errors: { "body.email": [expect.any(String)] } });
  });
});

describe("the API's user list and user report", () => {
  it("lists users by the API's query, to admins only", async () => {
    const { token } = await staff(["admin"]);
    const tag = marker();
    await makeUser({ firstName: `Zed${tag}` });
    const amy = await makeUser({ firstName: `Amy${tag}`, roles: ["editor"] });
    const gone = await makeUser({ firstName: `Gus${tag}` });
    expectValid(
      await callApi("POST", "/auth/deleteuser", { token, query: { userId: gone.id } }),
      deleteUser.response,
    );

    // The defaults (docs/product.md): size 10000, from 0, first_name descending, not deleted.
    const all = expectValid(await callApi("GET", "/auth/userslist", { token }), usersList.response);
    expect(all).toMatchObject({ size: 10_000, from: 0 });
    const ours = all.users.filter((row) => row.firstName.endsWith(tag)).map((row) => row.firstName);
    expect(ours).toEqual([`Zed${tag}`, `Amy${tag}`]);
    expect(all.users.find((row) => row.userId === amy.id)).toMatchObject({
      email: amy.email,
      lastName: "User",
      roles: ["editor"],
      suspended: false,
      deleted: false,
    });

    const ascending = expectValid(
      await callApi("GET", "/auth/userslist", {
        token,
        query: { OrderBy: "first_name", SortOrder: "asc", Deleted: "all" },
      }),
      usersList.response,
    );
    expect(
      ascending.users.filter((row) => row.firstName.endsWith(tag)).map((row) => row.firstName),
    ).toEqual([`Amy${tag}`, `Gus${tag}`, `Zed${tag}`]);
    const deleted = expectValid(
      await callApi("GET", "/auth/userslist", { token, query: { Deleted: "true" } }),
      usersList.response,
    );
    expect(deleted.users.every((row) => row.deleted)).toBe(true);
    expect(deleted.users.map((row) => row.userId)).toContain(gone.id);
    const suspendedOnly = expectValid(
      await callApi("GET", "/auth/userslist", { token, query: { Suspended: "true" } }),
      usersList.response,
    );
    expect(suspendedOnly.users.every((row) => row.suspended && !row.deleted)).toBe(true);

    // A window: Size from From.
    const window = expectValid(
      await callApi("GET", "/auth/userslist", {
        token,
        query: { Size: 1, From: 1, OrderBy: "email", SortOrder: "asc" },
      }),
      usersList.response,
    );
    const byEmail = expectValid(
      await callApi("GET", "/auth/userslist", {
        token,
        query: { OrderBy: "email", SortOrder: "asc" },
      }),
      usersList.response,
    );
    expect(window.users.map((row) => row.userId)).toEqual([byEmail.users[1].userId]);
    expect(window.totalHits).toBe(byEmail.totalHits);

    const bad = await callApi("GET", "/auth/userslist", {
      token,
      query: { Size: "lots", OrderBy: "shoe_size" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(bad.body).toMatchObject({
      errors: { "query.Size": [expect.any(String)], "query.OrderBy": [expect.any(String)] },
    });
    expectFailure(await callApi("GET", "/auth/userslist"), 401, "TOKEN_NOT_FOUND");
    for (const roles of [[], ["reportadmin"], ["editor"]]) {
      expectFailure(
        await callApi("GET", "/auth/userslist", {
          token: await tokenFor(await makeUser({ roles })),
        }),
        403,
        "FORBIDDEN",
      );
    }
  });

  it("reports each user's activity over a date range, to admins and report admins", async () => {
    const tag = marker();
    const active = await makeUser({ firstName: `Act${tag}` });
    // Each token counts as a sign-in, as a session does.
    await tokenFor(active);
    await tokenFor(active);
    const today = new Date().toISOString().slice(0, 10);
    for (const roles of [["reportadmin"], ["admin"]]) {
      const { token } = await staff(roles);
      const report = expectValid(
        await callApi("GET", "/report/usersreport", {
          token,
          query: { OrderBy: "sign_ins", SortOrder: "desc" },
        }),
        usersReport.response,
      );
      expect(report.dateTo).toBe(today);
      const row = required(
        report.users.find((user) => user.userId === active.id),
        "the active user",
      );
      expect(row).toMatchObject({ signIns: 2, searches: 0, firstName: `Act${tag}` });
      expect(report.totals.signIns).toBeGreaterThanOrEqual(2);
      const binned = report.activity.bins.reduce((sum, bin) => sum + bin.signIns, 0);
      expect(binned).toBe(report.totals.signIns);
      expect(report.activity.period).toBe("day");
    }
    const { token } = await staff(["reportadmin"]);
    const before = expectValid(
      await callApi("GET", "/report/usersreport", {
        token,
        query: { DateFrom: "2020-01-01", DateTo: "2020-01-31" },
      }),
      usersReport.response,
    );
    expect(before.users.find((user) => user.userId === active.id)?.signIns).toBe(0);

    const bad = await callApi("GET", "/report/usersreport", {
      token,
      query: { DateFrom: "2020-02-31" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(bad.body).toMatchObject({ errors: { "query.DateFrom": [expect.any(String)] } });
    const backwards = await callApi("GET", "/report/usersreport", {
      token,
      query: { DateFrom: "2024-02-01", DateTo: "2024-01-01" },
    });
    expect(backwards.body).toMatchObject({ errors: { "query.DateTo": [expect.any(String)] } });
    expectFailure(
      await callApi("GET", "/report/usersreport", {
        token: await tokenFor(await makeUser({ roles: ["editor"] })),
      }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("the API's changes to an account", () => {
  it("toggles a role by roleId, and keeps an admin from removing their own admin role", async () => {
    const { user: admin, token } = await staff(["admin"]);
    const target = await makeUser();
    const { roles } = expectValid(
      await callApi("POST", "/auth/getroles", { token }),
      getRoles.response,
    );
    const editor = required(
      roles.find((role) => role.name === "editor"),
      "the editor role",
    );
    const query = { userId: target.id, roleId: editor.roleId };
    const assigned = expectValid(
      await callApi("POST", "/auth/assignrevokeuserrole", { token, query }),
      assignRevokeUserRole.response,
    );
    expect(assigned).toMatchObject({ action: "assigned", user: { roles: ["editor"] } });
    expect((await getUserRow(target.id))?.roles).toEqual(["editor"]);
    const revoked = expectValid(
      await callApi("POST", "/auth/assignrevokeuserrole", { token, query }),
      assignRevokeUserRole.response,
    );
    expect(revoked).toMatchObject({ action: "revoked", user: { roles: [] } });

    const adminRole = required(
      roles.find((role) => role.name === "admin"),
      "the admin role",
    );
    const own = await callApi("POST", "/auth/assignrevokeuserrole", {
      token,
      query: { userId: admin.id, roleId: adminRole.roleId },
    });
    expectFailure(own, 409, "ACTION_REFUSED");
    expect(own.body).toMatchObject({
      detail: "You cannot remove the admin role from your own account.",
    });
    expectFailure(
      await callApi("POST", "/auth/assignrevokeuserrole", {
        token,
        query: { userId: target.id, roleId: 999_999 },
      }),
      404,
      "NOT_FOUND",
    );
    expectFailure(
      await callApi("POST", "/auth/assignrevokeuserrole", {
        token,
        query: { userId: 999_999_999, roleId: editor.roleId },
      }),
      404,
      "NOT_FOUND",
    );
    const noRole = await callApi("POST", "/auth/assignrevokeuserrole", {
      token,
      query: { userId: target.id },
    });
    expectFailure(noRole, 400, "VALIDATION_FAILED");
    expect(noRole.body).toMatchObject({ errors: { "query.roleId": [expect.any(String)] } });
    expectFailure(
      await callApi("POST", "/auth/assignrevokeuserrole", {
        token: await tokenFor(target),
        query,
      }),
      403,
      "FORBIDDEN",
    );
  });

  it("suspending ends the user's API tokens at once; the same call activates them again", async () => {
    const { user: admin, token } = await staff(["admin"]);
    const target = await makeUser();
    const targetToken = await tokenFor(target);
    expectValid(
      await callApi("GET", "/accountsettings", { token: targetToken }),
      getAccountSettings.response,
    );
    const suspended = expectValid(
      await callApi("POST", "/auth/suspendoractivateuser", { token, query: { userId: target.id } }),
      suspendOrActivateUser.response,
    );
    expect(suspended).toMatchObject({ action: "suspended", user: { suspended: true } });
    expect(await tokensOf(target)).toEqual([]);
    expectFailure(
      await callApi("GET", "/accountsettings", { token: targetToken }),
      401,
      "TOKEN_EXPIRED",
    );
    expectFailure(
      await callApi("POST", "/auth/signin", {
        body: { email: target.email, password: TEST_PASSWORD },
      }),
      401,
      "INVALID_CREDENTIALS",
    );

    const activated = expectValid(
      await callApi("POST", "/auth/suspendoractivateuser", { token, query: { userId: target.id } }),
      suspendOrActivateUser.response,
    );
    expect(activated).toMatchObject({ action: "activated", user: { suspended: false } });
    // The ended token stays ended; signing in works again.
    expectFailure(
      await callApi("GET", "/accountsettings", { token: targetToken }),
      401,
      "TOKEN_EXPIRED",
    );
    expectValid(
      await callApi("POST", "/auth/signin", {
        body: { email: target.email, password: TEST_PASSWORD },
      }),
      tokenResponse,
    );

    const self = await callApi("POST", "/auth/suspendoractivateuser", {
      token,
      query: { userId: admin.id },
    });
    expectFailure(self, 409, "ACTION_REFUSED");
    expect(self.body).toMatchObject({ detail: "You cannot suspend your own account." });
    const bad = await callApi("POST", "/auth/suspendoractivateuser", {
      token,
      query: { userId: "me" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(bad.body).toMatchObject({ errors: { "query.userId": [expect.any(String)] } });
    expectFailure(
      await callApi("POST", "/auth/suspendoractivateuser", { query: { userId: target.id } }),
      401,
      "TOKEN_NOT_FOUND",
    );
  });

  it("deleting ends the user's API tokens at once; as on the page, the same call undeletes", async () => {
    const { user: admin, token } = await staff(["admin"]);
    const target = await makeUser();
    const targetToken = await tokenFor(target);
    const deleted = expectValid(
      await callApi("POST", "/auth/deleteuser", { token, query: { userId: target.id } }),
      deleteUser.response,
    );
    expect(deleted).toMatchObject({ action: "deleted", user: { deleted: true } });
    expect(await tokensOf(target)).toEqual([]);
    expectFailure(
      await callApi("GET", "/accountsettings", { token: targetToken }),
      401,
      "TOKEN_EXPIRED",
    );
    const undeleted = expectValid(
      await callApi("POST", "/auth/deleteuser", { token, query: { userId: target.id } }),
      deleteUser.response,
    );
    expect(undeleted).toMatchObject({ action: "undeleted", user: { deleted: false } });
    expect((await getUserRow(target.id))?.deleted).toBe(false);

    expectFailure(
      await callApi("POST", "/auth/deleteuser", { token, query: { userId: admin.id } }),
      409,
      "ACTION_REFUSED",
    );
    expectFailure(
      await callApi("POST", "/auth/deleteuser", { token, query: { userId: 999_999_999 } }),
      404,
      "NOT_FOUND",
    );
    const huge = await callApi("POST", "/auth/deleteuser", {
      token,
      query: { userId: "99999999999" },
    });
    expectFailure(huge, 400, "VALIDATION_FAILED");
    expect(huge.body).toMatchObject({ errors: { "query.userId": [expect.any(String)] } });
    expectFailure(
      await callApi("POST", "/auth/deleteuser", {
        token: await tokenFor(await makeUser({ roles: ["reportadmin"] })),
        query: { userId: target.id },
      }),
      403,
      "FORBIDDEN",
    );
  });

  it("turns another user's email notifications on and off", async () => {
    const { token } = await staff(["admin"]);
    const target = await makeUser();
    const on = expectValid(
      await callApi("POST", "/auth/turnonoroffnotification", {
        token,
        query: { userId: target.id, enablenotification: "true" },
      }),
      turnOnOrOffNotification.response,
    );
    expect(on).toMatchObject({ action: "on", user: { emailNotifications: true } });
    const settings = expectValid(
      await callApi("GET", "/accountsettings", { token: await tokenFor(target) }),
      getAccountSettings.response,
    );
    expect(settings.notificationEnrollment).toEqual({ enrolled: true, frequency: "daily" });
    const off = expectValid(
      await callApi("POST", "/auth/turnonoroffnotification", {
        token,
        query: { userId: target.id, enablenotification: "false" },
      }),
      turnOnOrOffNotification.response,
    );
    expect(off).toMatchObject({ action: "off", user: { emailNotifications: false } });
    expect((await getUserRow(target.id))?.emailNotifications).toBe(false);
    const bad = await callApi("POST", "/auth/turnonoroffnotification", {
      token,
      query: { userId: target.id, enablenotification: "yes" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(bad.body).toMatchObject({
      errors: { "query.enablenotification": [expect.any(String)] },
    });
    expectFailure(
      await callApi("POST", "/auth/turnonoroffnotification", {
        token: await tokenFor(await makeUser()),
        query: { userId: target.id, enablenotification: "true" },
      }),
      403,
      "FORBIDDEN",
    );
  });
});

describe("the API's account settings and notifications", () => {
  it("reads the account settings, and the popup flag until it is dismissed", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const settings = await getSiteSettings();
    await updateSiteSettings(
      { ...settings, emailNotificationPopup: true, enableStubRecords: true },
      user.id,
    );
    try {
      const before = expectValid(
        await callApi("GET", "/accountsettings", { token }),
        getAccountSettings.response,
      );
      expect(before).toEqual({
        environmentLabel: settings.environmentLabel || "Local",
        emailNotificationPopup: true,
        enableStubRecords: true,
        enableMAAIndications: settings.enableMaaIndications,
        notificationEnrollment: { enrolled: false, frequency: "daily" },
      });
      expectValid(
        await callApi("POST", "/enrollment/disableemailnotificationpopup", { token }),
        disableEmailNotificationPopup.response,
      );
      const after = expectValid(
        await callApi("GET", "/accountsettings", { token }),
        getAccountSettings.response,
      );
      expect(after.emailNotificationPopup).toBe(false);
    } finally {
      await updateSiteSettings(settings, user.id);
    }
    expectFailure(await callApi("GET", "/accountsettings"), 401, "TOKEN_NOT_FOUND");
    expectFailure(
      await callApi("POST", "/enrollment/disableemailnotificationpopup"),
      401,
      "TOKEN_NOT_FOUND",
    );
  });

  it("updates the user's own profile and echoes the request in originalRequest", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const body = { firstName: " Robin ", middleName: "Q", lastName: "Renamed", email: user.email };
    const updated = expectValid(
      await callApi("POST", "/accountsettings/updateuserprofile", { token, body }),
      updateUserProfile.response,
    );
    expect(updated.originalRequest).toEqual({ ...body, firstName: "Robin" });
    expect(updated.user).toMatchObject({ email: user.email, first_name: "Robin", roles: [] });
    const row = await getUserRow(user.id);
    expect(row).toMatchObject({
      firstName: "Robin",
      middleName: "Q",
      lastName: "Renamed",
      email: user.email,
    });

    const other = await makeUser();
    const taken = await callApi("POST", "/accountsettings/updateuserprofile", {
      token,
      body: { ...body, email: other.email, currentPassword: TEST_PASSWORD },
    });
    expectFailure(taken, 409, "CONFLICT");
    const bad = await callApi("POST", "/accountsettings/updateuserprofile", {
      token,
      body: { firstName: "", lastName: "X", email: "nope" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(bad.body).toMatchObject({
      errors: { "body.firstName": [expect.any(String)], "body.email": ["Enter a valid email"] },
    });
    expectFailure(
      await callApi("POST", "/accountsettings/updateuserprofile", { body }),
      401,
      "TOKEN_NOT_FOUND",
    );
  });

  it("enrols in email notifications with the API's success code, and says 'Enrollment was not successful' otherwise", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    // With no body: daily.
    const daily = expectValid(
      await callApi("POST", "/enrollment/enrollnotification", { token }),
      enrollNotification.response,
    );
    expect(daily).toMatchObject({
      responseCode: "ENROLL_NOTIFICATION_SUCCESS",
      frequency: "daily",
    });
    expectValid(
      await callApi("POST", "/enrollment/enrollnotification", {
        token,
        body: { frequency: "weekly" },
      }),
      enrollNotification.response,
    );
    const settings = expectValid(
      await callApi("GET", "/accountsettings", { token }),
      getAccountSettings.response,
    );
    expect(settings.notificationEnrollment).toEqual({ enrolled: true, frequency: "weekly" });
    const bad = await callApi("POST", "/enrollment/enrollnotification", {
      token,
      body: { frequency: "hourly" },
    });
    expectFailure(bad, 400, "VALIDATION_FAILED");
    expect(bad.body).toMatchObject({ errors: { "body.frequency": [expect.any(String)] } });
    expectFailure(await callApi("POST", "/enrollment/enrollnotification"), 401, "TOKEN_NOT_FOUND");

    // The model answers no success code for an account that cannot be enrolled; a token
    // cannot belong to one, so the handler is called with such a user directly.
    const ghost: User = { ...user, id: 999_999_999 };
    const failed = await enrollNotification
      .handle({
        user: ghost,
        query: undefined,
        body: { frequency: "daily" },
        request: new Request("http://localhost/api/enrollment/enrollnotification"),
        signal: new AbortController().signal,
      })
      .then(
        () => null,
        (error: ApiError) => error,
      );
    expect(failed).toMatchObject({
      code: "ENROLL_NOTIFICATION_FAILED",
      message: "Enrollment was not successful",
      status: 500,
    });
  });

  it("lists the recently updated records a window at a time, with 'Token not found.' without a token", async () => {
    const [record, second] = exampleRecords();
    const publish = (records: unknown[]) =>
      applyImport(() => textChunks(jsonLines(records)), {
        mode: "publish",
        source: "cli",
        filename: "api-users.jsonl",
      });
    await publish([record, second]);
    const user = await makeUser();
    const token = await tokenFor(user);
    // A changed version of each: two notifications.
    await publish([progressedExample(record), { ...second, lastUpdated: "2026-10-30" }]);

    const all = expectValid(
      await callApi("GET", "/recentlyupdatedrecords", { token }),
      recentlyUpdatedRecords.response,
    );
    expect(all).toMatchObject({ size: 10_000, from: 0 });
    expect(all.hasNotifications).toBeGreaterThanOrEqual(1);
    expect(all.totalHits).toBe(all.recentlyUpdatedRecords.length);
    const changed = required(
      all.recentlyUpdatedRecords.find((item) => item.hssId === record.hssId && item.isNew),
      "the changed record",
    );
    expect(changed.fields).toEqual(expect.arrayContaining(["EMA › Status"]));
    expect(all.recentlyUpdatedRecords.map((item) => item.hssId)).toContain(second.hssId);

    const window = expectValid(
      await callApi("GET", "/recentlyupdatedrecords", { token, query: { Size: 1, From: 1 } }),
      recentlyUpdatedRecords.response,
    );
    expect(window.totalHits).toBe(all.totalHits);
    expect(window.recentlyUpdatedRecords).toEqual([all.recentlyUpdatedRecords[1]]);
    const past = expectValid(
      await callApi("GET", "/recentlyupdatedrecords", { token, query: { From: 100_000 } }),
      recentlyUpdatedRecords.response,
    );
    expect(past.recentlyUpdatedRecords).toEqual([]);
    expect(past.totalHits).toBe(all.totalHits);

    const missing = await callApi("GET", "/recentlyupdatedrecords");
    expectFailure(missing, 401, "TOKEN_NOT_FOUND");
    expect(missing.body).toMatchObject({ message: "Token not found." });
    expectFailure(
      await callApi("GET", "/recentlyupdatedrecords", { token, query: { Size: 0 } }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("the API's contact form", () => {
  it("sends a message without a token, with the contact page's messages and limit", async () => {
    const email = uniqueEmail();
    const sent = expectValid(
      await callApi("POST", "/contactus", {
        body: { name: "Visitor", email, message: "Tell me about subscriptions." },
      }),
      contactUs.response,
    );
    expect(sent).toMatchObject({
      title: "Message was successful",
      message:
        "Your message has been successfully sent. Someone should respond within 24-48hrs of your request.",
    });
    const db = await getDb();
    const stored = await db
      .select()
      .from(schema.contactMessages)
      .where(eq(schema.contactMessages.email, email));
    expect(stored).toHaveLength(1);
    const mail = await db.select().from(schema.outbox).where(eq(schema.outbox.replyTo, email));
    expect(mail).toHaveLength(1);

    // Word for word, as members know them (docs/product.md).
    const empty = await callApi("POST", "/contactus", { body: {} });
    expectFailure(empty, 400, "VALIDATION_FAILED");
    expect(empty.body).toMatchObject({
      errors: {
        "body.name": ["Name is required"],
        "body.email": ["Email is required"],
        "body.message": ["A message is required"],
      },
    });
    const blank = await callApi("POST", "/contactus", {
      body: { name: " ", email: "not-an-address", message: "" },
    });
    expect(blank.body).toMatchObject({
      errors: {
        "body.name": ["Name is required"],
        "body.email": ["Enter a valid email"],
        "body.message": ["A message is required"],
      },
    });

    for (let attempt = 1; attempt < 5; attempt++) {
      expect(
        (
          await callApi("POST", "/contactus", {
            body: { name: "Visitor", email, message: `Message ${attempt}` },
          })
        ).status,
      ).toBe(200);
    }
    const refused = await callApi("POST", "/contactus", {
      body: { name: "Visitor", email, message: "One too many" },
    });
    expectFailure(refused, 429, "TOO_MANY_ATTEMPTS");
    expect(refused.body).toMatchObject({ message: "Too Many Requests" });
  });
});
