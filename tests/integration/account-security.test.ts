import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { issueToken, readToken } from "~/api/tokens.server";
import { getDb, schema } from "~/db/client.server";
import { required } from "~/lib/required";
import { readSession } from "~/lib/session.server";
import { listSecurityEvents } from "~/models/security-events.server";
import type { User } from "~/models/users.server";
import { verifyLogin } from "~/models/users.server";
import { action as changePasswordAction } from "~/routes/changepassword";
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
import { codeAt, enrol, hasSession, secondStep, signInWithPassword } from "./support/two-step";

// How a stolen password, mailbox, session or token is kept from taking an account over.

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

async function countRows(table: typeof schema.sessions | typeof schema.apiTokens, userId: number) {
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
