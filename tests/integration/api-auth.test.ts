import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { answer, defineOperation } from "~/api/operation.server";
import { tokenResponse } from "~/api/operations/sign-in.server";
import { readToken } from "~/api/tokens.server";
import { hashRecoveryCode } from "~/models/two-step.server";
import { applyUserAction } from "~/models/user-admin.server";
import { eq, sql } from "drizzle-orm";
import { getDb, queryRows, schema } from "~/db/client.server";
import { makeUser, TEST_PASSWORD } from "../factories";
import { callApi, expectFailure, expectValid, expiredTokenFor, tokenFor } from "./support/api";

// The store opens (and migrates) within the hook's longer time limit, not the first test's.
beforeAll(async () => {
  await getDb();
});

describe("the API's sign-in and tokens", () => {
  it("answers a token and the user for a right password; the token then works, and sign-out ends it", async () => {
    // Staff must set up two-step sign-in first (the site's default), on the website.
    const editor = await makeUser({ roles: ["Editor"] });
    const refused = await callApi("POST", "/auth/signin", {
      body: { email: editor.email, password: TEST_PASSWORD },
    });
    expectFailure(refused, 403, "TWO_STEP_ENROLMENT_REQUIRED");
    expect(refused.body).toMatchObject({ message: "Forbidden" });

    const user = await makeUser();
    const signedIn = expectValid(
      await callApi("POST", "/auth/signin", {
        body: { email: user.email, password: TEST_PASSWORD },
      }),
      tokenResponse,
    );
    expect(signedIn.user).toEqual({
      email: user.email,
      first_name: "Test",
      roles: [],
      hasNotifications: 0,
    });
    const lifetime = new Date(signedIn.expiresAt).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(11.9 * 60 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(12 * 60 * 60 * 1000);
    // Stored only as a hash.
    const db = await getDb();
    const stored = await db.select().from(schema.apiTokens);
    expect(stored.some((row) => row.tokenHash === signedIn.token)).toBe(false);

    const out = await callApi("POST", "/auth/signout", { token: signedIn.token });
    expect(out.status).toBe(200);
    expect(await readToken(signedIn.token)).toEqual({ status: "expired" });
    expectFailure(
      await callApi("POST", "/auth/signout", { token: signedIn.token }),
      401,
      "TOKEN_EXPIRED",
    );
  });

  it("refuses a wrong password with INVALID_CREDENTIALS, and a malformed body with field errors", async () => {
    const user = await makeUser();
    expectFailure(
      await callApi("POST", "/auth/signin", { body: { email: user.email, password: "wrong" } }),
      401,
      "INVALID_CREDENTIALS",
    );
    const missing = await callApi("POST", "/auth/signin", { body: { email: user.email } });
    expectFailure(missing, 400, "VALIDATION_FAILED");
    expect(missing.body).toMatchObject({ errors: { "body.password": [expect.any(String)] } });
    expectFailure(
      await callApi("POST", "/auth/signin", { rawBody: "{not json" }),
      400,
      "VALIDATION_FAILED",
    );
    expectFailure(await callApi("POST", "/auth/signin"), 400, "VALIDATION_FAILED");
  });

  it("shares the pages' throttle: too many wrong passwords from one address answer 429 with the status text", async () => {
    const user = await makeUser();
    const headers = { "X-Forwarded-For": "203.0.113.77" };
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await callApi("POST", "/auth/signin", {
        body: { email: user.email, password: "wrong" },
        headers,
      });
      expect([401, 429]).toContain(wrong.status);
    }
    const refused = await callApi("POST", "/auth/signin", {
      body: { email: user.email, password: TEST_PASSWORD },
      headers,
    });
    expectFailure(refused, 429, "TOO_MANY_ATTEMPTS");
    expect(refused.body).toMatchObject({ message: "Too Many Requests" });
  });

  it("answers TOKEN_NOT_FOUND without a token, TOKEN_EXPIRED for an expired one, and ends tokens when the user is suspended", async () => {
    const admin = await makeUser({ roles: ["admin"] });
    const user = await makeUser();
    expectFailure(await callApi("POST", "/auth/signout"), 401, "TOKEN_NOT_FOUND");
    expect((await callApi("POST", "/auth/signout")).body).toMatchObject({
      message: "Token not found.",
    });
    const expired = await callApi("POST", "/auth/signout", { token: await expiredTokenFor(user) });
    expectFailure(expired, 401, "TOKEN_EXPIRED");
    expect(expired.body).toMatchObject({
      message: "Your token has expired. Please log in again to continue.",
    });
    const token = await tokenFor(user);
    expect((await readToken(token)).status).toBe("active");
    await applyUserAction(admin, user.id, { intent: "suspend" });
    expectFailure(await callApi("POST", "/auth/signout", { token }), 401, "TOKEN_EXPIRED");
    const db = await getDb();
    const left = await db.select().from(schema.apiTokens);
    expect(left.filter((row) => row.userId === user.id)).toEqual([]);
  });

  it("asks a user with two-step sign-in for a code, and gives the token for a right one", async () => {
    const user = await makeUser();
    const db = await getDb();
    // Two-step on, with one recovery code (the TOTP itself is covered by the page's tests).
    await db.insert(schema.twoStepSecrets).values({
      userId: user.id,
      secretEnc: "unused",
      enabledAt: new Date(),
    });
    await db
      .insert(schema.twoStepRecoveryCodes)
      .values({ userId: user.id, codeHash: hashRecoveryCode("abcde-fghij") });
    const first = await callApi("POST", "/auth/signin", {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expectFailure(first, 401, "TWO_STEP_REQUIRED");
    const { twoStepToken } = first.body as { twoStepToken: string };
    expect(twoStepToken).toEqual(expect.any(String));
    // The two-step token is not an access token.
    expectFailure(
      await callApi("POST", "/auth/signout", { token: twoStepToken }),
      401,
      "TOKEN_EXPIRED",
    );
    expectFailure(
      await callApi("POST", "/auth/signin/twostep", {
        body: { twoStepToken, code: "zzzzz-zzzzz" },
      }),
      401,
      "WRONG_CODE",
    );
    const done = expectValid(
      await callApi("POST", "/auth/signin/twostep", {
        body: { twoStepToken, code: "abcde-fghij" },
      }),
      tokenResponse,
    );
    expect((await readToken(done.token)).status).toBe("active");
    // Used once.
    expectFailure(
      await callApi("POST", "/auth/signin/twostep", {
        body: { twoStepToken, code: "abcde-fghij" },
      }),
      401,
      "WRONG_CODE",
    );
  });

  it("checks at most 10 codes per account from many addresses, then ends the two-step token", async () => {
    const user = await makeUser();
    const db = await getDb();
    await db.insert(schema.twoStepSecrets).values({
      userId: user.id,
      secretEnc: "unused",
      enabledAt: new Date(),
    });
    await db
      .insert(schema.twoStepRecoveryCodes)
      .values({ userId: user.id, codeHash: hashRecoveryCode("abcde-fghij") });
    const first = await callApi("POST", "/auth/signin", {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    const { twoStepToken } = first.body as { twoStepToken: string };
    // Sent together, each from its own address (read from X-Forwarded-For without the server).
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        callApi("POST", "/auth/signin/twostep", {
          body: { twoStepToken, code: `zzzzz-${String(i).padStart(5, "a")}` },
          headers: { "X-Forwarded-For": `203.0.113.${i + 1}` },
        }),
      ),
    );
    const codes = answers.map((each) => (each.body as { responseCode: string }).responseCode);
    expect(codes.filter((code) => code === "WRONG_CODE").length).toBeLessThan(10);
    expect(
      codes.filter((code) => code !== "WRONG_CODE").every((code) => code === "TOO_MANY_ATTEMPTS"),
    ).toBe(true);
    const [checked] = await queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM sign_in_failures WHERE account = ${user.email.toLowerCase()}`,
    );
    expect(checked.count).toBe(10);
    // The two-step token is over: the right recovery code no longer gives a token.
    expectFailure(
      await callApi("POST", "/auth/signin/twostep", {
        body: { twoStepToken, code: "abcde-fghij" },
        headers: { "X-Forwarded-For": "203.0.113.200" },
      }),
      401,
      "WRONG_CODE",
    );
    const outbox = await db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.toAddress, user.email));
    expect(outbox).toHaveLength(1);
  });

  it("answers JSON for an unknown path and a wrong method, and a timeout instead of hanging", async () => {
    expectFailure(await callApi("GET", "/no/such/call"), 404, "NOT_FOUND");
    const wrongMethod = await callApi("GET", "/auth/signin");
    expectFailure(wrongMethod, 405, "METHOD_NOT_ALLOWED");
    expect(wrongMethod.headers.get("Allow")).toBe("POST");

    let stopped = false;
    const slow = defineOperation({
      id: "slow",
      method: "GET",
      path: "/slow",
      group: "Test",
      summary: "Never finishes in time.",
      access: "none",
      page: null,
      response: z.object({}),
      async handle({ signal }) {
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
        stopped = true;
        return {};
      },
    });
    const started = Date.now();
    const response = await answer(slow, new Request("http://localhost/api/slow"), 200);
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      responseCode: "TIMEOUT",
      message: "Request timed out.",
    });
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(true);
  });
});
