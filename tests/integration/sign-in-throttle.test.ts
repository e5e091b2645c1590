import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/db/client.server";
import { clientAddress } from "~/models/rate-limit.server";
import {
  MAX_WAIT_SECONDS,
  TOO_MANY_ATTEMPTS,
  waitMessage,
  waitSeconds,
} from "~/models/sign-in-throttle.server";
import { action as loginAction } from "~/routes/login";
import { makeUser, postRequest, TEST_PASSWORD } from "../factories";
import { asResponse } from "../route-result";

/**
 * Failed sign-ins count per account and client address together (a hard limit) and per
 * account alone (a slowdown, never a lock), so that a stranger cannot keep the owner out.
 * Each attempt comes from a client address as the HTTP server gives it (the load context).
 */

const LOGIN_FAILED = "The email or password is incorrect, or the account cannot sign in.";

async function signIn(address: string, email: string, password: string) {
  const request = postRequest("/login", { email, password });
  const result = await loginAction({ request, params: {}, context: { clientAddress: address } });
  const response = asResponse(result);
  if (response.status >= 300 && response.status < 400)
    return { status: response.status, error: null };
  const body = (await response.json()) as { error: Record<string, string[]> };
  // A refusal is on the password field; a wait is about the whole form.
  return { status: response.status, error: (body.error[""] ?? body.error.password)?.[0] ?? null };
}

/** Moves the account's failures back in time, as if the client had waited. */
async function age(email: string, seconds: number) {
  const db = await getDb();
  await db.execute(
    sql`UPDATE sign_in_failures SET failed_at = failed_at - make_interval(secs => ${seconds})
         WHERE account = ${email.toLowerCase()}`,
  );
}

/** `count` wrong passwords from `address`, waiting out the slowdown before each. */
async function fail(address: string, email: string, count: number) {
  for (let i = 0; i < count; i++) {
    await age(email, MAX_WAIT_SECONDS + 1);
    expect(await signIn(address, email, `guess ${i}`)).toEqual({
      status: 401,
      error: LOGIN_FAILED,
    });
  }
}

describe("sign-in throttling", () => {
  it("waits 1 s, 2 s, 4 s … up to 30 s after five failures, and says how long", async () => {
    const user = await makeUser();
    await fail("10.0.0.1", user.email, 5);
    expect(await signIn("10.0.0.1", user.email, TEST_PASSWORD)).toEqual({
      status: 429,
      error: waitMessage(1),
    });
    await age(user.email, 1.5);
    expect((await signIn("10.0.0.1", user.email, "guess 6")).status).toBe(401);
    expect(await signIn("10.0.0.1", user.email, "guess 7")).toEqual({
      status: 429,
      error: waitMessage(2),
    });
    expect([5, 6, 7, 8, 9, 10, 11, 40].map(waitSeconds)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
    // Waited out, the right password gets in.
    await age(user.email, 3);
    expect((await signIn("10.0.0.1", user.email, TEST_PASSWORD)).status).toBe(302);
  });

  it("never refuses the right password from an address that has not failed", async () => {
    const user = await makeUser();
    await fail("10.0.0.1", user.email, 9);
    // The guesser, slowed; the owner at another address gets in at once.
    expect((await signIn("10.0.0.1", user.email, TEST_PASSWORD)).status).toBe(429);
    expect((await signIn("10.0.0.2", user.email, TEST_PASSWORD)).status).toBe(302);
  });

  it("refuses an address after ten failures in fifteen minutes, even with the right password, and only that address", async () => {
    const user = await makeUser();
    await fail("10.0.0.1", user.email, 10);
    await age(user.email, MAX_WAIT_SECONDS + 1);
    expect(await signIn("10.0.0.1", user.email, TEST_PASSWORD)).toEqual({
      status: 429,
      error: TOO_MANY_ATTEMPTS,
    });
    expect((await signIn("10.0.0.2", user.email, TEST_PASSWORD)).status).toBe(302);
    // Fifteen minutes on, the address may try again.
    await age(user.email, 15 * 60);
    expect((await signIn("10.0.0.1", user.email, TEST_PASSWORD)).status).toBe(302);
  });

  it("counts unknown addresses the same way, so the answers do not tell which have accounts", async () => {
    const email = `nobody-${Date.now()}@test.example.org`;
    await fail("10.0.0.1", email, 5);
    expect(await signIn("10.0.0.1", email, "again")).toEqual({
      status: 429,
      error: waitMessage(1),
    });
  });

  it("clears an address's failures when it signs in", async () => {
    const user = await makeUser();
    await fail("10.0.0.1", user.email, 3);
    await fail("10.0.0.3", user.email, 2);
    await age(user.email, MAX_WAIT_SECONDS + 1);
    expect((await signIn("10.0.0.1", user.email, TEST_PASSWORD)).status).toBe(302);
    const db = await getDb();
    const left = await db
      .select({ address: schema.signInFailures.address })
      .from(schema.signInFailures)
      .where(eq(schema.signInFailures.account, user.email.toLowerCase()));
    expect(left.map((row) => row.address)).toEqual(["10.0.0.3", "10.0.0.3"]);
  });

  it("emails the owner once when the account collects twenty failures in an hour", async () => {
    const user = await makeUser();
    const db = await getDb();
    const mails = () =>
      db.select().from(schema.outbox).where(eq(schema.outbox.toAddress, user.email));
    await fail("10.0.0.1", user.email, 10);
    await fail("10.0.0.2", user.email, 9);
    expect(await mails()).toHaveLength(0);
    await fail("10.0.0.3", user.email, 1);
    const [mail] = await mails();
    expect(mail.subject).toBe("Failed sign-ins to your Horizon Scanning Database account");
    expect(mail.textBody).toContain("There were 20 failed attempts");
    expect(mail.textBody).toContain("- 10.0.0.1: 10 attempts");
    expect(mail.textBody).toContain("- 10.0.0.2: 9 attempts");
    expect(mail.textBody).toContain("- 10.0.0.3: 1 attempt\n");
    expect(mail.textBody).toMatch(/http:\/\/localhost:\d+\/myaccount\/password/);
    // Once: more failures in the same hour send nothing more.
    await fail("10.0.0.4", user.email, 3);
    expect(await mails()).toHaveLength(1);
  });
});

describe("the client address", () => {
  it("is the one the server gives (the socket's, or the trusted proxy's), not a header anyone can send", () => {
    const request = postRequest("/login", {});
    request.headers.set("X-Forwarded-For", "203.0.113.9");
    expect(clientAddress(request, { clientAddress: "10.0.0.7" })).toBe("10.0.0.7");
  });
});
