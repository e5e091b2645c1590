import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer, stopServer } from "./harness";

/**
 * Who may keep an answer (decision 016), and HTTPS when the site has it. The server runs with an
 * https PUBLIC_URL (as behind a TLS proxy) and is asked over plain HTTP on loopback.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    demoRecords: 5,
    env: { PUBLIC_URL: "https://hsd.example.org" },
  });
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

const cacheControl = async (path: string, cookie?: string) => {
  const response = await fetch(`${server.base}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  await response.arrayBuffer();
  return { status: response.status, cacheControl: response.headers.get("cache-control") };
};

describe("caching", () => {
  it("lets no one keep a signed-in page, data request or download, nor a signed-out one unasked", async () => {
    const cookie = await server.signIn("member@example.org");
    const admin = await server.signIn("admin@example.org");
    for (const path of ["/", "/search?q=cancer", "/dashboard/notifications", "/myaccount"]) {
      expect(await cacheControl(path, cookie), path).toEqual({
        status: 200,
        cacheControl: "private, no-store",
      });
    }
    // A client-side navigation's data request, and a download.
    expect((await cacheControl("/search.data?q=a", cookie)).cacheControl).toBe("private, no-store");
    expect(await cacheControl("/dashboard/userreports.csv", admin)).toEqual({
      status: 200,
      cacheControl: "private, no-store",
    });
    // A public page: stored only if asked again each time (its CSP nonce is its own).
    expect(await cacheControl("/login")).toEqual({ status: 200, cacheControl: "no-cache" });
    // Signed out, a members' page redirects to sign-in; it is not kept either.
    expect((await cacheControl("/search")).cacheControl).toBe("no-cache");
  });

  it("keeps built assets a year, as they are named by their content", async () => {
    const page = await (await fetch(`${server.base}/login`)).text();
    const asset = page.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    expect(await cacheControl(asset as string)).toEqual({
      status: 200,
      cacheControl: "public, max-age=31536000, immutable",
    });
    // The build copies public/ beside its assets; those files keep their name when they
    // change, so they are kept an hour only.
    expect(await cacheControl("/favicon.svg")).toEqual({
      status: 200,
      cacheControl: "public, max-age=3600",
    });
  });
});

describe("HTTPS when PUBLIC_URL has it", () => {
  it("marks the session cookie Secure and sends Strict-Transport-Security", async () => {
    const response = await fetch(`${server.base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "member@example.org", password: "horizon-demo" }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(/hsd_session=[^;]+;.*Secure/);
    expect(response.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("/.well-known/security.txt", () => {
  it("says where to report a vulnerability, until when, and where it lives (RFC 9116)", async () => {
    const response = await fetch(`${server.base}/.well-known/security.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const fields = Object.fromEntries(
      (await response.text())
        .trim()
        .split("\n")
        .map((line) => line.split(/: (.*)/s).slice(0, 2)),
    );
    expect(fields.Contact).toBe("mailto:security@horizon.example.org");
    expect(fields.Canonical).toBe("https://hsd.example.org/.well-known/security.txt");
    const expires = Date.parse(fields.Expires);
    expect(expires).toBeGreaterThan(Date.now() + 300 * 24 * 60 * 60 * 1000);
    expect(expires).toBeLessThan(Date.now() + 366 * 24 * 60 * 60 * 1000);
  });
});
