import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer, stopServer } from "./harness";

// Every answer of the built server carries X-Content-Type-Options: nosniff, whoever makes it:
// a page, a resource route, the JSON API, a static file, a 404, the server's own 400.

let server: RunningServer;
let member: string;
beforeAll(async () => {
  server = await startServer();
  member = await server.signIn("member@example.org");
});
afterAll(() => stopServer(server));

async function get(pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${server.base}${pathname}`, { redirect: "manual", ...init });
  await response.arrayBuffer();
  return response;
}

describe("X-Content-Type-Options", () => {
  it("is nosniff on pages, resource routes, API answers, static files and errors", async () => {
    const favicon = await get("/favicon.svg");
    const page = await get("/about");
    // A built asset: the client entry, whatever its hash.
    const entry = readdirSync("build/client/assets").find((file) =>
      file.startsWith("entry.client-"),
    );
    const answers: Record<string, Response> = {
      page,
      "page, signed in": await get("/search", { headers: { Cookie: member } }),
      "resource route: /api/health": await get("/api/health"),
      "resource route: security.txt": await get("/.well-known/security.txt"),
      "resource route: an export": await get("/imagingdiagnostics/export", {
        method: "POST",
        headers: {
          Cookie: member,
          Origin: server.base,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "",
      }),
      "API answer": await get("/api/health/live"),
      "API error": await get("/api/accountsettings"),
      "static file": favicon,
      "built asset": await get(`/assets/${entry}`),
      "404 page": await get("/no/such/page"),
      "404 under /assets": await get("/assets/no-such-file.js"),
      "400 of the server itself": await get("/%E0%A4%A"),
    };
    const summary = Object.fromEntries(
      Object.entries(answers).map(([name, response]) => [
        name,
        `${response.status} ${response.headers.get("content-type")?.split(";")[0]} ${response.headers.get("x-content-type-options")}`,
      ]),
    );
    expect(entry).toBeDefined();
    expect(summary).toEqual({
      page: "200 text/html nosniff",
      "page, signed in": "200 text/html nosniff",
      "resource route: /api/health": "200 application/json nosniff",
      "resource route: security.txt": "200 text/plain nosniff",
      "resource route: an export": `200 application/vnd.openxmlformats-officedocument.spreadsheetml.sheet nosniff`,
      "API answer": "200 application/json nosniff",
      "API error": "401 application/json nosniff",
      "static file": "200 image/svg+xml nosniff",
      "built asset": "200 application/javascript nosniff",
      "404 page": "404 text/html nosniff",
      "404 under /assets": "404 text/html nosniff",
      "400 of the server itself": "400 text/plain nosniff",
    });
  });
});
