import { beforeAll, describe, expect, it } from "vitest";
import { health } from "~/api/operations/health.server";
import { searchIndex } from "~/models/search-index.server";
import { loader as apiTestLoader } from "~/routes/apitest";
import { getRequest, makeUser, sessionCookie } from "../factories";
import { callApi, expectValid, expiredTokenFor, tokenFor } from "./support/api";
import { asResponse } from "../route-result";

// The health check and the service status page say whether the service works to anyone; the
// version, the database and the record count only to a signed-in user.

const PUBLIC_KEYS = ["checkedAt", "live", "ready"];

beforeAll(() => searchIndex());

describe("/api/health", () => {
  it("tells a caller without a token only whether the service is live and ready", async () => {
    const answer = await callApi("GET", "/health");
    expectValid(answer, health.response);
    expect(Object.keys(answer.body as object).sort()).toEqual(PUBLIC_KEYS);
    expect(answer.body).toMatchObject({ live: true, ready: true });
    expect(JSON.stringify(answer.body)).not.toContain("2.17.2");
  });

  it("tells the same to a token that has expired", async () => {
    const token = await expiredTokenFor(await makeUser());
    const answer = await callApi("GET", "/health", { token });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body as object).sort()).toEqual(PUBLIC_KEYS);
  });

  it("gives a signed-in caller, by token or by browser session, the version and the record count", async () => {
    const user = await makeUser();
    const byToken = await callApi("GET", "/health", { token: await tokenFor(user) });
    const bySession = await callApi("GET", "/health", {
      headers: { Cookie: await sessionCookie(user) },
    });
    for (const answer of [byToken, bySession]) {
      expectValid(answer, health.response);
      expect(answer.body).toMatchObject({
        version: "2.17.2",
        ready: true,
        database: { answers: true },
        records: expect.any(Number),
      });
    }
  });
});

describe("/apitest", () => {
  it("shows a signed-out visitor whether the service works, without its figures", async () => {
    const response = asResponse(
      await apiTestLoader({
        request: getRequest("/apitest"),
        params: {},
        context: {},
      }),
    );
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data).toMatchObject({ ready: true, sentence: "The service is working.", details: null });
    expect(JSON.stringify(data)).not.toContain("2.17.2");
  });

  it("shows a signed-in user the version, the database and the record count", async () => {
    const cookie = await sessionCookie(await makeUser());
    const response = asResponse(
      await apiTestLoader({
        request: getRequest("/apitest", cookie),
        params: {},
        context: {},
      }),
    );
    const data = await response.json();
    expect(data.details).toMatchObject({
      version: "2.17.2",
      database: { answers: true },
      records: expect.any(Number),
    });
  });
});
