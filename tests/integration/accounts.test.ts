import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows, schema } from "~/db/client.server";
import { isCommonPassword } from "~/lib/password-rules.server";
import {
  changePasswordSchema,
  inviteSchema,
  ownPasswordSchema,
  registerSchema,
} from "~/models/accounts.server";
import { readSession } from "~/auth/session.server";
import { recordActivity } from "~/models/records.server";
import { verifyLogin } from "~/models/users.server";
import {
  action as changePasswordAction,
  loader as changePasswordLoader,
} from "~/routes/changepassword";
import { action as inviteAction, loader as inviteLoader } from "~/routes/invite";
import { action as myPasswordAction } from "~/routes/myaccount.password";
import { action as registerAction, loader as registerLoader } from "~/routes/register";
import { action as resetAction } from "~/routes/resetpassword";
import { action as userAction, loader as userLoader } from "~/routes/dashboard.users.$userId";
import { loader as usersLoader } from "~/routes/dashboard.users._index";
import { loader as reportLoader } from "~/routes/dashboard.userreports";
import { loader as reportCsvLoader } from "~/routes/dashboard.userreports[.]csv";
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
import { required } from "~/lib/required";
import { asResponse } from "../route-result";

const STRONG = "plum orchard tuesday lantern";

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

const linkIn = (text: string, path: string) => {
  const match = text.match(new RegExp(`https?://\\S+${path.replace("/", "\\/")}\\?\\S+`));
  if (!match) throw new Error(`No ${path} link in: ${text}`);
  return new URL(match[0]);
};

const uniqueEmail = () => `new-${randomUUID().slice(0, 8)}@test.example.org`;

async function invite(adminCookie: string, email: string) {
  const response = await redirected(() =>
    inviteAction(
      args(
        postRequest(
          "/invite",
          { firstName: "Nia", middleName: "J", lastName: "Newcomer", email },
          adminCookie,
        ),
      ),
    ),
  );
  expect(response.headers.get("Location")).toBe("/invite");
  const mail = await lastEmailTo(email);
  return required(
    linkIn(mail.textBody, "/register").searchParams.get("invitationCode"),
    "an invitation code in the email",
  );
}

describe("password rules", () => {
  it("turns away common passwords and repeated characters, whatever their case", () => {
    expect(isCommonPassword("Password1234")).toBe(true);
    expect(isCommonPassword("aaaaaaaaaaaaaaa")).toBe(true);
    expect(isCommonPassword(STRONG)).toBe(false);
  });

  it("asks for a password in the words of its field: a new one where the field is New password", () => {
    const message = (result: {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    }) => result.error?.issues.find((issue) => issue.path[0] === "password")?.message;
    expect(message(registerSchema("a@example.org").safeParse({ password: "" }))).toBe(
      "Enter a password",
    );
    expect(
      message(ownPasswordSchema("a@example.org").safeParse({ currentPassword: "x", password: "" })),
    ).toBe("Enter a new password");
    expect(
      message(changePasswordSchema("a@example.org").safeParse({ token: "t", password: "" })),
    ).toBe("Enter a new password");
    expect(
      inviteSchema.safeParse({ firstName: "A", lastName: "B", email: "" }).error?.issues[0]
        ?.message,
    ).toBe("Enter their email address");
  });
});

describe("invitations and registration", () => {
  it("is for admins only: every other role goes to /notallowed, on the page and the form", async () => {
    for (const roles of [[], ["editor"], ["reportadmin"], ["websitealerts"]]) {
      const cookie = await sessionCookie(await makeUser({ roles }));
      expect(
        (await redirected(() => inviteLoader(args(getRequest("/invite", cookie))))).headers.get(
          "Location",
        ),
      ).toBe("/notallowed");
      const email = uniqueEmail();
      const posting = await redirected(() =>
        inviteAction(
          args(postRequest("/invite", { firstName: "X", lastName: "Y", email }, cookie)),
        ),
      );
      expect(posting.headers.get("Location")).toBe("/notallowed");
      expect(await emailsTo(email)).toHaveLength(0);
    }
  });

  it("emails a single-use link that registers the invited person and signs them in", async () => {
    const admin = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const email = uniqueEmail();
    const code = await invite(admin, email);

    const page = asResponse(
      await registerLoader(args(getRequest(`/register?invitationCode=${code}`))),
    );
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      status: "valid",
      invitation: { email, firstName: "Nia", middleName: "J", lastName: "Newcomer" },
    });

    // A weak password is refused with the rule's words, the names kept, the passwords not echoed.
    const weak = asResponse(
      await registerAction(
        args(
          postRequest("/register", {
            invitationCode: code,
            firstName: "Nia",
            middleName: "J",
            lastName: "Newcomer-Smith",
            password: email,
            confirmPassword: email,
          }),
        ),
      ),
    );
    expect(weak.status).toBe(400);
    const reply = await weak.json();
    expect(reply.error.password).toContain("Password must not be your email address");
    expect(reply.initialValue).toMatchObject({ lastName: "Newcomer-Smith" });
    expect(reply.initialValue.password).toBeUndefined();
    for (const [password, message] of [
      ["short one", "Password must be at least 12 characters"],
      ["Password1234", "Password is too common. Choose a password that is harder to guess"],
    ]) {
      const refused = asResponse(
        await registerAction(
          args(
            postRequest("/register", {
              invitationCode: code,
              firstName: "Nia",
              lastName: "N",
              password,
              confirmPassword: password,
            }),
          ),
        ),
      );
      expect((await refused.json()).error.password).toContain(message);
    }
    const mismatch = asResponse(
      await registerAction(
        args(
          postRequest("/register", {
            invitationCode: code,
            firstName: "Nia",
            lastName: "N",
            password: STRONG,
            confirmPassword: `${STRONG}!`,
          }),
        ),
      ),
    );
    expect((await mismatch.json()).error.confirmPassword).toContain("The passwords do not match");

    const done = await redirected(() =>
      registerAction(
        args(
          postRequest("/register", {
            invitationCode: code,
            firstName: "Nia",
            middleName: "J",
            lastName: "Newcomer",
            password: STRONG,
            confirmPassword: STRONG,
          }),
        ),
      ),
    );
    expect(done.headers.get("Location")).toBe("/");
    const state = await readSession(getRequest("/", cookiesOf(done)));
    expect(state.status === "active" && state.user.email).toBe(email);
    expect(await verifyLogin(email, STRONG)).not.toBeNull();

    // The code is spent: the page says so, and posting again creates nothing.
    const again = asResponse(
      await registerLoader(args(getRequest(`/register?invitationCode=${code}`))),
    );
    expect(again.status).toBe(410);
    expect((await again.json()).status).toBe("used");
    const replay = await redirected(() =>
      registerAction(
        args(
          postRequest("/register", {
            invitationCode: code,
            firstName: "Evil",
            lastName: "Twin",
            password: STRONG,
            confirmPassword: STRONG,
          }),
        ),
      ),
    );
    expect(replay.headers.get("Location")).toBe(`/register?invitationCode=${code}`);
    const db = await getDb();
    const [{ count }] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM users WHERE lower(email) = ${email}`,
    );
    expect(count).toBe(1);
  });

  it("answers unknown and expired codes with a page that says what to do, never a form", async () => {
    const unknown = asResponse(
      await registerLoader(args(getRequest("/register?invitationCode=nonsense"))),
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ status: "unknown" });
    const admin = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const email = uniqueEmail();
    const code = await invite(admin, email);
    const db = await getDb();
    await db.execute(
      sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE email = ${email}`,
    );
    const expired = asResponse(
      await registerLoader(args(getRequest(`/register?invitationCode=${code}`))),
    );
    expect(expired.status).toBe(410);
    expect((await expired.json()).status).toBe("expired");
  });

  it("refuses to invite an address that already has an account, and a newer invitation withdraws the older", async () => {
    const admin = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const existing = await makeUser();
    const taken = asResponse(
      await inviteAction(
        args(
          postRequest(
            "/invite",
            { firstName: "A", lastName: "B", email: existing.email.toUpperCase() },
            admin,
          ),
        ),
      ),
    );
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.email).toEqual(["An account with this email already exists"]);

    const email = uniqueEmail();
    const first = await invite(admin, email);
    const second = await invite(admin, email);
    expect(
      (
        (await asResponse(
          await registerLoader(args(getRequest(`/register?invitationCode=${first}`))),
        ).json()) as { status: string }
      ).status,
    ).toBe("used");
    expect(
      (
        (await asResponse(
          await registerLoader(args(getRequest(`/register?invitationCode=${second}`))),
        ).json()) as { status: string }
      ).status,
    ).toBe("valid");
  });
});

describe("password reset", () => {
  it("writes an email only for a real, active account, and shows /checkemail either way", async () => {
    const unknown = uniqueEmail();
    const answer = await redirected(() =>
      resetAction(args(postRequest("/resetpassword", { email: unknown }))),
    );
    expect(answer.headers.get("Location")).toBe("/checkemail");
    expect(await emailsTo(unknown)).toHaveLength(0);

    const user = await makeUser();
    const known = await redirected(() =>
      resetAction(args(postRequest("/resetpassword", { email: user.email.toUpperCase() }))),
    );
    expect(known.headers.get("Location")).toBe("/checkemail");
    expect(await emailsTo(user.email)).toHaveLength(1);
  });

  it("sets a new password once per token, ending every other session and signing in", async () => {
    const user = await makeUser();
    const oldSession = await sessionCookie(user);
    await redirected(() => resetAction(args(postRequest("/resetpassword", { email: user.email }))));
    const token = required(
      linkIn((await lastEmailTo(user.email)).textBody, "/changepassword").searchParams.get("token"),
      "a reset token in the email",
    );

    const form = asResponse(
      await changePasswordLoader(args(getRequest(`/changepassword?token=${token}`))),
    );
    expect(await form.json()).toMatchObject({ status: "valid", email: user.email });
    const weak = asResponse(
      await changePasswordAction(
        args(
          postRequest("/changepassword", {
            token,
            password: user.email,
            confirmPassword: user.email,
          }),
        ),
      ),
    );
    expect(weak.status).toBe(400);

    const done = await redirected(() =>
      changePasswordAction(
        args(postRequest("/changepassword", { token, password: STRONG, confirmPassword: STRONG })),
      ),
    );
    expect(done.headers.get("Location")).toBe("/");
    expect((await readSession(getRequest("/", cookiesOf(done)))).status).toBe("active");
    expect((await readSession(getRequest("/", oldSession))).status).toBe("none");
    expect(await verifyLogin(user.email, STRONG)).not.toBeNull();
    expect(await verifyLogin(user.email, TEST_PASSWORD)).toBeNull();

    const reused = asResponse(
      await changePasswordLoader(args(getRequest(`/changepassword?token=${token}`))),
    );
    expect(reused.status).toBe(410);
    const replay = await redirected(() =>
      changePasswordAction(
        args(
          postRequest("/changepassword", {
            token,
            password: `${STRONG} again`,
            confirmPassword: `${STRONG} again`,
          }),
        ),
      ),
    );
    expect(replay.headers.get("Location")).toBe(`/changepassword?token=${token}`);
    expect(await verifyLogin(user.email, STRONG)).not.toBeNull();
  });

  it("expires tokens after an hour and limits requests per account and per address", async () => {
    const user = await makeUser();
    for (let i = 0; i < 4; i++)
      await redirected(() =>
        resetAction(args(postRequest("/resetpassword", { email: user.email }))),
      );
    // Three emails an hour per account; the fourth request writes nothing, and says nothing.
    expect(await emailsTo(user.email)).toHaveLength(3);
    await redirected(() => resetAction(args(postRequest("/resetpassword", { email: user.email }))));
    const limited = asResponse(
      await resetAction(args(postRequest("/resetpassword", { email: user.email }))),
    );
    expect(limited.status).toBe(429);
    expect((await limited.json()).error[""]).toEqual([
      "Too many reset requests. Please wait an hour and try again.",
    ]);

    const db = await getDb();
    await db.execute(
      sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    const token = required(
      linkIn((await lastEmailTo(user.email)).textBody, "/changepassword").searchParams.get("token"),
      "a reset token in the email",
    );
    expect(
      (
        (await asResponse(
          await changePasswordLoader(args(getRequest(`/changepassword?token=${token}`))),
        ).json()) as { status: string }
      ).status,
    ).toBe("invalid");
  });

  it("lets a signed-in user change their own password with the current one, ending their other sessions", async () => {
    const user = await makeUser();
    const here = await sessionCookie(user);
    const elsewhere = await sessionCookie(user);
    const wrong = asResponse(
      await myPasswordAction(
        args(
          postRequest(
            "/myaccount/password",
            { currentPassword: "not it at all", password: STRONG, confirmPassword: STRONG },
            here,
          ),
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.currentPassword).toEqual([
      "Your current password is incorrect",
    ]);
    const done = await redirected(() =>
      myPasswordAction(
        args(
          postRequest(
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
    expect(await verifyLogin(user.email, STRONG)).not.toBeNull();
  });
});

describe("user management", () => {
  const detail = (id: number, cookie: string) => args(getRequest(`/dashboard/users/${id}`, cookie));
  const act = (id: number, fields: Record<string, string>, cookie: string) =>
    redirected(() =>
      userAction({
        ...args(postRequest(`/dashboard/users/${id}`, fields, cookie)),
        params: { userId: String(id) },
      }),
    );

  it("refuses anyone but an admin on every page and action; reportadmin reads reports only", async () => {
    const target = await makeUser();
    for (const roles of [[], ["editor"], ["reportadmin"], ["websitealerts"]]) {
      const cookie = await sessionCookie(await makeUser({ roles }));
      const refusals: (() => Promise<unknown>)[] = [
        () => usersLoader(args(getRequest("/dashboard/users", cookie))),
        () => userLoader({ ...detail(target.id, cookie), params: { userId: String(target.id) } }),
        () => act(target.id, { intent: "suspend" }, cookie),
      ];
      if (!roles.includes("reportadmin")) {
        refusals.push(() => reportLoader(args(getRequest("/dashboard/userreports", cookie))));
        refusals.push(() =>
          reportCsvLoader(args(getRequest("/dashboard/userreports.csv", cookie))),
        );
      }
      for (const attempt of refusals)
        expect((await redirected(attempt)).headers.get("Location")).toBe("/notallowed");
    }
    expect(await verifyLogin(target.email, TEST_PASSWORD)).not.toBeNull();
    const reportadmin = await sessionCookie(await makeUser({ roles: ["reportadmin"] }));
    expect(
      asResponse(await reportLoader(args(getRequest("/dashboard/userreports", reportadmin))))
        .status,
    ).toBe(200);
  });

  it("suspends (signing out at once), activates, deletes and undeletes, recording who did what", async () => {
    const admin = await makeUser({ roles: ["admin"], firstName: "Auditing" });
    const cookie = await sessionCookie(admin);
    const target = await makeUser();
    const targetSession = await sessionCookie(target);

    await act(target.id, { intent: "suspend" }, cookie);
    expect((await readSession(getRequest("/", targetSession))).status).toBe("none");
    expect(await verifyLogin(target.email, TEST_PASSWORD)).toBeNull();
    await act(target.id, { intent: "activate" }, cookie);
    expect(await verifyLogin(target.email, TEST_PASSWORD)).not.toBeNull();
    await act(target.id, { intent: "delete" }, cookie);
    expect(await verifyLogin(target.email, TEST_PASSWORD)).toBeNull();
    await act(target.id, { intent: "undelete" }, cookie);
    expect(await verifyLogin(target.email, TEST_PASSWORD)).not.toBeNull();

    const page = asResponse(
      await userLoader({
        ...detail(target.id, cookie),
        params: { userId: String(target.id) },
      }),
    );
    const { history } = (await page.json()) as { history: { action: string; actor: string }[] };
    expect(history.map((entry) => entry.action)).toEqual([
      "Undeleted",
      "Deleted",
      "Activated",
      "Suspended",
    ]);
    expect(history.every((entry) => entry.actor.includes(admin.email))).toBe(true);
  });

  it("assigns and revokes roles and turns notifications on and off", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const target = await makeUser();
    await act(target.id, { intent: "assignRole", role: "editor" }, cookie);
    expect((await verifyLogin(target.email, TEST_PASSWORD))?.roles).toEqual(["editor"]);
    await act(target.id, { intent: "revokeRole", role: "editor" }, cookie);
    expect((await verifyLogin(target.email, TEST_PASSWORD))?.roles).toEqual([]);
    await act(target.id, { intent: "notificationsOn" }, cookie);
    const db = await getDb();
    const enrolled = async () =>
      (
        await queryRows<{ email_notifications: boolean }>(
          db,
          sql`SELECT email_notifications FROM user_preferences WHERE user_id = ${target.id}`,
        )
      )[0].email_notifications;
    expect(await enrolled()).toBe(true);
    await act(target.id, { intent: "notificationsOff" }, cookie);
    expect(await enrolled()).toBe(false);
    // A made-up role or action changes nothing.
    await act(target.id, { intent: "assignRole", role: "superuser" }, cookie);
    expect((await verifyLogin(target.email, TEST_PASSWORD))?.roles).toEqual([]);
    // So does a role change that names no role ("Choose a role."): nothing is recorded.
    await act(target.id, { intent: "assignRole" }, cookie);
    await act(target.id, { intent: "revokeRole" }, cookie);
    const page = asResponse(
      await userLoader({
        ...detail(target.id, cookie),
        params: { userId: String(target.id) },
      }),
    );
    const { history } = (await page.json()) as { history: { action: string }[] };
    expect(history.filter((entry) => entry.action.startsWith("Role")).map((e) => e.action)).toEqual(
      ["Role revoked", "Role assigned"],
    );
  });

  it("does not let an admin suspend, delete or strip admin from themselves", async () => {
    const admin = await makeUser({ roles: ["admin"] });
    const cookie = await sessionCookie(admin);
    const attempts: Record<string, string>[] = [
      { intent: "suspend" },
      { intent: "delete" },
      { intent: "revokeRole", role: "admin" },
    ];
    for (const fields of attempts) {
      await act(admin.id, fields, cookie);
    }
    expect((await readSession(getRequest("/", cookie))).status).toBe("active");
    expect((await verifyLogin(admin.email, TEST_PASSWORD))?.roles).toEqual(["admin"]);
  });

  it("sorts, filters and pages the list", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const suspended = await makeUser({ firstName: "Zed" });
    await act(suspended.id, { intent: "suspend" }, cookie);
    const list = async (query: string) =>
      (await asResponse(
        await usersLoader(args(getRequest(`/dashboard/users?${query}`, cookie))),
      ).json()) as {
        users: { email: string; suspended: boolean }[];
        total: number;
      };
    const only = await list("suspended=only");
    expect(only.users.map((user) => user.email)).toContain(suspended.email);
    expect(only.users.every((user) => user.suspended)).toBe(true);
    expect((await list("suspended=exclude")).users.map((user) => user.email)).not.toContain(
      suspended.email,
    );
    const byEmail = await list("orderBy=email&sortOrder=desc&size=10");
    const emails = byEmail.users.map((user) => user.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(emails.length).toBeLessThanOrEqual(10);
    const page2 = await list("orderBy=email&sortOrder=desc&size=10&page=2");
    expect(page2.total).toBe(byEmail.total);
    if (byEmail.total > 10) expect(page2.users[0].email < emails[9]).toBe(true);
  });
});

describe("user reports", () => {
  it("counts sign-ins, searches, record views, exports and HIR downloads per user over the chosen days, and as CSV", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["reportadmin"] }));
    const user = await makeUser({ firstName: "Counted" });
    await sessionCookie(user); // a sign-in
    await sessionCookie(user);
    await recordActivity(user.id, "search", "term=cancer");
    for (const hssId of ["HSS1", "HSS2", "HSS3"]) await recordActivity(user.id, "view", hssId);
    await recordActivity(user.id, "export", "format=csv");
    await recordActivity(user.id, "download", "1");
    await recordActivity(user.id, "download", "2");
    const db = await getDb();
    // Activity from before the range is left out.
    await db.execute(
      sql`INSERT INTO user_activity (user_id, activity_type, activity_value, created_at) VALUES (${user.id}, 'search', 'old', '2020-01-01T12:00:00Z')`,
    );

    const today = new Date().toISOString().slice(0, 10);
    const query = `from=${today}&to=${today}&q=${encodeURIComponent(user.email)}`;
    const page = asResponse(
      await reportLoader(args(getRequest(`/dashboard/userreports?${query}`, cookie))),
    );
    const { report } = (await page.json()) as {
      report: {
        rows: {
          email: string;
          signIns: number;
          searches: number;
          views: number;
          exports: number;
          downloads: number;
        }[];
      };
    };
    expect(report.rows).toEqual([
      expect.objectContaining({
        email: user.email,
        signIns: 2,
        searches: 1,
        views: 3,
        exports: 1,
        downloads: 2,
      }),
    ]);

    const wide = asResponse(
      await reportLoader(
        args(
          getRequest(
            `/dashboard/userreports?from=2019-12-31&to=${today}&q=${encodeURIComponent(user.email)}`,
            cookie,
          ),
        ),
      ),
    );
    expect(
      ((await wide.json()) as { report: { rows: { searches: number }[] } }).report.rows[0].searches,
    ).toBe(2);

    const csv = asResponse(
      await reportCsvLoader(args(getRequest(`/dashboard/userreports.csv?${query}`, cookie))),
    );
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe(
      `attachment; filename="user-report-${today}-to-${today}.csv"`,
    );
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Name,Email,Roles,Status,Sign-ins,Searches,Record views,Exports,HIR downloads,Last sign-in (UTC),From,To",
    );
    expect(lines[1]).toMatch(new RegExp(`^Counted User,${user.email},,Active,2,1,3,1,2,`));
    expect(lines[2]).toBe(`Total,,,,2,1,3,1,2,,${today},${today}`);
  });

  it("sorts by any count, and filters deleted users in or out", async () => {
    const admin = await sessionCookie(await makeUser({ roles: ["admin"] }));
    // A name no other test uses, so test files running beside this one on a shared
    // PostgreSQL database cannot sign someone in more often and take the top row.
    const name = `Sorted${randomUUID().slice(0, 8)}`;
    const busy = await makeUser({ firstName: name });
    const quiet = await makeUser({ firstName: name });
    for (let i = 0; i < 5; i++) await sessionCookie(busy);
    await sessionCookie(quiet);
    const today = new Date().toISOString().slice(0, 10);
    const rows = async (query: string) =>
      (
        (await asResponse(
          await reportLoader(
            args(getRequest(`/dashboard/userreports?from=${today}&to=${today}&${query}`, admin)),
          ),
        ).json()) as {
          report: { rows: { email: string; signIns: number }[] };
        }
      ).report.rows;
    const ours = (order: string) =>
      rows(`q=${name}&orderBy=signIns&sortOrder=${order}`).then((list) =>
        list.map((row) => [row.email, row.signIns]),
      );
    expect(await ours("desc")).toEqual([
      [busy.email, 5],
      [quiet.email, 1],
    ]);
    expect(await ours("asc")).toEqual([
      [quiet.email, 1],
      [busy.email, 5],
    ]);
    const bySignIns = await rows("orderBy=signIns&sortOrder=desc&size=100");
    const counts = bySignIns.map((row) => row.signIns);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const userId = String(busy.id);
    await redirected(() =>
      userAction({
        ...args(postRequest(`/dashboard/users/${userId}`, { intent: "delete" }, admin)),
        params: { userId },
      }),
    );
    expect((await rows(`q=${encodeURIComponent(busy.email)}`)).length).toBe(0);
    expect(
      (await rows(`q=${encodeURIComponent(busy.email)}&deleted=only`)).map((row) => row.email),
    ).toEqual([busy.email]);
  });

  it("explains a bad date range instead of failing", async () => {
    const cookie = await sessionCookie(await makeUser({ roles: ["admin"] }));
    const page = asResponse(
      await reportLoader(
        args(getRequest("/dashboard/userreports?from=2026-03-01&to=2026-02-01", cookie)),
      ),
    );
    expect(page.status).toBe(400);
    const body = (await page.json()) as { errors: Record<string, string>; report: unknown };
    expect(body.errors.to).toBe("The end date must be the same as or after the start date");
    expect(body.report).toBeNull();
    const bad = asResponse(
      await reportLoader(args(getRequest("/dashboard/userreports?from=2026-02-31", cookie))),
    );
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.from).toBe(
      "The start date must be a real date, like 2026-01-31",
    );
  });
});
