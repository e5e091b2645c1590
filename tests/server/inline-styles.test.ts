import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer, stopServer } from "./harness";

/**
 * The stylesheets come inline, in one <style> the CSP admits by the page's nonce,
 * so the first paint waits on the document alone (docs/decisions/025-inline-stylesheets.md).
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ demoRecords: 5 });
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

const built = (prefix: string) => {
  const name = readdirSync("build/client/assets").find(
    (file) => file.startsWith(prefix) && file.endsWith(".css"),
  );
  if (!name) throw new Error(`no built ${prefix} stylesheet`);
  // Vite's inline copy may lack the file's final newline.
  return readFileSync(`build/client/assets/${name}`, "utf8").trimEnd();
};

async function page(path: string, cookie?: string) {
  const response = await fetch(`${server.base}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  expect(response.status, path).toBe(200);
  return { html: await response.text(), csp: response.headers.get("content-security-policy") };
}

describe("inline stylesheets", () => {
  it("puts every stylesheet in one <style> with the nonce the CSP admits, and links none", async () => {
    const cookie = await server.signIn("member@example.org");
    for (const [path, who] of [
      ["/login", undefined],
      ["/search?q=cancer", cookie],
    ] as const) {
      const { html, csp } = await page(path, who);
      const styleSrc = csp?.split("; ").find((directive) => directive.startsWith("style-src"));
      const nonce = /'nonce-([^']+)'/.exec(styleSrc ?? "")?.[1];
      expect(nonce, path).toBeTruthy();
      // Style attributes stay refused.
      expect(styleSrc).not.toContain("unsafe-inline");
      // The CSS may hold a "<" (a container query's "width < 30rem"), never "</".
      const styles = [...html.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)];
      expect(styles, path).toHaveLength(1);
      expect(styles[0][1]).toContain(`nonce="${nonce}"`);
      const css = styles[0][2];
      // The one built stylesheet, whole: Pico and ours in their layers, the order declared first.
      expect(css).toBe(built("index-"));
      expect(css).toMatch(/^(@charset "UTF-8";)?@layer pico,\s*base,\s*components,\s*utilities;/);
      expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    }
  });
});
