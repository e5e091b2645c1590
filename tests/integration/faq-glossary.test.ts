import type { LoaderFunctionArgs } from "@remix-run/node";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getDb, sql } from "~/db/client.server";
import { GlossaryContext, type GlossaryLookup } from "~/components/record/glossary";
import { RecordSections } from "~/components/record/RecordSections";
import { DEMO_FAQS, DEMO_GLOSSARY } from "~/demo/content";
import { demoFaqAndGlossary } from "~/models/demo-seed.server";
import { oneLine } from "~/lib/forms.server";
import { glossaryLookup } from "~/records/glossary-links";
import {
  createFaq,
  faqsVersion,
  listFaqs,
  ORDER_REFUSED,
  OrderRefused,
  saveFaqOrder,
} from "~/models/faqs.server";
import { createGlossaryEntry, glossaryTargets, listGlossary } from "~/models/glossary.server";
import { generateRecord } from "~/records/generate";
import { recordSchema } from "~/records/schema.server";
import { PRINT_SECTION_VALUES } from "~/records/sections";
import { loader as faqLoader } from "~/routes/faq";
import { loader as glossaryLoader } from "~/routes/glossary";
import {
  action as faqOrderAction,
  loader as faqListLoader,
} from "~/routes/dashboard.managefaqs._index";
import { action as faqNewAction, loader as faqNewLoader } from "~/routes/dashboard.managefaqs.new";
import {
  action as faqEditAction,
  loader as faqEditLoader,
} from "~/routes/dashboard.managefaqs.$faqId";
import {
  action as faqDeleteAction,
  loader as faqDeleteLoader,
} from "~/routes/dashboard.managefaqs.$faqId_.delete";
import { loader as glossaryListLoader } from "~/routes/dashboard.manageglossary._index";
import {
  action as glossaryNewAction,
  loader as glossaryNewLoader,
} from "~/routes/dashboard.manageglossary.new";
import {
  action as glossaryEditAction,
  loader as glossaryEditLoader,
} from "~/routes/dashboard.manageglossary.$glossaryId";
import {
  action as glossaryDeleteAction,
  loader as glossaryDeleteLoader,
} from "~/routes/dashboard.manageglossary.$glossaryId_.delete";
import { loader as recordLoader } from "~/routes/record.$hssId";
import { applyImport } from "~/models/record-import.server";
import { textChunks } from "~/records/read-items.server";
import { getRequest, makeUser, postRequest, redirected, sessionCookie } from "../factories";
import { exampleRecords, jsonLines } from "../records";
import { executableMarkup, XSS_PAYLOADS } from "../xss/payloads";
import { asResponse } from "../route-result";

type Handler = (a: LoaderFunctionArgs) => Promise<unknown>;

const call = (handler: Handler, request: Request, params: Record<string, string> = {}) =>
  handler({ request, params, context: {} });
const body = async (result: unknown) => asResponse(result).json();
const status = (result: unknown) => asResponse(result).status;

const staffCookie = async (role = "editor") => sessionCookie(await makeUser({ roles: [role] }));

const faqForm = (overrides: Record<string, string> = {}) => ({
  category: "Testing",
  question: "How is this tested?",
  answer: "With **integration** tests.",
  anchor: "",
  ...overrides,
});
const glossaryForm = (overrides: Record<string, string> = {}) => ({
  recordSection: "activeCompound",
  fieldName: `Field ${Math.random().toString(36).slice(2, 8)}`,
  fieldDescription: "What it *means*.",
  sourceOfData: "Our analysts.",
  ...overrides,
});

async function faqState() {
  return { order: (await listFaqs()).map((faq) => faq.id), version: await faqsVersion() };
}

describe("the FAQ and glossary pages' access", () => {
  it("sends signed-out visitors to the login from every page and form", async () => {
    const faq = await createFaq(faqForm({ anchor: `Access${Date.now()}` }), null);
    const entry = await createGlossaryEntry(glossaryForm(), null);
    const attempts: Array<[Handler, Request, Record<string, string>?]> = [
      [faqLoader, getRequest("/faq")],
      [glossaryLoader, getRequest("/glossary")],
      [faqListLoader, getRequest("/dashboard/managefaqs")],
      [faqOrderAction, postRequest("/dashboard/managefaqs", { intent: "saveOrder" })],
      [faqNewLoader, getRequest("/dashboard/managefaqs/new")],
      [faqNewAction, postRequest("/dashboard/managefaqs/new", faqForm())],
      [faqEditLoader, getRequest(`/dashboard/managefaqs/${faq}`), { faqId: String(faq) }],
      [
        faqEditAction,
        postRequest(`/dashboard/managefaqs/${faq}`, faqForm()),
        { faqId: String(faq) },
      ],
      [faqDeleteLoader, getRequest(`/dashboard/managefaqs/${faq}/delete`), { faqId: String(faq) }],
      [
        faqDeleteAction,
        postRequest(`/dashboard/managefaqs/${faq}/delete`, {}),
        { faqId: String(faq) },
      ],
      [glossaryListLoader, getRequest("/dashboard/manageglossary")],
      [glossaryNewLoader, getRequest("/dashboard/manageglossary/new")],
      [glossaryNewAction, postRequest("/dashboard/manageglossary/new", glossaryForm())],
      [glossaryEditLoader, getRequest(`/x/${entry}`), { glossaryId: String(entry) }],
      [
        glossaryEditAction,
        postRequest(`/x/${entry}`, glossaryForm()),
        { glossaryId: String(entry) },
      ],
      [glossaryDeleteLoader, getRequest(`/x/${entry}/delete`), { glossaryId: String(entry) }],
      [glossaryDeleteAction, postRequest(`/x/${entry}/delete`, {}), { glossaryId: String(entry) }],
    ];
    for (const [handler, request, params] of attempts) {
      const response = await redirected(() => call(handler, request, params));
      expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it("refuses members and the other staff roles on every staff loader and action, changing nothing", async () => {
    const faq = await createFaq(faqForm({ anchor: `Refused${Date.now()}` }), null);
    const entry = await createGlossaryEntry(glossaryForm(), null);
    const before = {
      faqs: await listFaqs(),
      glossary: await listGlossary(),
      version: await faqsVersion(),
    };
    const { order, version } = await faqState();
    for (const roles of [[], ["reportadmin"], ["websitealerts"]]) {
      const cookie = await sessionCookie(await makeUser({ roles }));
      const attempts: Array<[Handler, Request, Record<string, string>?]> = [
        [faqListLoader, getRequest("/dashboard/managefaqs", cookie)],
        [
          faqOrderAction,
          postRequest(
            "/dashboard/managefaqs",
            {
              intent: "saveOrder",
              version: String(version),
              order: [...order].reverse().map(String),
            },
            cookie,
          ),
        ],
        [faqNewLoader, getRequest("/dashboard/managefaqs/new", cookie)],
        [faqNewAction, postRequest("/dashboard/managefaqs/new", faqForm(), cookie)],
        [faqEditLoader, getRequest(`/dashboard/managefaqs/${faq}`, cookie), { faqId: String(faq) }],
        [
          faqEditAction,
          postRequest(`/dashboard/managefaqs/${faq}`, faqForm({ question: "Hacked?" }), cookie),
          { faqId: String(faq) },
        ],
        [faqDeleteLoader, getRequest(`/x/${faq}/delete`, cookie), { faqId: String(faq) }],
        [faqDeleteAction, postRequest(`/x/${faq}/delete`, {}, cookie), { faqId: String(faq) }],
        [glossaryListLoader, getRequest("/dashboard/manageglossary", cookie)],
        [glossaryNewLoader, getRequest("/dashboard/manageglossary/new", cookie)],
        [glossaryNewAction, postRequest("/dashboard/manageglossary/new", glossaryForm(), cookie)],
        [glossaryEditLoader, getRequest(`/x/${entry}`, cookie), { glossaryId: String(entry) }],
        [
          glossaryEditAction,
          postRequest(`/x/${entry}`, glossaryForm({ fieldName: "Hacked" }), cookie),
          { glossaryId: String(entry) },
        ],
        [
          glossaryDeleteLoader,
          getRequest(`/x/${entry}/delete`, cookie),
          { glossaryId: String(entry) },
        ],
        [
          glossaryDeleteAction,
          postRequest(`/x/${entry}/delete`, {}, cookie),
          { glossaryId: String(entry) },
        ],
      ];
      for (const [handler, request, params] of attempts) {
        const response = await redirected(() => call(handler, request, params));
        expect(response.headers.get("Location"), `${roles} at ${request.url}`).toBe("/notallowed");
      }
      // Members read both pages.
      expect(status(await call(faqLoader, getRequest("/faq", cookie)))).toBe(200);
      expect(status(await call(glossaryLoader, getRequest("/glossary", cookie)))).toBe(200);
    }
    expect(await listFaqs()).toEqual(before.faqs);
    expect(await listGlossary()).toEqual(before.glossary);
    expect(await faqsVersion()).toBe(before.version);
  });

  it("lets editors and admins open every staff page", async () => {
    const faq = await createFaq(faqForm({ anchor: `Open${Date.now()}` }), null);
    const entry = await createGlossaryEntry(glossaryForm(), null);
    for (const role of ["editor", "admin"]) {
      const cookie = await staffCookie(role);
      for (const [handler, request, params] of [
        [faqListLoader, getRequest("/dashboard/managefaqs", cookie)],
        [faqNewLoader, getRequest("/dashboard/managefaqs/new", cookie)],
        [faqEditLoader, getRequest(`/x/${faq}`, cookie), { faqId: String(faq) }],
        [faqDeleteLoader, getRequest(`/x/${faq}/delete`, cookie), { faqId: String(faq) }],
        [glossaryListLoader, getRequest("/dashboard/manageglossary", cookie)],
        [glossaryNewLoader, getRequest("/dashboard/manageglossary/new", cookie)],
        [glossaryEditLoader, getRequest(`/x/${entry}`, cookie), { glossaryId: String(entry) }],
        [
          glossaryDeleteLoader,
          getRequest(`/x/${entry}/delete`, cookie),
          { glossaryId: String(entry) },
        ],
      ] as Array<[Handler, Request, Record<string, string>?]>) {
        expect(status(await call(handler, request, params))).toBe(200);
      }
    }
  });
});

describe("writing the FAQ", () => {
  it("adds, edits and deletes (after a confirmation page) a question", async () => {
    const cookie = await staffCookie();
    const anchor = `Lifecycle${Date.now()}`;
    const added = await redirected(() =>
      call(faqNewAction, postRequest("/dashboard/managefaqs/new", faqForm({ anchor }), cookie)),
    );
    const faq = (await listFaqs()).find((each) => each.anchor === anchor);
    expect(faq).toMatchObject({ category: "Testing", question: "How is this tested?" });
    expect(added.headers.get("Location")).toBe(`/dashboard/managefaqs#faq-row-${faq?.id}`);
    // Added last in the order.
    expect((await listFaqs()).at(-1)?.id).toBe(faq?.id);
    const params = { faqId: String(faq?.id) };
    await redirected(() =>
      call(
        faqEditAction,
        postRequest("/x", faqForm({ question: "Edited?", anchor: "" }), cookie),
        params,
      ),
    );
    // An anchor left empty on edit keeps the one the question had.
    expect((await listFaqs()).find((each) => each.id === faq?.id)).toMatchObject({
      question: "Edited?",
      anchor,
    });
    const confirm = await body(await call(faqDeleteLoader, getRequest("/x", cookie), params));
    expect(confirm.faq.question).toBe("Edited?");
    await redirected(() => call(faqDeleteAction, postRequest("/x", {}, cookie), params));
    expect((await listFaqs()).some((each) => each.id === faq?.id)).toBe(false);
    await expect(call(faqEditLoader, getRequest("/x", cookie), params)).rejects.toMatchObject({
      status: 404,
    });
  });

  it("makes an anchor from the question when none is given, unique", async () => {
    const cookie = await staffCookie();
    const question = `Where is the ${Date.now()} button?`;
    for (let n = 0; n < 2; n++)
      await redirected(() => call(faqNewAction, postRequest("/x", faqForm({ question }), cookie)));
    const anchors = (await listFaqs()).filter((f) => f.question === question).map((f) => f.anchor);
    expect(anchors).toHaveLength(2);
    expect(anchors[0]).toMatch(/^where-is-the-\d+-button$/);
    expect(anchors[1]).toBe(`${anchors[0]}-2`);
  });

  it.each([
    [{ category: "" }, "category", "Enter a category"],
    [{ category: "x".repeat(101) }, "category", "The category must be at most 100 characters"],
    [{ question: "  " }, "question", "Enter the question"],
    [{ question: "x".repeat(301) }, "question", "The question must be at most 300 characters"],
    [{ answer: "" }, "answer", "Enter the answer"],
    [{ answer: "x".repeat(20_001) }, "answer", "The answer must be at most 20,000 characters"],
    [{ anchor: "1abc" }, "anchor", "The anchor must start with a letter"],
    [{ anchor: "has space" }, "anchor", "The anchor must start with a letter"],
    [{ anchor: `a${"b".repeat(60)}` }, "anchor", "The anchor must be at most 60 characters"],
    [{ anchor: "faq-contents-title" }, "anchor", "The anchor must not start with faq-"],
    [{ anchor: "main-content" }, "anchor", "must not start with faq- or be main-content"],
  ])(
    "refuses %j with the message on %s, keeping what was typed",
    async (change, field, message) => {
      const cookie = await staffCookie();
      const count = (await listFaqs()).length;
      const typed = faqForm({ question: "Kept question?", answer: "Kept answer", ...change });
      for (const [handler, params] of [[faqNewAction, {}]] as Array<
        [Handler, Record<string, string>]
      >) {
        const result = await call(handler, postRequest("/x", typed, cookie), params);
        expect(status(result)).toBe(400);
        const reply = await body(result);
        expect(reply.error[field].join(" ")).toContain(message);
        for (const [name, value] of Object.entries(typed))
          if (value) expect(reply.initialValue[name]).toBe(value);
      }
      expect((await listFaqs()).length).toBe(count);
    },
  );

  it("refuses an anchor another question has, whatever its case, on adding and on editing", async () => {
    const cookie = await staffCookie();
    const anchor = `Taken${Date.now()}`;
    const first = await createFaq(faqForm({ anchor }), null);
    const second = await createFaq(faqForm({ anchor: `${anchor}x` }), null);
    const adding = await call(
      faqNewAction,
      postRequest("/x", faqForm({ anchor: anchor.toUpperCase() }), cookie),
    );
    expect(status(adding)).toBe(400);
    expect((await body(adding)).error.anchor).toEqual([
      `Another question already has the anchor ${anchor.toUpperCase()}: choose another`,
    ]);
    const editing = await call(
      faqEditAction,
      postRequest("/x", faqForm({ anchor: anchor.toLowerCase() }), cookie),
      { faqId: String(second) },
    );
    expect(status(editing)).toBe(400);
    expect((await body(editing)).error.anchor[0]).toContain("Another question already has");
    // A question keeps its own anchor when saved again.
    await redirected(() =>
      call(faqEditAction, postRequest("/x", faqForm({ anchor }), cookie), {
        faqId: String(first),
      }),
    );
  });
});

describe("saving the FAQ order", () => {
  const post = (cookie: string, order: number[], version: number) =>
    call(
      faqOrderAction,
      postRequest(
        "/dashboard/managefaqs",
        { intent: "saveOrder", version: String(version), order: order.map(String) },
        cookie,
      ),
    );

  it("applies the whole order at once and raises the version", async () => {
    const cookie = await staffCookie();
    for (let n = 0; n < 3; n++)
      await createFaq(faqForm({ anchor: `Order${Date.now()}${n}` }), null);
    const { order, version } = await faqState();
    const wanted = [...order].reverse();
    const response = await redirected(() => post(cookie, wanted, version));
    expect(response.headers.get("Location")).toBe("/dashboard/managefaqs");
    expect(await faqState()).toEqual({ order: wanted, version: version + 1 });
    expect((await listFaqs()).map((faq) => faq.sortOrder)).toEqual(wanted.map((_, i) => i + 1));
    // The page shows it, and the FAQ page groups by category in that order.
    const page = await body(await call(faqListLoader, getRequest("/dashboard/managefaqs", cookie)));
    expect(page.rows.map((row: { id: number }) => row.id)).toEqual(wanted);
  });

  it.each([
    ["stale", (order: number[]) => order, -1],
    ["missing", (order: number[]) => order.slice(1), 0],
    ["unknown", (order: number[]) => [...order, 2_000_000_000], 0],
    ["duplicate", (order: number[]) => [...order, order[0]], 0],
  ] as const)(
    "refuses a %s order with a clear message, changing nothing",
    async (reason, make, offset) => {
      const cookie = await staffCookie();
      await createFaq(faqForm({ anchor: `Refuse${reason}${Date.now()}` }), null);
      const before = await faqState();
      const sent = make([...before.order].reverse());
      const response = await redirected(() => post(cookie, sent, before.version + offset));
      expect(await faqState()).toEqual(before);
      expect(response.headers.get("Set-Cookie")).toContain("hsd_flash");
      await expect(saveFaqOrder(sent, before.version + offset)).rejects.toThrow(
        new OrderRefused(reason, ORDER_REFUSED[reason]),
      );
      // A stale order of the same questions is offered again, unsaved, on top of the saved list.
      if (reason === "stale") {
        const location = response.headers.get("Location") ?? "";
        expect(location).toMatch(/^\/dashboard\/managefaqs\?order=/);
        const page = await body(await call(faqListLoader, getRequest(location, cookie)));
        expect(page.rows.map((row: { id: number }) => row.id)).toEqual(sent);
        expect(page.version).toBe(before.version);
        expect(await faqState()).toEqual(before);
      }
    },
  );

  it("refuses the second of two saves made from the same page, even at the same moment", async () => {
    await createFaq(faqForm({ anchor: `Race${Date.now()}` }), null);
    const { order, version } = await faqState();
    const one = [...order].reverse();
    const two = [...order.slice(1), order[0]];
    const results = await Promise.allSettled([
      saveFaqOrder(one, version),
      saveFaqOrder(two, version),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const winner = results[0].status === "fulfilled" ? one : two;
    expect(await faqState()).toEqual({ order: winner, version: version + 1 });
  });

  it("raises the version on every change, so an order made before an edit is refused", async () => {
    const cookie = await staffCookie();
    const id = await createFaq(faqForm({ anchor: `Bump${Date.now()}` }), null);
    const before = await faqState();
    await redirected(() =>
      call(faqEditAction, postRequest("/x", faqForm({ question: "Changed?" }), cookie), {
        faqId: String(id),
      }),
    );
    expect(await faqsVersion()).toBe(before.version + 1);
    await expect(saveFaqOrder(before.order, before.version)).rejects.toThrow(ORDER_REFUSED.stale);
  });

  it("shows a move made without JS (a GET) with the words of the live region, saving nothing", async () => {
    const cookie = await staffCookie();
    await createFaq(faqForm({ anchor: `Move${Date.now()}` }), null);
    const before = await faqState();
    const last = before.order.at(-1) as number;
    const query = new URLSearchParams([
      ...before.order.map((id) => ["order", String(id)]),
      ["move", `up-${last}`],
    ]);
    const page = await body(
      await call(faqListLoader, getRequest(`/dashboard/managefaqs?${query}`, cookie)),
    );
    const ids = page.rows.map((row: { id: number }) => row.id);
    expect(ids.at(-2)).toBe(last);
    expect(page.notice).toBe(
      `Question “How is this tested?” moved to position ${ids.length - 1} of ${ids.length}.`,
    );
    expect(await faqState()).toEqual(before);
  });
});

describe("writing the glossary", () => {
  it("adds, edits and deletes an entry", async () => {
    const cookie = await staffCookie("admin");
    const form = glossaryForm({ fieldName: `Lifecycle ${Date.now()}` });
    await redirected(() => call(glossaryNewAction, postRequest("/x", form, cookie)));
    const entry = (await listGlossary()).find((each) => each.fieldName === form.fieldName);
    expect(entry).toMatchObject(form);
    const params = { glossaryId: String(entry?.id) };
    await redirected(() =>
      call(
        glossaryEditAction,
        postRequest("/x", { ...form, recordSection: "fda", sourceOfData: "FDA" }, cookie),
        params,
      ),
    );
    expect((await listGlossary()).find((each) => each.id === entry?.id)).toMatchObject({
      recordSection: "fda",
      sourceOfData: "FDA",
    });
    await redirected(() => call(glossaryDeleteAction, postRequest("/x", {}, cookie), params));
    expect((await listGlossary()).some((each) => each.id === entry?.id)).toBe(false);
  });

  it.each([
    [{ recordSection: "" }, "recordSection", "Choose the record section the field is shown in"],
    [{ recordSection: "notASection" }, "recordSection", "Choose the record section"],
    [{ fieldName: "" }, "fieldName", "Enter the field name"],
    [{ fieldName: "x".repeat(121) }, "fieldName", "The field name must be at most 120 characters"],
    [{ fieldDescription: " " }, "fieldDescription", "Enter what the field means"],
    [
      { fieldDescription: "x".repeat(20_001) },
      "fieldDescription",
      "What the field means must be at most 20,000 characters",
    ],
    [{ sourceOfData: "" }, "sourceOfData", "Enter where the data comes from"],
    [
      { sourceOfData: "x".repeat(20_001) },
      "sourceOfData",
      "Where the data comes from must be at most 20,000 characters",
    ],
  ])(
    "refuses %j with the message on %s, keeping what was typed",
    async (change, field, message) => {
      const cookie = await staffCookie();
      const count = (await listGlossary()).length;
      const typed = glossaryForm({ fieldName: "Kept name", ...change });
      const result = await call(glossaryNewAction, postRequest("/x", typed, cookie));
      expect(status(result)).toBe(400);
      const reply = await body(result);
      expect(reply.error[field].join(" ")).toContain(message);
      for (const [name, value] of Object.entries(typed))
        if (value.trim()) expect(reply.initialValue[name]).toBe(value);
      expect((await listGlossary()).length).toBe(count);
    },
  );

  it("refuses a second entry of the same name in a section, whatever its case, but not in another section", async () => {
    const cookie = await staffCookie();
    const fieldName = `Shared ${Date.now()}`;
    await createGlossaryEntry(glossaryForm({ fieldName }), null);
    const again = await call(
      glossaryNewAction,
      postRequest("/x", glossaryForm({ fieldName: fieldName.toUpperCase() }), cookie),
    );
    expect(status(again)).toBe(400);
    expect((await body(again)).error.fieldName).toEqual([
      `Active compound already has an entry for ${fieldName.toUpperCase()}: edit that one, or choose another name`,
    ]);
    await redirected(() =>
      call(
        glossaryNewAction,
        postRequest("/x", glossaryForm({ fieldName, recordSection: "fda" }), cookie),
      ),
    );
  });
});

describe("the demo FAQ and glossary", () => {
  it("are seeded on an empty store, and once only", async () => {
    const db = await getDb();
    await db.execute(sql`DELETE FROM faqs`);
    await db.execute(sql`DELETE FROM glossary_entries`);
    await db.execute(sql`DELETE FROM app_meta WHERE key = 'demo_faq_glossary_seeded'`);
    await demoFaqAndGlossary(db);
    await demoFaqAndGlossary(db);
    const faqs = await listFaqs();
    expect(faqs).toHaveLength(DEMO_FAQS.length);
    expect(faqs.length).toBeGreaterThanOrEqual(15);
    expect(new Set(faqs.map((faq) => faq.category)).size).toBeGreaterThanOrEqual(4);
    expect(faqs.find((faq) => faq.anchor === "EXPORTINGDATA")?.question).toBe(
      "How do I export records?",
    );
    expect((await listGlossary()).length).toBe(DEMO_GLOSSARY.length);
  });

  it("answer a member's search on /faq: 2 questions match 'export', the first EXPORTINGDATA", async () => {
    const cookie = await sessionCookie(await makeUser());
    const page = await body(await call(faqLoader, getRequest("/faq?q=export", cookie)));
    expect(page.matches).toBe(2);
    expect(page.groups.map((g: { category: string }) => g.category)).toEqual(["Exporting data"]);
    expect(page.groups[0].questions[0].anchor).toBe("EXPORTINGDATA");
    const all = await body(await call(faqLoader, getRequest("/faq", cookie)));
    // Categories in the order of their first question; questions in sortOrder.
    expect(all.groups.map((g: { category: string }) => g.category)).toEqual([
      ...new Set(DEMO_FAQS.map((faq) => faq.category)),
    ]);
  });

  it("filter the glossary by section and by text", async () => {
    const cookie = await sessionCookie(await makeUser());
    const fda = await body(await call(glossaryLoader, getRequest("/glossary?section=fda", cookie)));
    expect(fda.sections.map((s: { value: string }) => s.value)).toEqual(["fda"]);
    expect(fda.matches).toBe(DEMO_GLOSSARY.filter((e) => e.recordSection === "fda").length);
    const text = await body(
      await call(glossaryLoader, getRequest("/glossary?q=medDRA%20term&section=", cookie)),
    );
    expect(text.matches).toBeGreaterThanOrEqual(4);
    for (const section of text.sections) expect(section.value).toBe("classificationAndCodes");
    // Sections come in the record page's order.
    const all = await body(await call(glossaryLoader, getRequest("/glossary", cookie)));
    const order = all.sections.map((s: { value: string }) => PRINT_SECTION_VALUES.indexOf(s.value));
    expect(order).toEqual([...order].sort((a: number, b: number) => a - b));
  });

  it("explain every field label of the record page, which links to its entry", async () => {
    const seen = new Set<string>();
    const recording: GlossaryLookup = (section, label) => {
      seen.add(`${section}|${label}`);
      return undefined;
    };
    for (let index = 0; index < 120; index++) {
      const record = recordSchema.parse(generateRecord(index, { catalogueSize: 120 }));
      renderToString(
        createElement(
          GlossaryContext.Provider,
          { value: recording },
          createElement(RecordSections, {
            record,
            changeLog: [
              {
                id: 1,
                changedAt: "2026-01-01T00:00:00Z",
                section: "analysis",
                field: "Summary",
                before: null,
                after: "x",
                state: "published",
              },
            ] as never,
            publishedRelated: [],
            recordPath: (hssId: string) => `/record/${hssId}`,
          }),
        ),
      );
    }
    const lookup = glossaryLookup(await glossaryTargets());
    const unexplained = [...seen].filter((pair) => {
      const [section, label] = pair.split("|");
      return !lookup(section, label);
    });
    expect(unexplained).toEqual([]);
    // Every table of the page was seen: trials in both registries, related records, the change log.
    for (const pair of [
      "usClinicalTrialRegistries|Primary completion",
      "competitors|Record",
      "recordChangeLog|After",
      "regulatoryInformation|Event",
      "highImpactReports|Report ID",
    ])
      expect(seen).toContain(pair);

    // The record page hands its labels the glossary's anchors.
    const [record] = exampleRecords();
    await applyImport(() => textChunks(jsonLines([record])), {
      mode: "publish",
      source: "cli",
      filename: "glossary.jsonl",
    });
    const cookie = await sessionCookie(await makeUser());
    const view = await body(
      await call(recordLoader, getRequest(`/record/${record.hssId}`, cookie), {
        hssId: record.hssId,
      }),
    );
    expect(glossaryLookup(view.glossary)("activeCompound", "Drug class")).toBe(
      "/glossary#activeCompound-drug-class",
    );
    expect(glossaryLookup(view.glossary)("keyFacts", "Drug class")).toBe(
      "/glossary#activeCompound-drug-class",
    );
    expect(glossaryLookup(view.glossary)("usClinicalTrialRegistries", "Phase")).toBe(
      "/glossary#clinicalTrials-phase",
    );
  });
});

describe("staff text on members' pages", () => {
  it("renders every payload of the XSS corpus inert, in every Markdown field", async () => {
    const cookie = await staffCookie();
    const member = await sessionCookie(await makeUser());
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      await redirected(() =>
        call(
          faqNewAction,
          postRequest(
            "/x",
            faqForm({
              category: payload,
              question: payload,
              answer: payload,
              anchor: `Xss${index}${Date.now()}`,
            }),
            cookie,
          ),
        ),
      );
      await redirected(() =>
        call(
          glossaryNewAction,
          postRequest(
            "/x",
            glossaryForm({
              fieldName: `${payload} ${index}`,
              fieldDescription: payload,
              sourceOfData: payload,
            }),
            cookie,
          ),
        ),
      );
    }
    const faq = await body(await call(faqLoader, getRequest("/faq", member)));
    const answers = faq.groups.flatMap(
      (g: { questions: Array<{ question: string; answerHtml: string }> }) => g.questions,
    );
    const glossary = await body(await call(glossaryLoader, getRequest("/glossary", member)));
    const entries = glossary.sections.flatMap(
      (s: { entries: Array<{ descriptionHtml: string; sourceHtml: string }> }) => s.entries,
    );
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      // A question is one line: its line breaks and tabs are folded into spaces (oneLine).
      const question = oneLine(payload).trim();
      const answer = answers.find((a: { question: string }) => a.question === question);
      expect(answer, `payload ${index + 1}`).toBeDefined();
      expect(executableMarkup(answer.answerHtml), `payload ${index + 1} in an answer`).toEqual([]);
      const entry = entries.find(
        (e: { fieldName: string }) => e.fieldName === `${payload} ${index}`,
      );
      expect(entry, `payload ${index + 1}`).toBeDefined();
      expect(executableMarkup(entry.descriptionHtml), `payload ${index + 1}`).toEqual([]);
      expect(executableMarkup(entry.sourceHtml), `payload ${index + 1}`).toEqual([]);
    }
  });
});
