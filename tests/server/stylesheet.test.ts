import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer, stopServer } from "./harness";

/**
 * Every page links the one stylesheet the build fingerprinted, which the browser keeps for a
 * year; no page carries CSS of its own (docs/decisions/031-linked-stylesheet.md).
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ demoRecords: 5 });
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

async function page(path: string, cookie?: string) {
  const response = await fetch(`${server.base}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  expect(response.status, path).toBe(200);
  return { html: await response.text(), csp: response.headers.get("content-security-policy") };
}

describe("the stylesheet", () => {
  it("is one fingerprinted file every page links, cached a year, with no CSS in the page", async () => {
    const cookie = await server.signIn("member@example.org");
    const hrefs = new Set<string>();
    for (const [path, who] of [
      ["/login", undefined],
      ["/about", undefined],
      ["/search?q=cancer", cookie],
    ] as const) {
      const { html, csp } = await page(path, who);
      const links = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
      expect(links, path).toHaveLength(1);
      const href = /href="([^"]+)"/.exec(links[0])?.[1];
      expect(href, path).toMatch(/^\/assets\/index-[\w-]{8}\.css$/);
      hrefs.add(href as string);
      // Neither <style> elements nor style attributes: the CSP admits the site's own files only.
      expect(html, path).not.toMatch(/<style\b|\sstyle="/);
      const styleSrc = csp?.split("; ").find((directive) => directive.startsWith("style-src"));
      expect(styleSrc, path).toBe("style-src 'self'");
    }
    expect(hrefs.size).toBe(1);

    const [href] = hrefs;
    for (const who of [undefined, cookie]) {
      const response = await fetch(`${server.base}${href}`, {
        headers: { "Accept-Encoding": "gzip", ...(who ? { Cookie: who } : {}) },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/css/);
      // A signed-in browser keeps it too: it holds nothing of theirs.
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-encoding")).toBe("gzip");
      const css = await response.text();
      expect(css).toBe(readFileSync(`build/client${href}`, "utf8"));
      // Pico and ours in their layers, the order declared first.
      expect(css).toMatch(/^(@charset "UTF-8";)?@layer pico,\s*base,\s*components,\s*utilities;/);
    }
  });
});
