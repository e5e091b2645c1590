import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/db/client.server";
import { requirePermission, requireUser, TOKEN_EXPIRED } from "~/auth/auth.server";
import { safeRedirect } from "~/lib/safe-redirect.server";
import { resetEnvForTesting } from "~/lib/env.server";
import { runInRequest } from "~/lib/request-context.server";
import { readSessionWith, sessionAbsoluteMs, sessionIdleMs } from "~/auth/session.server";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as logoutAction } from "~/routes/logout";
import { loader as rootLoader } from "~/root";
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
import { asResponse } from "../route-result";

const GENERIC = "The email or password is incorrect, or the account cannot sign in.";

async function loginResult(fields: Record<string, string>) {
  const response = asResponse(await loginAction(args(postRequest("/login", fields))));
  return { status: response.status, body: await response.json() };
}

describe("sign-in", () => {
  it("signs in, sets an HttpOnly SameSite=Lax session cookie and returns to the requested address", async () => {
    const user = await makeUser();
    const response = await redirected(() =>
      loginAction(
        args(
          postRequest("/login", {
            email: user.email.toUpperCase(),
            password: TEST_PASSWORD,
            redirectTo: "/myaccount?tab=1",
          }),
        ),
      ),
    );
    expect(response.headers.get("Location")).toBe("/myaccount?tab=1");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^hsd_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const signedIn = await requireUser(getRequest("/myaccount", cookiesOf(response)));
    expect(signedIn.id).toBe(user.id);
  });

  it("marks the cookie Secure behind an HTTPS proxy", async () => {
    const user = await makeUser();
    const request = postRequest("/login", { email: user.email, password: TEST_PASSWORD });
    request.headers.set("X-Forwarded-Proto", "https");
    const response = await redirected(() => loginAction(args(request)));
    expect(response.headers.get("Set-Cookie")).toMatch(/Secure/);
  });

  it("stores only a hash of the session id", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const db = await getDb();
    const rows = await db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(cookie).not.toContain(rows[0].idHash);
  });

  it("answers a wrong password and an unknown email with the same generic message", async () => {
    const user = await makeUser();
    const wrong = await loginResult({ email: user.email, password: "not the password" });
    const unknown = await loginResult({ email: "nobody@test.example.org", password: "whatever" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.password).toEqual([GENERIC]);
    expect(unknown.body.error.password).toEqual([GENERIC]);
    // The email is kept for the next try; the password is not sent back.
    expect(wrong.body.initialValue.email).toBe(user.email);
    expect(wrong.body.initialValue.password).toBeUndefined();
  });

  it("names each missing field", async () => {
    const result = await loginResult({ email: "", password: "" });
    expect(result.status).toBe(400);
    expect(result.body.error.email).toEqual(["Enter your email address"]);
    expect(result.body.error.password).toEqual(["Enter your password"]);
  });

  it("never redirects off the site", () => {
    expect(safeRedirect("//evil.example.com")).toBe("/");
    expect(safeRedirect("https://evil.example.com")).toBe("/");
    expect(safeRedirect("/\\evil.example.com")).toBe("/");
    expect(safeRedirect("/search?q=a")).toBe("/search?q=a");
  });

  it("sends a signed-in visitor on from /login, and keeps the return address for others", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const response = await redirected(() =>
      loginLoader(args(getRequest("/login?redirectTo=%2Fmyaccount", cookie))),
    );
    expect(response.headers.get("Location")).toBe("/myaccount");
    const page = asResponse(await loginLoader(args(getRequest("/login?redirectTo=%2Fmyaccount"))));
    expect(await page.json()).toEqual({ redirectTo: "/myaccount" });
  });
});

describe("suspended and deleted accounts", () => {
  for (const column of ["suspendedAt", "deletedAt"] as const) {
    it(`${column}: cannot sign in, and existing sessions stop at once`, async () => {
      const user = await makeUser();
      const cookie = await sessionCookie(user);
      const db = await getDb();
      await db
        .update(schema.users)
        .set({ [column]: new Date() })
        .where(eq(schema.users.id, user.id));
      const result = await loginResult({ email: user.email, password: TEST_PASSWORD });
      expect(result.status).toBe(401);
      expect(result.body.error.password).toEqual([GENERIC]);
      const response = await redirected(() => requireUser(getRequest("/myaccount", cookie)));
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmyaccount");
    });
  }
});

describe("session expiry", () => {
  async function expireWith(change: Record<string, unknown>) {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const db = await getDb();
    await db.update(schema.sessions).set(change).where(eq(schema.sessions.userId, user.id));
    const response = await redirected(() => requireUser(getRequest("/myaccount?x=1", cookie)));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmyaccount%3Fx%3D1");
    // The banner travels in a one-time cookie that the next page shows.
    const root = asResponse(await rootLoader(args(getRequest("/login", cookiesOf(response)))));
    const data = await root.json();
    expect(data.flash).toEqual({ severity: "error", message: TOKEN_EXPIRED });
    expect(data.user).toBeNull();
    // Every loader of the same navigation sees the same expiry.
    const again = await redirected(() => requireUser(getRequest("/myaccount", cookie)));
    expect(again.headers.getSetCookie().some((value) => value.startsWith("hsd_flash="))).toBe(true);
    // The next sign-in sweeps the dead session away.
    await sessionCookie(user);
    const remaining = await db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    expect(remaining).toHaveLength(1);
  }

  it("ends a session idle for longer than the idle lifetime", async () => {
    await expireWith({ lastSeenAt: new Date(Date.now() - sessionIdleMs() - 1000) });
  });

  it("ends a session past its absolute lifetime, however active", async () => {
    await expireWith({
      expiresAt: new Date(Date.now() - 1000),
      createdAt: new Date(Date.now() - sessionAbsoluteMs()),
    });
  });

  it("ends a session created under another APP_VERSION", async () => {
    await expireWith({ appVersion: "2.17.1" });
  });

  it("ends sessions when the app version changes", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    process.env.APP_VERSION = "9.9.9";
    resetEnvForTesting();
    try {
      const response = await redirected(() => requireUser(getRequest("/myaccount", cookie)));
      expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmyaccount");
    } finally {
      delete process.env.APP_VERSION;
      resetEnvForTesting();
    }
  });

  it("keeps an active session alive and records when it was last seen", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const db = await getDb();
    const old = new Date(Date.now() - 10 * 60 * 1000);
    await db
      .update(schema.sessions)
      .set({ lastSeenAt: old })
      .where(eq(schema.sessions.userId, user.id));
    await requireUser(getRequest("/myaccount", cookie));
    const [row] = await db
      .select({ fresh: sql<boolean>`${schema.sessions.lastSeenAt} > now() - interval '1 minute'` })
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    expect(row.fresh).toBe(true);
  });
});

describe("log out", () => {
  it("ends the session, clears the cookie and reloads the page", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const response = await redirected(() =>
      logoutAction(args(postRequest("/logout", { redirectTo: "/about" }, cookie))),
    );
    expect(response.headers.get("Location")).toBe("/about");
    expect(
      response.headers.getSetCookie().some((value) => /^hsd_session=;.*Max-Age=0/.test(value)),
    ).toBe(true);
    const after = await redirected(() => requireUser(getRequest("/myaccount", cookie)));
    expect(after.headers.get("Location")).toBe("/login?redirectTo=%2Fmyaccount");
  });
});

describe("requirePermission", () => {
  it("grants a permission to any of its roles, lower-cased, and sends others to /notallowed", async () => {
    const editor = await makeUser({ roles: ["EDITOR"] });
    expect(editor.roles).toEqual(["editor"]);
    const cookie = await sessionCookie(editor);
    await expect(
      requirePermission(getRequest("/x", cookie), "manageContent"),
    ).resolves.toMatchObject({ id: editor.id });
    await expect(requirePermission(getRequest("/x", cookie), "staff")).resolves.toMatchObject({
      id: editor.id,
    });
    for (const other of ["manageUsers", "readUserReports", "manageAlerts"] as const) {
      const refused = await redirected(() => requirePermission(getRequest("/x", cookie), other));
      expect(refused.headers.get("Location")).toBe("/notallowed");
    }
  });

  it("sends a signed-out visitor to /login with the return address", async () => {
    const response = await redirected(() =>
      requirePermission(getRequest("/dashboard/settings?a=b"), "manageUsers"),
    );
    expect(response.headers.get("Location")).toBe(
      "/login?redirectTo=%2Fdashboard%2Fsettings%3Fa%3Db",
    );
  });
});

describe("one session read per page", () => {
  it("shares one read among the loaders of a GET, with every column any of them asked for", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const request = getRequest("/search", cookie);
    const answers = await runInRequest({ id: "shared" }, () =>
      Promise.all([
        readSessionWith(request, {}),
        readSessionWith(request, { answer: sql<number>`41 + 1` }),
        readSessionWith(request, { answer: sql<number>`41 + 1` }),
      ]),
    );
    const [plain, first, second] = answers;
    expect(plain.state.status).toBe("active");
    // A read with more columns is a read of its own; one with the same columns is shared.
    expect(first.extra).toEqual({ answer: 42 });
    expect(second.state).toBe(first.state);
    expect(plain.state).not.toBe(first.state);
    // And a read with fewer columns takes the wider one.
    const [wide, narrow] = await runInRequest({ id: "wide" }, () =>
      Promise.all([
        readSessionWith(request, { answer: sql<number>`41 + 1` }),
        readSessionWith(request, {}),
      ]),
    );
    expect(narrow.state).toBe(wide.state);
  });

  it("reads afresh after an action, and on every request", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const post = postRequest("/myaccount/profile", {}, cookie);
    const [a, b] = await runInRequest({ id: "post" }, () =>
      Promise.all([readSessionWith(post, {}), readSessionWith(post, {})]),
    );
    expect(b.state).not.toBe(a.state);
    const get = getRequest("/", cookie);
    const one = await runInRequest({ id: "one" }, () => readSessionWith(get, {}));
    const two = await runInRequest({ id: "two" }, () => readSessionWith(get, {}));
    expect(two.state).not.toBe(one.state);
  });
});
