import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer, stopServer } from "./harness";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ demoRecords: 50 });
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

describe("logs and health checks", () => {
  it("logs one JSON line per request with its id, which the response carries too", async () => {
    const cookie = await server.signIn("member@example.org");
    const response = await fetch(`${server.base}/search?q=cancer`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = server.lines.find((entry) => entry.reqId === id && entry.msg === "request");
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      path: "/search",
      status: 200,
      userId: expect.any(Number),
    });
    expect(line?.ms).toEqual(expect.any(Number));
    expect(typeof line?.time).toBe("string");
    // Never a cookie, a session id or a password.
    const everything = JSON.stringify(server.lines);
    expect(everything).not.toContain(cookie.split("=")[1]);
    expect(everything).not.toContain("horizon-demo");
    expect(everything).not.toMatch(/password=|"password"|cookie/i);
  });

  it("each request gets an id of its own", async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${server.base}/api/health/live`).then((response) =>
          response.headers.get("x-request-id"),
        ),
      ),
    );
    expect(new Set(ids).size).toBe(5);
  });

  it("tells readiness (database, migrations, search index) from liveness", async () => {
    // Signed out, only whether it is live and ready; the figures to a signed-in caller.
    const brief = await fetch(`${server.base}/api/health`);
    expect(brief.status).toBe(200);
    expect(await brief.json()).toEqual({ live: true, ready: true, checkedAt: expect.any(String) });
    const ready = await fetch(`${server.base}/api/health`, {
      headers: { Cookie: await server.signIn("member@example.org") },
    });
    expect(ready.status).toBe(200);
    const body = await ready.json();
    expect(body).toMatchObject({
      live: true,
      ready: true,
      database: { engine: "pglite", answers: true },
      searchIndex: { built: true, records: 50 },
      records: 50,
    });
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(10);
    const live = await fetch(`${server.base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ live: true });
  });
});
