import { execFileSync } from "node:child_process";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer, stopServer } from "./harness";

/**
 * No request, however malformed, gets a 500. Every route of the app's own route
 * table (`remix routes --json`, so a new route is covered without a change here) is sent, by
 * each kind of user, a POST with no body, JSON, a form, broken multipart, invalid UTF-8 and a
 * 2 MB field, and a GET with malformed query parameters. The production server answers.
 */

interface RouteNode {
  path?: string;
  children?: RouteNode[];
}

function routePatterns() {
  const tree: RouteNode[] = JSON.parse(
    execFileSync("node_modules/.bin/remix", ["routes", "--json"], { encoding: "utf8" }),
  );
  const patterns = new Set<string>();
  const walk = (nodes: RouteNode[], parent: string) => {
    for (const node of nodes) {
      const path = [parent, node.path ?? ""].filter(Boolean).join("/");
      patterns.add(`/${path}`);
      walk(node.children ?? [], path);
    }
  };
  walk(tree, "");
  // Signing out ends the session the rest use: last.
  return [...patterns].sort((a, b) => Number(a === "/logout") - Number(b === "/logout"));
}

/** Each pattern with its parameters filled: a real-looking value and a nonsensical one. */
function addresses(pattern: string, hssId: string): string[] {
  if (!pattern.includes(":") && !pattern.includes("*")) return [pattern];
  const fill = (values: Record<string, string>) =>
    pattern
      .replace(/:(\w+)/g, (_, name: string) => values[name] ?? "1")
      .replace("*", "no/such/page");
  return [
    fill({ hssId, filterId: "companies", userId: "1", importId: "1", exportId: "1" }),
    fill({
      hssId: "%E0%A4%A",
      filterId: "%00",
      userId: "-1",
      importId: "x",
      exportId: "..%2F..%2Fetc",
    }),
  ];
}

const MALFORMED_QUERY =
  "?q=%25%&page=-1&page=99999999999&size=abc&sort=%00&order=sideways&f=%5B%5B%5B&f=companies:&" +
  "from=1e400&redirectTo=//evil.example&token=%FF%FE&email=%E0%A4%A&view=%3Cscript%3E";

let server: RunningServer;
const who: Record<string, string | undefined> = { "signed out": undefined };
let hssId = "HSS0001";

beforeAll(async () => {
  server = await startServer({ demoRecords: 5 });
  for (const [name, email] of [
    ["member", "member@example.org"],
    ["editor", "editor@example.org"],
    ["admin", "admin@example.org"],
    ["reports", "reports@example.org"],
    ["alerts", "alerts@example.org"],
  ]) {
    who[name] = await server.signIn(email);
  }
  const page = await (
    await fetch(`${server.base}/search`, { headers: { Cookie: who.member as string } })
  ).text();
  hssId = page.match(/\/record\/([A-Za-z0-9-]+)/)?.[1] ?? hssId;
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

interface Probe {
  name: string;
  method: "GET" | "POST";
  query?: string;
  type?: string;
  body?: BodyInit;
}

const BOUNDARY = "----fuzz";
const probes = (big: boolean): Probe[] => [
  { name: "GET, malformed query", method: "GET", query: MALFORMED_QUERY },
  { name: "POST, no body", method: "POST" },
  { name: "POST, JSON", method: "POST", type: "application/json", body: '{"email":' },
  {
    name: "POST, a form",
    method: "POST",
    type: "application/x-www-form-urlencoded",
    body: "intent=delete&email=a%40b.example&id=1&q=x",
  },
  {
    name: "POST, broken multipart",
    method: "POST",
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n{"unterminated`,
  },
  {
    name: "POST, invalid UTF-8",
    method: "POST",
    type: "application/x-www-form-urlencoded",
    body: new Uint8Array([0x71, 0x3d, 0xff, 0xfe, 0xc3, 0x28, 0x26, 0x25, 0xff, 0x3d, 0xe0, 0x80]),
  },
  ...(big
    ? [
        {
          name: "POST, a 2 MB field",
          method: "POST" as const,
          type: "application/x-www-form-urlencoded",
          body: `message=${"a".repeat(2 * 1024 * 1024)}`,
        },
      ]
    : []),
];

describe("malformed requests", () => {
  it("get no 500 from any route, as any user", async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const sends: Array<{ logout: boolean; send: () => Promise<void> }> = [];
    for (const pattern of routePatterns()) {
      for (const address of addresses(pattern, hssId)) {
        for (const [name, cookie] of Object.entries(who)) {
          for (const probe of probes(name === "signed out" || name === "admin")) {
            const headers: Record<string, string> = { Origin: server.base };
            if (cookie) headers.Cookie = cookie;
            if (probe.type) headers["Content-Type"] = probe.type;
            const send = async () => {
              const response = await fetch(`${server.base}${address}${probe.query ?? ""}`, {
                method: probe.method,
                headers,
                body: probe.body,
                redirect: "manual",
              });
              await response.arrayBuffer();
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              if (response.status >= 500) {
                failures.push(`${response.status} ${probe.name} ${address} as ${name}`);
              }
            };
            sends.push({ logout: pattern === "/logout", send });
          }
        }
      }
    }
    // A few at a time, so that both of the server's threads are busy (well under its limit of
    // requests in progress); signing out ends the sessions the rest use, so it goes last.
    const queue = sends.filter((each) => !each.logout);
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await next.send();
      }),
    );
    for (const each of sends.filter((one) => one.logout)) await each.send();
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `fuzz: ${total} requests; by status: ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(", ")}`,
    );
    expect(failures).toEqual([]);
    // The malformed POSTs reached the actions: most were refused as the client's mistake.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(100);
  }, 600_000);

  it("answers a body that is not a form with the error page, saying so", async () => {
    const response = await fetch(`${server.base}/contact`, {
      method: "POST",
      headers: {
        Origin: server.base,
        "Content-Type": "application/json",
        Cookie: who.member as string,
      },
      body: "{}",
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("<title>Sorry, what was sent could not be read");
    expect(page).toContain("This page accepts a form, and what was sent was not one.");
    expect(page).toMatch(/quote reference(<!-- -->)? ?<code>[0-9a-f]{16}<\/code>/);
  });

  /** The status line the server answers a POST declaring `megabytes`, after a few bytes of it. */
  const declaredPost = (path: string, megabytes: number) => {
    const { port } = new URL(server.base);
    return new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          [
            `POST ${path} HTTP/1.1`,
            `Host: 127.0.0.1:${port}`,
            `Origin: ${server.base}`,
            "Content-Type: application/x-www-form-urlencoded",
            `Content-Length: ${megabytes * 1024 * 1024}`,
            "",
            "message=short",
          ].join("\r\n"),
        );
      });
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString();
        if (received.includes("\r\n\r\n")) {
          socket.destroy();
          resolve(received);
        }
      });
      // Still reading the declared body after 2 s: the server took it.
      setTimeout(() => {
        socket.destroy();
        resolve("still reading");
      }, 2000);
      socket.on("error", reject);
    });
  };

  it("refuses a body larger than the largest upload before reading it", async () => {
    // Declares 30 MB and sends a few bytes: the answer comes without waiting for the rest.
    expect(await declaredPost("/contact", 30)).toMatch(/^HTTP\/1\.1 413 /);
    // The HIR pages take a PDF of up to 50 MB with their form: 60 MB is refused at once,
    // 40 MB is read (and the rest of the server keeps its smaller limit).
    expect(await declaredPost("/dashboard/managehirs/new", 60)).toMatch(/^HTTP\/1\.1 413 /);
    expect(await declaredPost("/dashboard/managehirs/new", 40)).toBe("still reading");
    expect(await declaredPost("/contact", 40)).toMatch(/^HTTP\/1\.1 413 /);
  });
});
