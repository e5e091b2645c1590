import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { issueToken, readToken } from "~/api/tokens.server";
import { getDb, schema } from "~/db/client.server";
import { getSiteSettings, updateSiteSettings } from "~/models/settings.server";
import { required } from "~/lib/required";
import { resetEnvForTesting } from "~/lib/env.server";
import { createSession, readSession } from "~/auth/session.server";
import { listSecurityEvents } from "~/models/security-events.server";
import { getActiveUser, type User, verifyLogin } from "~/models/users.server";
import { action as changePasswordAction } from "~/routes/changepassword";
import { action as userAction } from "~/routes/dashboard.users.$userId";
import { loader as userSecurityLoader } from "~/routes/dashboard.users.$userId_.security";
import { loader as usersLoader } from "~/routes/dashboard.users._index";
import { action as confirmAction, loader as confirmLoader } from "~/routes/confirmemail";
import { action as accountAction, loader as accountLoader } from "~/routes/myaccount._index";
import { action as emailAction, loader as emailLoader } from "~/routes/myaccount.email";
import { action as enrolAction, loader as enrolLoader } from "~/routes/myaccount.two-step";
import { action as profileAction } from "~/routes/myaccount.profile";
import { loader as mySecurityLoader } from "~/routes/myaccount.security";
import { action as verifyAction } from "~/routes/login_.two-step";
import { action as myPasswordAction } from "~/routes/myaccount.password";
import { action as resetAction } from "~/routes/resetpassword";
import {
  args,
  cookiesOf,
  getRequest,
  makeUser,
  postRequest,
  redirected,
  sessionCookie,
  TEST_PASSWORD,
} from "../factories";
import { callApi, expectFailure, tokenFor } from "./support/api";
import {
  codeAt,
  enrol,
  hasSession,
  json,
  secondStep,
  signInWithPassword,
  withCookies,
} from "./support/two-step";
import { asResponse } from "../route-result";

// How a stolen password, mailbox, session or token is kept from taking an account over.

// The store is made (and migrated) before the first test's clock starts.
beforeAll(async () => {
  await getDb();
});

const STRONG = "plum orchard tuesday lantern";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

/** A form post from a browser at an address (the tests' stand-in for the HTTP server's). */
function postFrom(pathname: string, fields: Record<string, string>, cookie = "") {
  const request = postRequest(pathname, fields, cookie);
  request.headers.set("User-Agent", FIREFOX);
  request.headers.set("X-Forwarded-For", "192.0.2.44");
  return request;
}

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

async function emailsTo(address: string) {
  const db = await getDb();
  return db.select().from(schema.outbox).where(eq(schema.outbox.toAddress, address));
}

const uniqueEmail = () => `new-${Math.random().toString(36).slice(2, 10)}@test.example.org`;

/** The token of the first link to `path` in the text. */
function tokenIn(text: string, path: string) {
  const link = required(
    text.match(new RegExp(`https?://\\S+${path}\\?\\S+`))?.[0],
    `a ${path} link`,
  );
  return required(new URL(link).searchParams.get("token"), `a token in the ${path} link`);
}

/** Asks for a reset link for the user and answers the token the email carries. */
async function resetToken(user: User) {
  await redirected(() => resetAction(args(postRequest("/resetpassword", { email: user.email }))));
  const text = (await lastEmailTo(user.email)).textBody;
  const link = required(text.match(/https?:\/\/\S+\/changepassword\?\S+/)?.[0], "a reset link");
  return required(new URL(link).searchParams.get("token"), "a reset token");
}

/** The browser's trusted-browser cookie after a second step with "Trust this browser". */
async function trustedBrowser(user: User, secret: string) {
  const { response } = await secondStep(user, {
    intent: "code",
    code: codeAt(secret, 30),
    trust: "on",
  });
  expect(hasSession(response)).toBe(true);
  return cookiesOf(response)
    .split("; ")
    .filter((value) => value.startsWith("hsd_trusted="))
    .join("");
}

async function countRows(
  table: typeof schema.sessions | typeof schema.apiTokens | typeof schema.twoStepPending,
  userId: number,
) {
  const db = await getDb();
  return (await db.select().from(table).where(eq(table.userId, userId))).length;
}

async function trustedBrowsers(userId: number) {
  const db = await getDb();
  return db
    .select()
    .from(schema.twoStepTrustedBrowsers)
    .where(eq(schema.twoStepTrustedBrowsers.userId, userId));
}

describe("a password reset and two-step sign-in", () => {
  it("asks for the two-step code after a reset, with no session before it, even on a trusted browser", async () => {
    const user = await makeUser();
    const { secret, codes } = await enrol(user);
    const browser = await trustedBrowser(user, secret);
    const oldSession = await sessionCookie(user);
    const { token: apiToken } = await issueToken(user.id);

    const token = await resetToken(user);
    const done = await redirected(() =>
      changePasswordAction(
        args(
          postFrom(
            "/changepassword",
            { token, password: STRONG, confirmPassword: STRONG },
            `${browser}; ${oldSession}`,
          ),
        ),
      ),
    );
    // The emailed link replaced the password, not the code.
    expect(done.headers.get("Location")).toBe("/login/two-step");
    expect(hasSession(done)).toBe(false);
    expect(await countRows(schema.sessions, user.id)).toBe(0);
    expect((await readSession(getRequest("/", oldSession))).status).toBe("none");
    expect((await readToken(apiToken)).status).toBe("expired");
    expect(await countRows(schema.apiTokens, user.id)).toBe(0);
    expect(await trustedBrowsers(user.id)).toEqual([]);

    // The second step finishes the sign-in (a recovery code: this step's codes are spent).
    const signedIn = await redirected(() =>
      verifyAction(
        args(
          postRequest(
            "/login/two-step",
            { intent: "recovery", recoveryCode: codes[0] },
            cookiesOf(done),
          ),
        ),
      ),
    );
    expect(signedIn.headers.get("Location")).toBe("/");
    expect(hasSession(signedIn)).toBe(true);

    // The browser trusted before the reset is asked for the code again.
    const again = await signInWithPassword(user, browser, "/search", STRONG);
    expect(again.headers.get("Location")).toBe("/login/two-step");
    expect(hasSession(again)).toBe(false);

    const events = await listSecurityEvents(user.id);
    expect(events.slice(0, 2).map((event) => event.what)).toEqual([
      "Password reset with an emailed link",
      "Trusted browsers forgotten",
    ]);
    expect(events[0]).toMatchObject({ address: "192.0.2.44", browser: "Firefox on Linux" });
  });

  it("sends staff who must use two-step, and have not set it up, to set it up after a reset", async () => {
    const editor = await makeUser({ roles: ["editor"] });
    const token = await resetToken(editor);
    const done = await redirected(() =>
      changePasswordAction(
        args(postRequest("/changepassword", { token, password: STRONG, confirmPassword: STRONG })),
      ),
    );
    expect(done.headers.get("Location")).toBe("/myaccount/two-step");
    expect(hasSession(done)).toBe(false);
    expect(await countRows(schema.sessions, editor.id)).toBe(0);
  });

  it("ends trusted browsers, half-done sign-ins, other sessions and API tokens when the password is changed", async () => {
    const user = await makeUser();
    const { secret, cookie: here } = await enrol(user);
    const browser = await trustedBrowser(user, secret);
    const elsewhere = await sessionCookie(user);
    const { token: apiToken } = await issueToken(user.id);
    // Someone with the old password, at the code step.
    const halfway = cookiesOf(await signInWithPassword(user));

    const done = await redirected(() =>
      myPasswordAction(
        args(
          postFrom(
            "/myaccount/password",
            { currentPassword: TEST_PASSWORD, password: STRONG, confirmPassword: STRONG },
            here,
          ),
        ),
      ),
    );
    expect(done.headers.get("Location")).toBe("/myaccount");
    expect((await readSession(getRequest("/", here))).status).toBe("active");
    expect((await readSession(getRequest("/", elsewhere))).status).toBe("none");
    expect((await readToken(apiToken)).status).toBe("expired");
    expect(await trustedBrowsers(user.id)).toEqual([]);
    // The half-done sign-in is gone, so the code step after it leads back to log in.
    expect(await countRows(schema.twoStepPending, user.id)).toBe(0);
    const late = await redirected(() =>
      verifyAction(
        args(postRequest("/login/two-step", { intent: "code", code: codeAt(secret) }, halfway)),
      ),
    );
    expect(late.headers.get("Location")).toBe("/login");
    expect(hasSession(late)).toBe(false);
    expect(await verifyLogin(user.email, STRONG)).not.toBeNull();

    const again = await signInWithPassword(user, browser, "/search", STRONG);
    expect(again.headers.get("Location")).toBe("/login/two-step");
    const events = await listSecurityEvents(user.id);
    expect(events.slice(0, 2).map((event) => event.what)).toEqual([
      "Password changed",
      "Trusted browsers forgotten",
    ]);
    expect(events[0]).toMatchObject({ address: "192.0.2.44", browser: "Firefox on Linux" });
  });
});

describe("changing the email address", () => {
  const askFor = async (cookie: string, fields: Record<string, string>) =>
    asResponse(await emailAction(args(postFrom("/myaccount/email", fields, cookie))));

  it("needs the current password, and changes only when the link sent to the new address is followed", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const wanted = uniqueEmail();

    const missing = await askFor(cookie, { email: wanted });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.currentPassword).toEqual(["Enter your current password"]);
    const wrong = await askFor(cookie, { email: wanted, currentPassword: "not it at all" });
    expect(wrong.status).toBe(400);
    const reply = await wrong.json();
    expect(reply.error.currentPassword).toEqual(["Your current password is incorrect"]);
    // What was typed stays, except the password.
    expect(reply.initialValue).toMatchObject({ email: wanted });
    expect(reply.initialValue.currentPassword).toBeUndefined();
    expect(await emailsTo(wanted)).toEqual([]);
    // Names alone on the profile page: an email sent with them changes nothing.
    await redirected(() =>
      profileAction(
        args(
          postRequest(
            "/myaccount/profile",
            { firstName: "Grace", lastName: "Hopper", email: wanted },
            cookie,
          ),
        ),
      ),
    );
    expect((await getActiveUser(user.id))?.email).toBe(user.email);

    const asked = await redirected(() =>
      askFor(cookie, { email: wanted.toUpperCase(), currentPassword: TEST_PASSWORD }),
    );
    expect(asked.headers.get("Location")).toBe("/myaccount");
    // Not yet: only the link changes it.
    expect((await getActiveUser(user.id))?.email).toBe(user.email);
    const page = await asResponse(
      await emailLoader(args(getRequest("/myaccount/email", cookie))),
    ).json();
    expect(page.pending).toMatchObject({ newEmail: wanted });

    // The old address is told: when, from where, and to what.
    const notice = (await lastEmailTo(user.email)).textBody;
    expect(notice).toContain(`asked to change its email address to ${wanted}`);
    expect(notice).toContain("from the address 192.0.2.44");
    expect(notice).toMatch(/On [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{4}, \d\d:\d\d UTC/);
    const token = tokenIn((await lastEmailTo(wanted)).textBody, "/confirmemail");
    // Only the token's hash is stored.
    const db = await getDb();
    const [stored] = await db
      .select()
      .from(schema.emailChanges)
      .where(eq(schema.emailChanges.userId, user.id));
    expect(stored.tokenHash).toBe(createHash("sha256").update(token).digest("base64url"));
    expect(JSON.stringify(stored)).not.toContain(token);

    // Opening the link asks; only the POST changes the address.
    const question = asResponse(
      await confirmLoader(args(getRequest(`/confirmemail?token=${token}`))),
    );
    expect(await question.json()).toMatchObject({ status: "valid", newEmail: wanted });
    expect((await getActiveUser(user.id))?.email).toBe(user.email);
    const confirmed = await redirected(() =>
      confirmAction(args(postFrom("/confirmemail", { token }, cookie))),
    );
    expect(confirmed.headers.get("Location")).toBe("/myaccount");
    expect((await getActiveUser(user.id))?.email).toBe(wanted);
    expect(await verifyLogin(wanted, TEST_PASSWORD)).not.toBeNull();
    expect(await verifyLogin(user.email, TEST_PASSWORD)).toBeNull();
    const changed = (await lastEmailTo(user.email)).textBody;
    expect(changed).toContain(`was changed to ${wanted}`);
    expect(changed).toContain("from the address 192.0.2.44");

    // Once only.
    const spent = asResponse(await confirmLoader(args(getRequest(`/confirmemail?token=${token}`))));
    expect(spent.status).toBe(410);
    const events = await listSecurityEvents(user.id);
    expect(events.slice(0, 2)).toMatchObject([
      { what: "Email address changed", detail: `From ${user.email} to ${wanted}` },
      { what: "Change of email address asked for", detail: `To ${wanted}`, address: "192.0.2.44" },
    ]);
  });

  it("lets a link expire, and a newer request or a new password withdraws it", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const ask = async () => {
      const wanted = uniqueEmail();
      await redirected(() => askFor(cookie, { email: wanted, currentPassword: TEST_PASSWORD }));
      return tokenIn((await lastEmailTo(wanted)).textBody, "/confirmemail");
    };
    const status = async (token: string) =>
      asResponse(await confirmLoader(args(getRequest(`/confirmemail?token=${token}`)))).status;

    const expired = await ask();
    const db = await getDb();
    await db.execute(
      sql`UPDATE email_changes SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    expect(await status(expired)).toBe(410);
    const refused = await redirected(() =>
      confirmAction(args(postRequest("/confirmemail", { token: expired }))),
    );
    expect(refused.headers.get("Location")).toBe(`/confirmemail?token=${expired}`);
    expect((await getActiveUser(user.id))?.email).toBe(user.email);

    const older = await ask();
    const newer = await ask();
    expect(await status(older)).toBe(410);
    expect(await status(newer)).toBe(200);
    await redirected(() =>
      myPasswordAction(
        args(
          postRequest(
            "/myaccount/password",
            { currentPassword: TEST_PASSWORD, password: STRONG, confirmPassword: STRONG },
            cookie,
          ),
        ),
      ),
    );
    expect(await status(newer)).toBe(410);
  });

  it("needs the current password through the JSON API too, and waits there for the link as well", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const wanted = uniqueEmail();
    const body = { firstName: "Robin", middleName: "", lastName: "Renamed", email: wanted };
    const missing = await callApi("POST", "/accountsettings/updateuserprofile", { token, body });
    expectFailure(missing, 400, "VALIDATION_FAILED");
    expect(missing.body).toMatchObject({
      errors: {
        "body.currentPassword": ["Enter your current password to change your email address"],
      },
    });
    const wrong = await callApi("POST", "/accountsettings/updateuserprofile", {
      token,
      body: { ...body, currentPassword: "not it at all" },
    });
    expectFailure(wrong, 400, "VALIDATION_FAILED");
    // A refused change of address changes nothing else either.
    expect(await getActiveUser(user.id)).toMatchObject({ email: user.email, lastName: "User" });
    expect(await emailsTo(wanted)).toEqual([]);

    const asked = await callApi("POST", "/accountsettings/updateuserprofile", {
      token,
      body: { ...body, currentPassword: TEST_PASSWORD },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      message: `Your profile has been updated. We have sent a link to ${wanted}: your email address changes when it is opened.`,
      originalRequest: body,
      user: { email: user.email, first_name: "Robin" },
    });
    expect(JSON.stringify(asked.body)).not.toContain(TEST_PASSWORD);
    expect(await getActiveUser(user.id)).toMatchObject({ email: user.email, lastName: "Renamed" });
    expect(await emailsTo(wanted)).toHaveLength(1);
  });

  it("refuses the address it already has, and one another account uses", async () => {
    const other = await makeUser();
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const same = await askFor(cookie, { email: user.email, currentPassword: TEST_PASSWORD });
    expect(same.status).toBe(400);
    expect((await same.json()).error.email).toEqual(["This is already your email address"]);
    const taken = await askFor(cookie, {
      email: other.email.toUpperCase(),
      currentPassword: TEST_PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.email).toEqual(["Another account already uses this email"]);
    expect(await emailsTo(other.email)).toEqual([]);
  });
});

describe("recovery codes and turning two-step off", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    enrolAction(args(postFrom("/myaccount/two-step", fields, cookie)));

  it("shows new recovery codes only for the password or a current code", async () => {
    const user = await makeUser();
    const { secret, codes, cookie } = await enrol(user);

    // A session alone (no password, no code) gets no codes, and the old ones still work.
    const attempts: Record<string, string>[] = [
      { intent: "regenerate" },
      { intent: "regenerate", confirmation: "not it at all" },
      { intent: "regenerate", confirmation: "000000" },
    ];
    for (const fields of attempts) {
      const refused = asResponse(await post(cookie, fields));
      expect(refused.status).toBe(400);
      const reply = await refused.json();
      expect(reply.form).toBe("regenerate");
      expect(reply.error.confirmation).toEqual([
        "Enter your password or a current 6-digit code from your app",
      ]);
      expect(refused.headers.getSetCookie().join()).not.toContain("hsd_recovery_codes");
    }
    const db = await getDb();
    const stored = await db
      .select()
      .from(schema.twoStepRecoveryCodes)
      .where(eq(schema.twoStepRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);

    // A current code (the next step's: enrolment used this one) makes them, shown once.
    const made = await redirected(() =>
      post(cookie, { intent: "regenerate", confirmation: codeAt(secret, 30) }),
    );
    const shown = await json(
      await enrolLoader(
        args(getRequest("/myaccount/two-step", withCookies(cookie, cookiesOf(made)))),
      ),
    );
    expect(shown.view).toBe("codes");
    expect(shown.codes).toHaveLength(10);
    expect(shown.codes).not.toContain(codes[0]);
    // And the password does too.
    await redirected(() => post(cookie, { intent: "regenerate", confirmation: TEST_PASSWORD }));

    const events = await listSecurityEvents(user.id);
    expect(events.map((event) => event.what)).toEqual([
      "New recovery codes made",
      "New recovery codes made",
      "Two-step sign-in turned on",
    ]);
    expect(events[0]).toMatchObject({ address: "192.0.2.44", browser: "Firefox on Linux" });
  });

  it("turns off only with the password or a current code, and says so in the trail", async () => {
    const user = await makeUser();
    const { secret, cookie } = await enrol(user);
    await trustedBrowser(user, secret);
    const refused = asResponse(await post(cookie, { intent: "disable" }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.confirmation).toEqual([
      "Enter your password or a current 6-digit code from your app",
    ]);
    // A wrong password and a wrong code are refused as well: the session alone is not enough.
    for (const confirmation of ["not the password at all", "000000"]) {
      const wrong = asResponse(await post(cookie, { intent: "disable", confirmation }));
      expect(wrong.status).toBe(400);
    }
    await redirected(() => post(cookie, { intent: "disable", confirmation: TEST_PASSWORD }));
    const events = await listSecurityEvents(user.id);
    expect(events.slice(0, 2).map((event) => event.what)).toEqual([
      "Two-step sign-in turned off",
      "Trusted browsers forgotten",
    ]);
    expect(events[1].detail).toBe("1 browser");
  });
});

describe("signing out everywhere else", () => {
  it("ends the API tokens as well as the other sessions, and says so in the trail", async () => {
    const user = await makeUser();
    const { secret, cookie: here } = await enrol(user);
    await trustedBrowser(user, secret);
    const elsewhere = await sessionCookie(user);
    const { token } = await issueToken(user.id);
    const page = await json(await accountLoader(args(getRequest("/myaccount", here))));
    expect(page.apiTokens).toBe(1);

    await redirected(() =>
      accountAction(args(postFrom("/myaccount", { intent: "signOutOthers" }, here))),
    );
    expect((await readToken(token)).status).toBe("expired");
    expect(await countRows(schema.apiTokens, user.id)).toBe(0);
    expect((await readSession(getRequest("/", elsewhere))).status).toBe("none");
    expect((await readSession(getRequest("/", here))).status).toBe("active");
    expect(await trustedBrowsers(user.id)).toEqual([]);
    const events = await listSecurityEvents(user.id);
    expect(events.slice(0, 2).map((event) => event.what)).toEqual([
      "Signed out everywhere else",
      "Trusted browsers forgotten",
    ]);
    expect(events[0]).toMatchObject({ address: "192.0.2.44", browser: "Firefox on Linux" });
  });
});

describe("the security history", () => {
  it("shows the owner their own entries, with when, what, the client address and the browser", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const stranger = await makeUser();
    await redirected(() =>
      accountAction(args(postFrom("/myaccount", { intent: "signOutOthers" }, cookie))),
    );
    const mine = await json(
      await mySecurityLoader(args(getRequest("/myaccount/security", cookie))),
    );
    expect(mine.events).toEqual([
      {
        id: expect.any(Number),
        what: "Signed out everywhere else",
        detail: "",
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        address: "192.0.2.44",
        browser: "Firefox on Linux",
      },
    ]);
    // Another member sees only their own (none).
    const theirs = await json(
      await mySecurityLoader(
        args(getRequest("/myaccount/security", await sessionCookie(stranger))),
      ),
    );
    expect(theirs.events).toEqual([]);
    const signedOut = await redirected(() =>
      mySecurityLoader(args(getRequest("/myaccount/security"))),
    );
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Fmyaccount%2Fsecurity");
  });

  it("shows an admin any account's entries, and no one else", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    await redirected(() =>
      accountAction(args(postFrom("/myaccount", { intent: "signOutOthers" }, cookie))),
    );
    const load = (cookie: string) =>
      userSecurityLoader({
        ...args(getRequest(`/dashboard/users/${user.id}/security`, cookie)),
        params: { userId: String(user.id) },
      });
    const admin = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const page = await json(await load(admin));
    expect(page.user).toMatchObject({ id: user.id, email: user.email });
    expect(page.events.map((event: { what: string }) => event.what)).toEqual([
      "Signed out everywhere else",
    ]);
    for (const roles of [[], ["editor"], ["reportadmin"], ["websitealerts"]]) {
      const cookie = await sessionCookie(await makeUser({ roles }));
      const refused = await redirected(() => load(cookie));
      expect(refused.headers.get("Location")).toBe("/notallowed");
    }
    // The account's owner too: their own page is under My account.
    const own = await redirected(() => load(cookie));
    expect(own.headers.get("Location")).toBe("/notallowed");
  });
});

describe("staff sessions", () => {
  /** Moves the user's sessions' and tokens' sign-in back by the interval (still seen just now). */
  async function signedInAgo(userId: number, interval: string) {
    const db = await getDb();
    await db.execute(
      sql`UPDATE sessions SET created_at = now() - ${interval}::interval WHERE user_id = ${userId}`,
    );
    await db.execute(
      sql`UPDATE api_tokens SET created_at = now() - ${interval}::interval WHERE user_id = ${userId}`,
    );
  }

  it("end 12 hours after sign-in, whatever SESSION_MAX_DAYS allows members", async () => {
    const editor = await makeUser({ roles: ["editor"] });
    const member = await makeUser();
    const setCookie = await createSession(new Request("http://localhost:3000/login"), editor.id);
    expect(setCookie).toMatch(/Max-Age=43200;/);
    const staff = setCookie.split(";")[0];
    const plain = await sessionCookie(member);
    await signedInAgo(editor.id, "11 hours 59 minutes");
    expect((await readSession(getRequest("/", staff))).status).toBe("active");
    await signedInAgo(editor.id, "12 hours 1 minute");
    await signedInAgo(member.id, "12 hours 1 minute");
    expect((await readSession(getRequest("/", staff))).status).toBe("expired");
    // Members keep SESSION_MAX_DAYS (7 by default).
    expect((await readSession(getRequest("/", plain))).status).toBe("active");
  });

  it("holds a member made staff during a session to the staff limit, counted from sign-in", async () => {
    // A member with two-step on: made staff, they keep their sessions (see "a role granted").
    const member = await makeUser();
    const { cookie } = await enrol(member);
    await signedInAgo(member.id, "13 hours");
    expect((await readSession(getRequest("/", cookie))).status).toBe("active");
    const admin = await sessionCookie(await makeUser({ roles: ["admin"] }));
    await redirected(() =>
      userAction({
        ...args(
          postRequest(
            `/dashboard/users/${member.id}`,
            { intent: "assignRole", role: "reportadmin" },
            admin,
          ),
        ),
        params: { userId: String(member.id) },
      }),
    );
    expect((await readSession(getRequest("/", cookie))).status).toBe("expired");
  });

  it("holds staff API tokens to 12 hours, even where API_TOKEN_HOURS allows more", async () => {
    process.env.API_TOKEN_HOURS = "48";
    resetEnvForTesting();
    try {
      const editor = await makeUser({ roles: ["editor"] });
      const member = await makeUser();
      const staffToken = await issueToken(editor.id);
      const memberToken = await issueToken(member.id);
      const hoursLeft = (at: Date) => (at.getTime() - Date.now()) / 3_600_000;
      expect(hoursLeft(staffToken.expiresAt)).toBeGreaterThan(11.9);
      expect(hoursLeft(staffToken.expiresAt)).toBeLessThanOrEqual(12);
      expect(hoursLeft(memberToken.expiresAt)).toBeGreaterThan(47.9);
      await signedInAgo(editor.id, "12 hours 1 minute");
      await signedInAgo(member.id, "12 hours 1 minute");
      expect((await readToken(staffToken.token)).status).toBe("expired");
      expect((await readToken(memberToken.token)).status).toBe("active");
    } finally {
      delete process.env.API_TOKEN_HOURS;
      resetEnvForTesting();
    }
  });
});

describe("a role granted or taken away", () => {
  const changeRole = (admin: string, userId: number, intent: string, role: string) =>
    redirected(() =>
      userAction({
        ...args(postRequest(`/dashboard/users/${userId}`, { intent, role }, admin)),
        params: { userId: String(userId) },
      }),
    );
  /** Whether the session opens the admin's users page, and the token lists users. */
  async function adminAccess(cookie: string, token: string) {
    const page = await Promise.resolve(
      usersLoader(args(getRequest("/dashboard/users", cookie))),
    ).catch((thrown: unknown) => thrown);
    const api = await callApi("GET", "/auth/userslist", { token });
    return {
      page:
        page instanceof Response
          ? page.headers.get("Location")
          : asResponse(page).status === 200
            ? "open"
            : null,
      api: api.status,
    };
  }

  it("applies to the user's live sessions and API tokens at their next request", async () => {
    const adminUser = await makeUser({ roles: ["admin"] });
    const admin = await sessionCookie(adminUser);
    const settings = await getSiteSettings();
    // Here the staff's two-step rule is off: the role alone is what changes.
    await updateSiteSettings({ ...settings, requireStaffTwoStep: false }, adminUser.id);
    try {
      const user = await makeUser();
      const cookie = await sessionCookie(user);
      const token = await tokenFor(user);
      expect(await adminAccess(cookie, token)).toEqual({ page: "/notallowed", api: 403 });
      await changeRole(admin, user.id, "assignRole", "admin");
      expect(await adminAccess(cookie, token)).toEqual({ page: "open", api: 200 });
      await changeRole(admin, user.id, "revokeRole", "admin");
      expect(await adminAccess(cookie, token)).toEqual({ page: "/notallowed", api: 403 });
    } finally {
      await updateSiteSettings({ ...settings, requireStaffTwoStep: true }, adminUser.id);
    }
  });

  it("signs out a member made staff without two-step while staff must use it, to set it up", async () => {
    const admin = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const token = await tokenFor(user);
    await changeRole(admin, user.id, "assignRole", "editor");
    expect((await readSession(getRequest("/", cookie))).status).toBe("none");
    expect((await readToken(token)).status).toBe("expired");
    const again = await signInWithPassword(user);
    expect(again.headers.get("Location")).toBe("/myaccount/two-step");
    expect(hasSession(again)).toBe(false);
    // Staff who have it keep their sessions.
    const enrolled = await makeUser();
    const { cookie: theirs } = await enrol(enrolled);
    await changeRole(admin, enrolled.id, "assignRole", "editor");
    expect((await readSession(getRequest("/", theirs))).status).toBe("active");
  });
});
