import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { claimKey } from "~/api/idempotency.server";
import { answer, defineOperation } from "~/api/operation.server";
import { getDb, schema } from "~/db/client.server";
import { runJobs } from "~/jobs/scheduled.server";
import type { User } from "~/models/users.server";
import { makeUser } from "../factories";
import { callApi, expectFailure, tokenFor } from "./support/api";

// A change sent to the API with an Idempotency-Key is made once, however often it is sent:
// a client whose call timed out (the work may go on) retries with the same key safely.

// The store opens (and migrates) within the hook's longer time limit, not the first test's.
beforeAll(async () => {
  await getDb();
});

const SAVE = { title: "Lymphoma, active", savedSearchRequest: { searchPhrase: "lymphoma" } };

async function savedSearchesOf(user: User) {
  const db = await getDb();
  return db.select().from(schema.savedSearches).where(eq(schema.savedSearches.userId, user.id));
}

const save = (token: string, key: string, body: unknown = SAVE) =>
  callApi("POST", "/search/savesearch", { token, body, headers: { "Idempotency-Key": key } });

describe("Idempotency-Key", () => {
  it("answers a retry with the first answer and saves once", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const key = randomUUID();
    const first = await save(token, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const again = await save(token, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
    expect(await savedSearchesOf(user)).toHaveLength(1);
    // Without a key each call is a change of its own.
    await callApi("POST", "/search/savesearch", { token, body: SAVE });
    expect(await savedSearchesOf(user)).toHaveLength(2);
  });

  it("does not make a change twice when a timed-out call is retried", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    let made = 0;
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    // A change that takes longer than the call may: it goes on after the client's TIMEOUT.
    const slowChange = defineOperation({
      id: "slowChange",
      method: "POST",
      path: "/slowchange",
      group: "Test",
      summary: "A change that outlasts its call.",
      access: "user",
      page: null,
      body: z.object({ amount: z.number() }),
      response: z.object({ made: z.number() }),
      async handle() {
        await finished;
        made += 1;
        return { made };
      },
    });
    const key = randomUUID();
    // The first call is given 50 ms; the retries the usual time.
    const call = (timeoutMs?: number) =>
      answer(
        slowChange,
        new Request("http://localhost:3000/api/slowchange", {
          method: "POST",
          headers: {
            Authorization: `Bearer ${token}`,
            "Content-Type": "application/json",
            "Idempotency-Key": key,
          },
          body: JSON.stringify({ amount: 5 }),
        }),
        timeoutMs,
      );
    const timedOut = await call(50);
    expect(timedOut.status).toBe(504);
    expect((await timedOut.json()).responseCode).toBe("TIMEOUT");
    // The client retries while the first call's work is still going on: told to wait.
    const early = await call();
    expect(early.status).toBe(409);
    expect((await early.json()).responseCode).toBe("IDEMPOTENCY_KEY_IN_USE");
    finish();
    // Once it has finished, the retry gets its answer; the change was made once.
    await expect.poll(async () => (await call()).status).toBe(200);
    const retried = await call();
    expect(await retried.json()).toEqual({ made: 1 });
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(made).toBe(1);
  });

  it("makes the change once when the same key arrives several times together", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => save(token, key)));
    expect(await savedSearchesOf(user)).toHaveLength(1);
    const statuses = answers.map((each) => each.status).sort();
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const made = answers.find(
      (each) => each.status === 201 && !each.headers.has("Idempotent-Replayed"),
    );
    expect((await save(token, key)).body).toEqual(made?.body);
  });

  it("gives a key to exactly one of the calls that claim it at once", async () => {
    // The calls above may reach the claim one after another; here five claim it together, so
    // a claim that looks the key up and then inserts it lets more than one through.
    const user = await makeUser();
    const key = randomUUID();
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimKey(user.id, key, "the same request")),
    );
    expect(claims.map((claim) => claim.kind).sort()).toEqual([
      "claimed",
      "running",
      "running",
      "running",
      "running",
    ]);
  });

  it("refuses a key sent with another request, keeps keys per user, and checks the key's form", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const token = await tokenFor(user);
    const key = randomUUID();
    await save(token, key);
    expectFailure(
      await save(token, key, { ...SAVE, title: "Something else" }),
      422,
      "IDEMPOTENCY_KEY_REUSED",
    );
    expect(await savedSearchesOf(user)).toHaveLength(1);
    // Another user's key of the same text is theirs.
    expect((await save(await tokenFor(other), key)).status).toBe(201);
    expect(await savedSearchesOf(other)).toHaveLength(1);
    const malformed = await save(token, "has spaces in it");
    expectFailure(malformed, 400, "VALIDATION_FAILED");
    expect((malformed.body as { errors: Record<string, string[]> }).errors).toHaveProperty([
      "header.Idempotency-Key",
    ]);
  });

  it("keeps an answer for a day: then the key is new again, and the scheduled jobs delete it", async () => {
    const user = await makeUser();
    const token = await tokenFor(user);
    const key = randomUUID();
    await save(token, key);
    const db = await getDb();
    await db.execute(
      sql`UPDATE api_idempotency_keys SET created_at = created_at - interval '25 hours'
           WHERE user_id = ${user.id}`,
    );
    expect((await save(token, key)).headers.get("Idempotent-Replayed")).toBeNull();
    expect(await savedSearchesOf(user)).toHaveLength(2);
    await db.execute(
      sql`UPDATE api_idempotency_keys SET created_at = created_at - interval '25 hours'
           WHERE user_id = ${user.id}`,
    );
    expect((await runJobs()).prunedIdempotencyKeys).toBeGreaterThanOrEqual(1);
    const left = await db
      .select()
      .from(schema.apiIdempotencyKeys)
      .where(eq(schema.apiIdempotencyKeys.userId, user.id));
    expect(left).toEqual([]);
  });
});
