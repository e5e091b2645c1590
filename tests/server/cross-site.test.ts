import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer, stopServer } from "./harness";

/**
 * A form sent from another site must change nothing and get a clear 403 page, never Remix's
 * 500: every route with an action is posted to with a foreign Origin, by a signed-in admin
 * (whose cookie a real attack would ride on), and the one write checked stays undone.
 */

interface RouteNode {
  path?: string;
  file: string;
  children?: RouteNode[];
}

/** Sample values for the URL parameters of the app's routes. */
const PARAMS: Record<string, string> = {
  hssId: "HSS-000001",
  userId: "1",
  importId: "1",
  exportId: "00000000-0000-0000-0000-000000000000",
  filterId: "therapeuticArea",
  "*": "anything",
};

/** The URL of every route module that exports an action, from the app's own route table. */
function actionUrls() {
  const tree: RouteNode[] = JSON.parse(
    execFileSync("node_modules/.bin/remix", ["routes", "--json"], { encoding: "utf8" }),
  );
  const urls: string[] = [];
  const walk = (nodes: RouteNode[], parent: string) => {
    for (const node of nodes) {
      const pattern = [parent, node.path ?? ""].filter(Boolean).join("/");
      const source = readFileSync(`app/${node.file}`, "utf8");
      if (/^export (async function|const) action\b/m.test(source)) {
        const url = pattern
          .split("/")
          .map((part) =>
            part.startsWith(":") ? PARAMS[part.slice(1)] : part === "*" ? PARAMS["*"] : part,
          )
          .join("/");
        urls.push(`/${url}`);
      }
      walk(node.children ?? [], pattern);
    }
  };
  walk(tree, "");
  return [...new Set(urls)].sort();
}

let server: RunningServer;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  admin = await server.signIn("admin@example.org");
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

async function post(path: string, headers: Record<string, string>, method = "POST") {
  const response = await fetch(`${server.base}${path}`, {
    method,
    redirect: "manual",
    headers: { Cookie: admin, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ intent: "delete", firstName: "Mallory", lastName: "Attacker" }),
  });
  return {
    status: response.status,
    text: await response.text(),
    id: response.headers.get("x-request-id"),
  };
}

function expectRefusal(reply: { status: number; text: string }) {
  expect(reply.status).toBe(403);
  expect(reply.text).toContain("<h1>This form was sent from another site</h1>");
  expect(reply.text).toContain("Nothing was changed.");
  // The page is shown at the form's address and must not hydrate as another route.
  expect(reply.text).not.toContain("<script");
}

describe("forms sent from another site", () => {
  const urls = actionUrls();

  it("finds the app's actions", () => {
    // The profile, sign-in and user pages at least: a broken route walk must not pass quietly.
    expect(urls).toEqual(
      expect.arrayContaining(["/login", "/myaccount/profile", "/dashboard/users/1"]),
    );
    expect(urls.length).toBeGreaterThanOrEqual(15);
  });

  it("refuses every action with a 403 page and a warning in the log, never a 500", async () => {
    for (const url of urls) {
      const reply = await post(url, { Origin: "http://evil.example" });
      expectRefusal(reply);
      const warning = server.lines.find((line) => line.reqId === reply.id && line.level === "warn");
      expect(warning, url).toMatchObject({
        msg: "refused a request sent from another site",
        path: url,
        origin: "http://evil.example",
      });
    }
    expect(server.lines.filter((line) => line.status === 500)).toEqual([]);
    expect(server.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("refuses other methods, resource routes, 'Origin: null' and Sec-Fetch-Site alike", async () => {
    expectRefusal(await post("/myaccount/profile", { Origin: "http://evil.example" }, "PUT"));
    expectRefusal(await post("/myaccount/profile", { Origin: "http://evil.example" }, "DELETE"));
    expectRefusal(await post("/api/health", { Origin: "http://evil.example" }));
    expectRefusal(await post("/dashboard/userreports.csv", { Origin: "http://evil.example" }));
    expectRefusal(await post("/myaccount/profile", { Origin: "null" }));
    expectRefusal(await post("/myaccount/profile", { "Sec-Fetch-Site": "cross-site" }));
    expectRefusal(await post("/myaccount/profile", { "Sec-Fetch-Site": "same-site" }));
  });

  it("changes nothing: the admin's name is the same afterwards", async () => {
    await post("/myaccount/profile", { Origin: "http://evil.example" });
    const page = await fetch(`${server.base}/myaccount/profile`, { headers: { Cookie: admin } });
    const html = await page.text();
    expect(html).not.toContain("Mallory");
    expect(html).toMatch(/name="firstName"[^>]*value="[^"]+"/);
  });

  it("lets the site's own forms through, directly and behind a proxy", async () => {
    // Each reaches the action, which answers that the new email is missing (400): not the
    // refusal.
    const own = await post("/myaccount/email", { Origin: server.base });
    expect(own.status).toBe(400);
    expect(own.text).toContain("Enter your new email address");
    const fetched = await post("/myaccount/email", { "Sec-Fetch-Site": "same-origin" });
    expect(fetched.status).toBe(400);
    // A proxy passes the address the browser used, here with the default port written out.
    for (const forwarded of ["horizon.example.org", "horizon.example.org:443"]) {
      const proxied = await post("/myaccount/email", {
        Origin: "https://horizon.example.org",
        "X-Forwarded-Host": forwarded,
      });
      expect(proxied.status, forwarded).toBe(400);
    }
    // The refusal page itself is not a page: asked for directly, it is not found.
    expect((await fetch(`${server.base}/crosssite`)).status).toBe(404);
  });
});
