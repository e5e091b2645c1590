import { and, eq, sql } from "drizzle-orm";
import { CODE_WINDOW_MINUTES, MAX_CODE_ATTEMPTS } from "~/models/code-guesses.server";
import { TOO_MANY_ATTEMPTS, waitMessage } from "~/models/sign-in-throttle.server";
import { describe, expect, it } from "vitest";
import { getDb, queryRows, schema } from "~/db/client.server";
import { loader as rootLoader } from "~/root";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { loader as userLoader } from "~/routes/dashboard.users.$userId";
import {
  action as resetAction,
  loader as resetLoader,
} from "~/routes/dashboard.users.$userId_.two-step";
import { action as loginAction } from "~/routes/login";
import { action as verifyAction, loader as verifyLoader } from "~/routes/login_.two-step";
import { action as enrolAction, loader as enrolLoader } from "~/routes/myaccount.two-step";
import { getSiteSettings, updateSiteSettings } from "~/models/settings.server";
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

// Each test file has its own store; a new store asks staff for two-step (the setting's default).

describe("enrolment", () => {
  it("limits wrong first codes per account and address, not for everyone at that address", async () => {
    const confirmFrom = async (cookie: string, code: string) =>
      asResponse(
        await enrolAction({
          request: postRequest("/myaccount/two-step", { intent: "confirm", code }, cookie),
          params: {},
          context: { clientAddress: "10.1.1.1" },
        }),
      );
    const guesser = await sessionCookie(await makeUser());
    await enrolLoader(args(getRequest("/myaccount/two-step", guesser)));
    for (let i = 0; i < 10; i++) expect((await confirmFrom(guesser, "000000")).status).toBe(400);
    const blocked = await confirmFrom(guesser, "000000");
    expect(blocked.status).toBe(429);
    // A colleague behind the same proxy enrols as usual.
    const colleague = await sessionCookie(await makeUser());
    const page = await json(await enrolLoader(args(getRequest("/myaccount/two-step", colleague))));
    const secret = String(page.secret).replaceAll(" ", "");
    const confirmed = await confirmFrom(colleague, codeAt(secret));
    expect(confirmed.status).toBe(302);
  });

  it("shows a QR code and the key, turns on with a right code, and shows 10 recovery codes once", async () => {
    const user = await makeUser();
    const cookie = await sessionCookie(user);
    const page = await json(await enrolLoader(args(getRequest("/myaccount/two-step", cookie))));
    expect(page.view).toBe("setup");
    expect(page.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(page.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);
    const secret = page.secret.replaceAll(" ", "");

    // The secret is stored encrypted, not as the key shown.
    const db = await getDb();
    const [stored] = await db
      .select()
      .from(schema.twoStepSecrets)
      .where(eq(schema.twoStepSecrets.userId, user.id));
    expect(stored.secretEnc).not.toContain(secret);
    expect(stored.enabledAt).toBeNull();

    const wrong = asResponse(
      await enrolAction(
        args(postRequest("/myaccount/two-step", { intent: "confirm", code: "000000" }, cookie)),
      ),
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code).toEqual([
      "The code is not right. Enter the 6-digit code your app shows now",
    ]);

    const confirmed = await redirected(() =>
      enrolAction(
        args(
          postRequest("/myaccount/two-step", { intent: "confirm", code: codeAt(secret) }, cookie),
        ),
      ),
    );
    expect(confirmed.headers.get("Location")).toBe("/myaccount/two-step");
    const withCodes = withCookies(cookie, cookiesOf(confirmed));
    const shown = asResponse(await enrolLoader(args(getRequest("/myaccount/two-step", withCodes))));
    const body = await shown.json();
    expect(body.view).toBe("codes");
    expect(body.codes).toHaveLength(10);
    expect(new Set(body.codes).size).toBe(10);
    // Stored only as hashes.
    const rows = await db
      .select()
      .from(schema.twoStepRecoveryCodes)
      .where(eq(schema.twoStepRecoveryCodes.userId, user.id));
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.codeHash)).not.toContain(body.codes[0]);
    // Shown once: the same request's cookie is cleared, and the page now shows the status.
    const after = withCookies(withCodes, cookiesOf(shown));
    const again = await json(await enrolLoader(args(getRequest("/myaccount/two-step", after))));
    expect(again.view).toBe("enabled");
    expect(again.recoveryCodesLeft).toBe(10);
  });

  it("is reached from My account only when signed in", async () => {
    const response = await redirected(() => enrolLoader(args(getRequest("/myaccount/two-step"))));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmyaccount%2Ftwo-step");
  });

  it("makes new recovery codes, and the old ones stop working", async () => {
    const user = await makeUser();
    const { codes, cookie } = await enrol(user);
    const made = await redirected(() =>
      enrolAction(
        args(
          postRequest(
            "/myaccount/two-step",
            { intent: "regenerate", confirmation: TEST_PASSWORD },
            cookie,
          ),
        ),
      ),
    );
    const fresh = await json(
      await enrolLoader(
        args(getRequest("/myaccount/two-step", withCookies(cookie, cookiesOf(made)))),
      ),
    );
    expect(fresh.codes).toHaveLength(10);
    const { response } = await secondStep(user, { intent: "recovery", recoveryCode: codes[0] });
    expect(response.status).toBe(401);
    const { response: ok } = await secondStep(user, {
      intent: "recovery",
      recoveryCode: fresh.codes[0],
    });
    expect(hasSession(ok)).toBe(true);
  });

  it("turns off with the password (not a wrong one), which also forgets trusted browsers", async () => {
    const user = await makeUser();
    const { secret, cookie } = await enrol(user);
    const { response: trusted } = await secondStep(user, {
      intent: "code",
      code: codeAt(secret, 30),
      trust: "on",
    });
    expect(hasSession(trusted)).toBe(true);
    const wrong = asResponse(
      await enrolAction(
        args(
          postRequest(
            "/myaccount/two-step",
            { intent: "disable", confirmation: "nope nope" },
            cookie,
          ),
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    const off = await redirected(() =>
      enrolAction(
        args(
          postRequest(
            "/myaccount/two-step",
            { intent: "disable", confirmation: TEST_PASSWORD },
            cookie,
          ),
        ),
      ),
    );
    expect(off.headers.get("Location")).toBe("/myaccount");
    const db = await getDb();
    expect(
      await db
        .select()
        .from(schema.twoStepTrustedBrowsers)
        .where(eq(schema.twoStepTrustedBrowsers.userId, user.id)),
    ).toEqual([]);
    // Password alone now.
    const signIn = await signInWithPassword(user);
    expect(signIn.headers.get("Location")).toBe("/search");
    expect(hasSession(signIn)).toBe(true);
  });
});

describe("signing in with two-step", () => {
  it("asks for a code after the password, with no session until it is right", async () => {
    const user = await makeUser();
    const { secret } = await enrol(user);
    const first = await signInWithPassword(user);
    expect(first.headers.get("Location")).toBe("/login/two-step");
    expect(hasSession(first)).toBe(false);
    const pending = cookiesOf(first);
    // Not signed in while half way.
    const signedIn = await json(await rootLoader(args(getRequest("/", pending))));
    expect(signedIn.user).toBeNull();
    // The code's page, not a redirect away from it.
    expect(
      asResponse(await verifyLoader(args(getRequest("/login/two-step", pending)))).status,
    ).toBe(200);

    const wrong = asResponse(
      await verifyAction(
        args(postRequest("/login/two-step", { intent: "code", code: "123456" }, pending)),
      ),
    );
    expect(wrong.status).toBe(401);
    expect(hasSession(wrong)).toBe(false);
    expect((await wrong.json()).error.code).toEqual([
      "The code is not right. Enter the 6-digit code your app shows now",
    ]);

    // The next step's code (the enrolment used this step's): accepted within the window.
    const code = codeAt(secret, 30);
    const right = await redirected(() =>
      verifyAction(args(postRequest("/login/two-step", { intent: "code", code }, pending))),
    );
    expect(right.headers.get("Location")).toBe("/search");
    expect(hasSession(right)).toBe(true);
    const session = withCookies(pending, cookiesOf(right));
    expect((await json(await rootLoader(args(getRequest("/", session))))).user).not.toBeNull();

    // The same code again is refused, even with the password right.
    const { response: reused } = await secondStep(user, { intent: "code", code });
    expect(reused.status).toBe(401);
    expect(hasSession(reused)).toBe(false);
  });

  it("takes a recovery code once", async () => {
    const user = await makeUser();
    const { codes } = await enrol(user);
    const { response } = await secondStep(user, {
      intent: "recovery",
      recoveryCode: codes[3].toUpperCase(),
    });
    expect(hasSession(response)).toBe(true);
    const { response: again } = await secondStep(user, {
      intent: "recovery",
      recoveryCode: codes[3],
    });
    expect(again.status).toBe(401);
    expect((await again.json()).error.recoveryCode).toEqual([
      "The recovery code is not right, or it has been used",
    ]);
  });

  it("refuses the second step without a recent right password", async () => {
    const user = await makeUser();
    await enrol(user);
    const response = await redirected(() => verifyLoader(args(getRequest("/login/two-step"))));
    expect(response.headers.get("Location")).toBe("/login");
    const first = await signInWithPassword(user);
    const db = await getDb();
    await db
      .update(schema.twoStepPending)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.twoStepPending.userId, user.id));
    const late = await redirected(() =>
      verifyAction(
        args(postRequest("/login/two-step", { intent: "code", code: "123456" }, cookiesOf(first))),
      ),
    );
    expect(late.headers.get("Location")).toBe("/login");
  });

  it("counts wrong codes with wrong passwords: slowed after 5, that address refused after 10", async () => {
    const user = await makeUser();
    const { secret } = await enrol(user);
    const first = await signInWithPassword(user);
    const pending = cookiesOf(first);
    const post = (code: string) =>
      verifyAction(args(postRequest("/login/two-step", { intent: "code", code }, pending)));
    const db = await getDb();
    const waitOut = () =>
      db.execute(
        sql`UPDATE sign_in_failures SET failed_at = failed_at - interval '31 seconds'
             WHERE account = ${user.email.toLowerCase()}`,
      );
    // One wrong password from this address, so that its tenth failure comes before the
    // account's tenth wrong code (which ends the sign-in: see "wrong codes per account").
    const wrongPassword = asResponse(
      await loginAction(
        args(postRequest("/login", { email: user.email, password: "not the password" })),
      ),
    );
    expect(wrongPassword.status).toBe(401);
    for (let i = 0; i < 4; i++) expect(asResponse(await post("000000")).status).toBe(401);
    const slowed = asResponse(await post(codeAt(secret, 30)));
    expect(slowed.status).toBe(429);
    expect((await slowed.json()).error[""]).toEqual([waitMessage(1)]);
    for (let i = 0; i < 5; i++) {
      await waitOut();
      expect(asResponse(await post("000000")).status).toBe(401);
    }
    await waitOut();
    const blocked = asResponse(await post(codeAt(secret, 30)));
    expect(blocked.status).toBe(429);
    expect(hasSession(blocked)).toBe(false);
    expect((await blocked.json()).error[""]).toEqual([TOO_MANY_ATTEMPTS]);
  });

  it("skips the second step on a browser trusted for 30 days, not on another", async () => {
    const user = await makeUser();
    const { secret } = await enrol(user);
    const { response } = await secondStep(user, {
      intent: "code",
      code: codeAt(secret, 30),
      trust: "on",
    });
    const trusted = response.headers
      .getSetCookie()
      .find((value) => value.startsWith("hsd_trusted="));
    expect(trusted).toMatch(/Max-Age=2592000/);
    expect(trusted).toMatch(/HttpOnly/);
    const browser = cookiesOf(response)
      .split("; ")
      .filter((value) => value.startsWith("hsd_trusted="))
      .join("");
    const direct = await signInWithPassword(user, browser);
    expect(direct.headers.get("Location")).toBe("/search");
    expect(hasSession(direct)).toBe(true);
    // Another user on the same browser is still asked.
    const other = await makeUser();
    await enrol(other);
    const asked = await signInWithPassword(other, browser);
    expect(asked.headers.get("Location")).toBe("/login/two-step");
    // An untrusted browser is asked.
    expect((await signInWithPassword(user)).headers.get("Location")).toBe("/login/two-step");
  });
});

describe("wrong codes per account", () => {
  /** A route's answer, returned or thrown. */
  const answerOf = async (run: () => Promise<unknown>) => {
    try {
      return asResponse(await run());
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };

  it("checks at most 10 codes sent together from many addresses, then ends the sign-in and emails the owner", async () => {
    const user = await makeUser({ firstName: "Grace" });
    const { secret, codes } = await enrol(user);
    const pending = cookiesOf(await signInWithPassword(user));
    const right = new Set([-30, 0, 30, 60].map((offset) => codeAt(secret, offset)));
    const guesses = Array.from({ length: 40 }, (_, i) => String(100_000 + i * 7919))
      .filter((code) => !right.has(code))
      .slice(0, 30);
    // Each from its own client address, as the server gives it (app/server: req.ip).
    const answers = await Promise.all(
      guesses.map((code, i) =>
        answerOf(() =>
          verifyAction({
            request: postRequest("/login/two-step", { intent: "code", code }, pending),
            params: {},
            context: { clientAddress: `203.0.113.${i + 1}` },
          }),
        ),
      ),
    );
    const db = await getDb();
    // Every code checked and found wrong is recorded as a failed sign-in: ten, no more.
    const [checked] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM sign_in_failures WHERE account = ${user.email.toLowerCase()}`,
    );
    // The promise is ten in 15 minutes: written out, so that raising the cap fails here.
    expect(MAX_CODE_ATTEMPTS).toBe(10);
    expect(CODE_WINDOW_MINUTES).toBe(15);
    expect(checked.count).toBe(10);
    const wrong = answers.filter((answer) => answer.status === 401);
    expect(wrong.length).toBeLessThan(10);
    // The rest are sent back to sign in again.
    for (const answer of answers.filter((each) => each.status !== 401)) {
      expect(answer.headers.get("Location")).toBe("/login");
      expect(hasSession(answer)).toBe(false);
    }
    // The half-finished sign-in is over: the right code no longer helps.
    const pendingRows = await db
      .select()
      .from(schema.twoStepPending)
      .where(eq(schema.twoStepPending.userId, user.id));
    expect(pendingRows).toEqual([]);
    const late = await answerOf(() =>
      verifyAction(
        args(
          postRequest("/login/two-step", { intent: "recovery", recoveryCode: codes[0] }, pending),
        ),
      ),
    );
    expect(late.headers.get("Location")).toBe("/login");
    expect(hasSession(late)).toBe(false);
    // One email to the owner, through the outbox.
    const mail = await db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.toAddress, user.email));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Wrong two-step codes for your Horizon Scanning Database account");
    expect(mail[0].textBody).toContain("Hello Grace,");
    expect(mail[0].textBody).toContain("/myaccount/password");

    // Signing in again within the window: the password works, no code is checked.
    const again = cookiesOf(await signInWithPassword(user));
    const refused = await answerOf(() =>
      verifyAction(
        args(postRequest("/login/two-step", { intent: "recovery", recoveryCode: codes[1] }, again)),
      ),
    );
    expect(refused.headers.get("Location")).toBe("/login");
    expect(hasSession(refused)).toBe(false);
    // Once the window has passed, the right code signs in (the unused recovery code still works).
    await db.execute(
      sql`UPDATE two_step_code_attempts SET window_started_at = window_started_at - interval '16 minutes'
           WHERE user_id = ${user.id}`,
    );
    const { response } = await secondStep(user, { intent: "recovery", recoveryCode: codes[1] });
    expect(hasSession(response)).toBe(true);
  });

  it("does not count a right code against the account", async () => {
    const user = await makeUser();
    const { codes } = await enrol(user);
    let address = 0;
    const post = (cookie: string, fields: Record<string, string>) =>
      answerOf(() =>
        verifyAction({
          request: postRequest("/login/two-step", fields, cookie),
          params: {},
          context: { clientAddress: `198.51.100.${++address}` },
        }),
      );
    const wrong = { intent: "recovery", recoveryCode: "zzzzz-zzzzz" };
    const first = cookiesOf(await signInWithPassword(user));
    for (let i = 0; i < 8; i++) expect((await post(first, wrong)).status).toBe(401);
    expect(hasSession(await post(first, { intent: "recovery", recoveryCode: codes[0] }))).toBe(
      true,
    );
    // Nine wrong codes so far this window, not ten: the next is answered, not the end.
    const second = cookiesOf(await signInWithPassword(user));
    expect((await post(second, wrong)).status).toBe(401);
  });
});

describe("the staff setting", () => {
  it("is on in a new store", async () => {
    expect((await getSiteSettings()).requireStaffTwoStep).toBe(true);
  });

  it("sends staff without two-step to enrolment before anything else, then signs them in", async () => {
    const editor = await makeUser({ roles: ["editor"] });
    const first = await signInWithPassword(editor, "", "/dashboard/records");
    expect(first.headers.get("Location")).toBe("/myaccount/two-step");
    expect(hasSession(first)).toBe(false);
    const pending = cookiesOf(first);
    // Every other page sends them back to enrolment: the root loader for public pages, and
    // pages that need a signed-in user (nobody is signed in yet).
    for (const path of ["/", "/dashboard", "/search", "/myaccount"]) {
      const back = await redirected(() => rootLoader(args(getRequest(path, pending))));
      expect(back.headers.get("Location")).toBe("/myaccount/two-step");
    }
    const staffPage = await redirected(() =>
      dashboardLoader(args(getRequest("/dashboard", pending))),
    );
    expect(staffPage.headers.get("Location")).toBe("/myaccount/two-step");
    expect(hasSession(staffPage)).toBe(false);

    const page = await json(await enrolLoader(args(getRequest("/myaccount/two-step", pending))));
    expect(page.view).toBe("setup");
    expect(page.enrolling).toBe(true);
    expect(page.required).toBe(true);
    // Changing anything else needs a real session.
    const refused = await redirected(() =>
      enrolAction(args(postRequest("/myaccount/two-step", { intent: "regenerate" }, pending))),
    );
    expect(hasSession(refused)).toBe(false);

    const secret = page.secret.replaceAll(" ", "");
    const done = await redirected(() =>
      enrolAction(
        args(
          postRequest("/myaccount/two-step", { intent: "confirm", code: codeAt(secret) }, pending),
        ),
      ),
    );
    expect(hasSession(done)).toBe(true);
    expect(done.headers.get("Location")).toBe("/myaccount/two-step");
    const shown = await json(
      await enrolLoader(
        args(getRequest("/myaccount/two-step", withCookies(pending, cookiesOf(done)))),
      ),
    );
    expect(shown.view).toBe("codes");
    // On to where they were going.
    expect(shown.next).toBe("/dashboard/records");
    // Required: it cannot be turned off.
    const off = asResponse(
      await enrolAction(
        args(
          postRequest(
            "/myaccount/two-step",
            { intent: "disable", confirmation: TEST_PASSWORD },
            withCookies(pending, cookiesOf(done)),
          ),
        ),
      ),
    );
    expect(off.status).toBe(403);
  });

  it("leaves members free: they sign in with the password alone", async () => {
    const member = await makeUser();
    const response = await signInWithPassword(member);
    expect(response.headers.get("Location")).toBe("/search");
    expect(hasSession(response)).toBe(true);
  });

  it("signs staff in with the password alone when the setting is off", async () => {
    const admin = await makeUser({ roles: ["admin"] });
    const settings = await getSiteSettings();
    await updateSiteSettings({ ...settings, requireStaffTwoStep: false }, admin.id);
    try {
      const response = await signInWithPassword(admin);
      expect(response.headers.get("Location")).toBe("/search");
      expect(hasSession(response)).toBe(true);
    } finally {
      await updateSiteSettings({ ...settings, requireStaffTwoStep: true }, admin.id);
    }
    expect((await getSiteSettings()).requireStaffTwoStep).toBe(true);
    expect((await signInWithPassword(admin)).headers.get("Location")).toBe("/myaccount/two-step");
  });
});

describe("an admin's reset", () => {
  it("removes the user's two-step, codes and trusted browsers, and writes the audit trail", async () => {
    const admin = await makeUser({ roles: ["admin"] });
    const adminCookie = await sessionCookie(admin);
    const user = await makeUser();
    const { secret } = await enrol(user);
    await secondStep(user, { intent: "code", code: codeAt(secret, 30), trust: "on" });
    const params = { userId: String(user.id) };
    const path = `/dashboard/users/${user.id}/two-step`;

    // Members may not.
    const member = await sessionCookie(await makeUser());
    const refused = await redirected(() =>
      resetAction({ ...args(postRequest(path, {}, member)), params }),
    );
    expect(refused.headers.get("Location")).toBe("/notallowed");

    const confirm = await json(
      await resetLoader({ ...args(getRequest(path, adminCookie)), params }),
    );
    expect(confirm.enabled).toBe(true);
    // The user's page offers the reset only while there is something to reset.
    const userPage = async () =>
      json(
        await userLoader({
          ...args(getRequest(`/dashboard/users/${user.id}`, adminCookie)),
          params,
        }),
      );
    expect((await userPage()).twoStep).toBe(true);
    const done = await redirected(() =>
      resetAction({ ...args(postRequest(path, {}, adminCookie)), params }),
    );
    expect(done.headers.get("Location")).toBe(`/dashboard/users/${user.id}`);

    const db = await getDb();
    for (const table of [
      schema.twoStepSecrets,
      schema.twoStepRecoveryCodes,
      schema.twoStepTrustedBrowsers,
    ]) {
      expect(await db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
    }
    const audit = await db
      .select()
      .from(schema.userAudit)
      .where(
        and(
          eq(schema.userAudit.userId, user.id),
          eq(schema.userAudit.action, "Two-step sign-in reset"),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(admin.id);
    expect((await userPage()).twoStep).toBe(false);
    // The member signs in with the password alone again.
    const signIn = await signInWithPassword(user);
    expect(hasSession(signIn)).toBe(true);
  });
});
