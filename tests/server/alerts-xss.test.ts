import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executableMarkup, ownTags, XSS_PAYLOADS } from "../xss/payloads";
import { type RunningServer, startServer, stopServer } from "./harness";

/**
 * Stored XSS in alerts: staff type every payload of the corpus into an alert's title, summary,
 * content and tags through the real form, and the pages members read are fetched from the
 * production server. None may hold markup that runs or loads anything: compared with the same
 * page showing a harmless alert, no new script, event handler, dangerous URL, style or
 * embedded element appears.
 */
let server: RunningServer;
let staff: string;
let member: string;

async function post(path: string, fields: Record<string, string>, cookie: string) {
  return fetch(`${server.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.base,
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
}

async function page(path: string) {
  const response = await fetch(`${server.base}${path}`, { headers: { Cookie: member } });
  expect(response.status, path).toBe(200);
  return response.text();
}

// Ids and addresses differ between the harmless alert's page and a payload's: compare shapes.
const shape = (html: string) => html.replace(/\d+/g, "0");

async function createAlert(text: string, release: boolean) {
  const response = await post(
    "/dashboard/alerts/new",
    {
      title: text,
      summary: text,
      content: text,
      tags: text.replaceAll(",", " ").slice(0, 40),
      alertType: release ? "release" : "announcement",
      severity: "warning",
      popupDuration: "3000",
      notifyDate: "2026-01-01T00:00",
      expireDate: "2099-01-01T00:00",
      isEnabled: "on",
      intent: "save",
    },
    staff,
  );
  expect(response.status, text).toBe(303);
}

beforeAll(async () => {
  server = await startServer({ env: { DEMO_ALERTS: "0" } });
  staff = await server.signIn("alerts@example.org");
  member = await server.signIn("member@example.org");
}, 180_000);

afterAll(async () => {
  if (server) await stopServer(server);
});

describe("stored XSS through website alerts", () => {
  it("renders every payload of the corpus inert on every page a member reads", async () => {
    await createAlert("A harmless alert", false);
    await createAlert("A harmless release", true);
    const harmless = {
      alert: shape(await page("/alerts/1")),
      release: shape(await page("/releases/2")),
      list: shape(await page("/alerts")),
      releases: shape(await page("/allreleases")),
      home: shape(await page("/")),
      search: shape(await page("/search")),
    };
    const baseline = ownTags(Object.values(harmless).join("\n"));
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      await createAlert(payload, index % 4 === 0);
    }
    const faults: string[] = [];
    const check = async (path: string) => {
      for (const tag of executableMarkup(shape(await page(path)), baseline))
        faults.push(`${path}: ${tag}`);
    };
    // Alert ids 3 onwards are the payloads, in the corpus's order.
    for (const [index] of XSS_PAYLOADS.entries()) {
      const id = index + 3;
      await check(index % 4 === 0 ? `/releases/${id}` : `/alerts/${id}`);
    }
    await check("/alerts");
    await check("/allreleases");
    await check("/");
    await check("/search");
    expect(faults).toEqual([]);
    // The payloads did reach the pages, as text: the test is not looking at empty pages.
    const list = await page("/alerts");
    expect(list).toContain("&lt;script&gt;alert(&#x27;x1&#x27;)&lt;/script&gt;");
  }, 120_000);
});
