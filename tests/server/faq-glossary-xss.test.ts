import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executableMarkup, ownTags, XSS_PAYLOADS } from "../xss/payloads";
import { type RunningServer, startServer, stopServer } from "./harness";

/**
 * Stored XSS on the pages members read: an editor puts every payload of the shared
 * corpus through every field of the FAQ and the glossary, plain and Markdown alike, with the
 * real forms of the built app; /faq, /glossary (filtered and not) and a record page, whose
 * labels link to the glossary, must then hold nothing that runs or loads beyond their own markup.
 */
let server: RunningServer;
let editor: string;
let member: string;

beforeAll(async () => {
  server = await startServer({ demoRecords: 3 });
  editor = await server.signIn("editor@example.org");
  member = await server.signIn("member@example.org");
});
afterAll(async () => {
  await stopServer(server);
});

const page = async (path: string, cookie = member) => {
  const response = await fetch(`${server.base}${path}`, { headers: { Cookie: cookie } });
  expect(response.status, path).toBe(200);
  return response.text();
};

async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(`${server.base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Cookie: editor,
      Origin: server.base,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
  expect(response.status, `${path}: ${await response.text()}`).toBe(303);
}

describe("staff text on the FAQ, glossary and record pages", () => {
  it("renders all of the XSS corpus inert, in every field", async () => {
    const search = await page("/search?q=*");
    const hssId = /href="\/record\/([\w-]+)"/.exec(search)?.[1];
    expect(hssId).toBeTruthy();
    const paths = [
      "/faq",
      "/faq?q=alert",
      "/glossary",
      "/glossary?q=alert&section=activeCompound",
      `/record/${hssId}`,
    ];
    const baseline = new Map<string, Set<string>>();
    for (const path of paths) baseline.set(path, ownTags(await page(path)));

    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      await post("/dashboard/managefaqs/new", {
        category: payload,
        question: `${payload} q${index}`,
        answer: payload,
        anchor: "",
      });
      await post("/dashboard/manageglossary/new", {
        recordSection: "activeCompound",
        fieldName: `${payload} f${index}`,
        fieldDescription: payload,
        sourceOfData: `${payload} alert`,
      });
    }
    // The labels that exist on a record link to entries whose text is a payload.
    await post("/dashboard/manageglossary/new", {
      recordSection: "keyFacts",
      fieldName: "Brand name",
      fieldDescription: XSS_PAYLOADS.join("\n\n"),
      sourceOfData: XSS_PAYLOADS.join("\n\n"),
    });

    for (const path of paths) {
      const html = await page(path);
      if (path.startsWith("/faq")) expect(html).toContain("q39");
      if (path.startsWith("/glossary")) expect(html).toContain("f39");
      expect(executableMarkup(html, baseline.get(path)), path).toEqual([]);
    }
  }, 120_000);
});
