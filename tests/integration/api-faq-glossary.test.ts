import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { openApiDocument } from "~/api/openapi.server";
import {
  deleteFaqOperation,
  deleteGlossary,
  faqGlossaryOperations,
  getFaqs,
  getGlossaries,
  saveFaqOperation,
  saveGlossary,
  toBase64,
  updateFaqOperation,
  updateFaqs,
  updateGlossary,
} from "~/api/operations/faq-glossary.server";
import { getFaq } from "~/models/faqs.server";
import { getGlossaryEntry } from "~/models/glossary.server";
import { makeUser } from "../factories";
import { callApi, expectFailure, expectValid, tokenFor } from "./support/api";

type Faq = {
  faqId: number;
  category: string;
  question: string;
  answer: string;
  anchor: string;
  sortOrder: number;
};
type FaqList = { faqs: Faq[]; totalCount: number; version: number };
type Entry = {
  glossaryId: number;
  recordSection: string;
  recordSectionLabel: string;
  fieldName: string;
  fieldDescription: string;
  sourceOfData: string;
};
type EntryList = { glossaries: Entry[]; totalCount: number };

const fromBase64 = (text: string) => Buffer.from(text, "base64").toString("utf8");
const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;
/** Rich text with characters outside Latin-1, which a naive btoa would break. */
const RICH = "Crème brûlée — **bold**, 漢字 and ✓.\n\n- one\n- two";

let member: string;
let editor: string;
let admin: string;

beforeAll(async () => {
  member = await tokenFor(await makeUser());
  editor = await tokenFor(await makeUser({ roles: ["editor"] }));
  admin = await tokenFor(await makeUser({ roles: ["ADMIN"] }));
});

const faqs = async (token = member, body?: unknown) =>
  expectValid(
    await callApi("POST", "/faq/getfaqs", { token, body }),
    getFaqs.response as z.ZodType<FaqList>,
  );

async function addFaq(question = unique("How do I test?"), extra: Record<string, unknown> = {}) {
  return expectValid(
    await callApi("POST", "/faq/savefaq", {
      token: editor,
      body: { category: "Testing", question, answer: toBase64(RICH), ...extra },
    }),
    saveFaqOperation.response as z.ZodType<Faq>,
    201,
  );
}

describe("the API's FAQ and glossary access rules", () => {
  it("needs a token; members read, admins and editors write, as the pages allow", async () => {
    expectFailure(await callApi("POST", "/faq/getfaqs", { body: {} }), 401, "TOKEN_NOT_FOUND");
    expectFailure(await callApi("POST", "/glossary/getglossaries"), 401, "TOKEN_NOT_FOUND");
    expectFailure(
      await callApi("POST", "/faq/savefaq", { body: { category: "x" } }),
      401,
      "TOKEN_NOT_FOUND",
    );
    const forbidden = [
      await callApi("POST", "/faq/savefaq", { token: member, body: {} }),
      await callApi("POST", "/faq/updatefaq", { token: member, body: {} }),
      await callApi("POST", "/faq/updatefaqs", { token: member, body: [] }),
      await callApi("POST", "/faq/deleteFaq", { token: member, query: { faqId: 1 } }),
      await callApi("POST", "/glossary/saveglossary", { token: member, body: {} }),
      await callApi("POST", "/glossary/updateglossary", { token: member, body: {} }),
      await callApi("POST", "/glossary/deleteglossary", {
        token: member,
        query: { glossaryId: 1 },
      }),
    ];
    for (const answer of forbidden) {
      expectFailure(answer, 403, "FORBIDDEN");
      expect(answer.body).toMatchObject({ message: "Forbidden" });
    }
    const reporter = await tokenFor(await makeUser({ roles: ["reportadmin", "websitealerts"] }));
    expectFailure(
      await callApi("POST", "/faq/savefaq", { token: reporter, body: {} }),
      403,
      "FORBIDDEN",
    );
    // Members read both lists, with or without a body.
    await faqs();
    expectValid(
      await callApi("POST", "/glossary/getglossaries", { token: member }),
      getGlossaries.response as z.ZodType,
    );
  });
});

describe("the API's FAQ", () => {
  it("adds, reads, changes and deletes a question, its answer base64 of UTF-8 both ways", async () => {
    const question = unique("How do I export?");
    const added = await addFaq(question);
    expect(added).toMatchObject({ category: "Testing", question });
    expect(fromBase64(added.answer)).toBe(RICH);
    // Stored decoded, as the page stores what staff type.
    expect((await getFaq(added.faqId))?.answer).toBe(RICH);

    const list = await faqs(member, { size: 100, from: 0, orderBy: "faq_sort_order" });
    const listed = list.faqs.find((faq) => faq.faqId === added.faqId);
    expect(listed && fromBase64(listed.answer)).toBe(RICH);
    // New questions go last in the order.
    expect(list.faqs.at(-1)?.faqId).toBe(added.faqId);
    const orders = list.faqs.map((faq) => faq.sortOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(list.totalCount).toBe(list.faqs.length);
    const byQuestion = await faqs(member, { orderBy: "question" });
    const questions = byQuestion.faqs.map((faq) => faq.question);
    expect(questions).toEqual(
      [...questions].sort((a, b) => a.localeCompare(b, "en-GB", { sensitivity: "base" })),
    );
    expect((await faqs(member, { size: 1, from: 0 })).faqs).toHaveLength(1);

    const changed = expectValid(
      await callApi("POST", "/faq/updatefaq", {
        token: admin,
        body: {
          faqId: added.faqId,
          category: "Exporting",
          question: `${question}?`,
          answer: toBase64("Use **Export**. ✓"),
        },
      }),
      updateFaqOperation.response as z.ZodType<Faq>,
    );
    expect(changed).toMatchObject({
      faqId: added.faqId,
      category: "Exporting",
      question: `${question}?`,
      anchor: added.anchor,
      sortOrder: added.sortOrder,
    });
    expect(fromBase64(changed.answer)).toBe("Use **Export**. ✓");
    expectFailure(
      await callApi("POST", "/faq/updatefaq", {
        token: admin,
        body: { faqId: 2_000_000_000, category: "x", question: "y", answer: toBase64("z") },
      }),
      404,
      "NOT_FOUND",
    );

    expectValid(
      await callApi("POST", "/faq/deleteFaq", { token: editor, query: { faqId: added.faqId } }),
      deleteFaqOperation.response as z.ZodType,
    );
    expect(await getFaq(added.faqId)).toBeUndefined();
    expectFailure(
      await callApi("POST", "/faq/deleteFaq", { token: editor, query: { faqId: added.faqId } }),
      404,
      "NOT_FOUND",
    );
  });

  it("refuses malformed questions, naming the field", async () => {
    const base = { category: "Testing", question: "A question?", answer: toBase64("An answer.") };
    const cases: [unknown, string][] = [
      [{ ...base, answer: "not base64!" }, "body.answer"],
      [{ ...base, answer: Buffer.from([0xff, 0xfe, 0x00]).toString("base64") }, "body.answer"],
      [{ ...base, answer: toBase64("   ") }, "body.answer"],
      [{ ...base, answer: 42 }, "body.answer"],
      [{ ...base, question: "" }, "body.question"],
      [{ answer: base.answer, question: base.question }, "body.category"],
      [{ ...base, anchor: "1-starts-with-a-digit" }, "body.anchor"],
    ];
    for (const [body, field] of cases) {
      const answer = await callApi("POST", "/faq/savefaq", { token: editor, body });
      expectFailure(answer, 400, "VALIDATION_FAILED");
      expect(answer.body, field).toMatchObject({ errors: { [field]: [expect.any(String)] } });
    }
    const taken = await addFaq(unique("Anchored?"), {
      anchor: `anchor${randomUUID().slice(0, 6)}`,
    });
    const clash = await callApi("POST", "/faq/savefaq", {
      token: editor,
      body: { ...base, anchor: taken.anchor.toUpperCase() },
    });
    expectFailure(clash, 400, "VALIDATION_FAILED");
    expect(clash.body).toMatchObject({ errors: { "body.anchor": [expect.any(String)] } });
    expectFailure(
      await callApi("POST", "/faq/savefaq", { token: editor, rawBody: "{broken" }),
      400,
      "VALIDATION_FAILED",
    );
    const badList = await callApi("POST", "/faq/getfaqs", {
      token: member,
      body: { orderBy: "nope" },
    });
    expectFailure(badList, 400, "VALIDATION_FAILED");
    expect(badList.body).toMatchObject({ errors: { "body.orderBy": [expect.any(String)] } });
    await callApi("POST", "/faq/deleteFaq", { token: editor, query: { faqId: taken.faqId } });
  });

  it("saves the whole order, all or nothing", async () => {
    await addFaq();
    await addFaq();
    await addFaq();
    const before = await faqs(editor);
    const reversed = before.faqs.map((faq) => faq.faqId).reverse();

    const saved = expectValid(
      await callApi("POST", "/faq/updatefaqs", {
        token: editor,
        query: { version: before.version },
        body: reversed,
      }),
      updateFaqs.response as z.ZodType<FaqList>,
    );
    expect(saved.faqs.map((faq) => faq.faqId)).toEqual(reversed);
    expect((await faqs()).faqs.map((faq) => faq.faqId)).toEqual(reversed);
    expect(saved.version).toBeGreaterThan(before.version);

    // An order made from the older list changes nothing.
    const stale = await callApi("POST", "/faq/updatefaqs", {
      token: editor,
      query: { version: before.version },
      body: before.faqs.map((faq) => faq.faqId),
    });
    expectFailure(stale, 409, "CONFLICT");
    expect(stale.body).toMatchObject({ detail: expect.stringContaining("getfaqs") });
    expect((await faqs()).faqs.map((faq) => faq.faqId)).toEqual(reversed);

    // The questions as getfaqs answers them, with new sortOrders, the way the reorder form sends them.
    const moved = [...saved.faqs];
    const [first] = moved.splice(0, 1);
    moved.push(first);
    const asObjects = moved
      .map((faq, index) => ({ ...faq, sortOrder: index + 1 }))
      .sort((a, b) => a.faqId - b.faqId);
    const again = expectValid(
      await callApi("POST", "/faq/updatefaqs", { token: admin, body: asObjects }),
      updateFaqs.response as z.ZodType<FaqList>,
    );
    expect(again.faqs.map((faq) => faq.faqId)).toEqual(moved.map((faq) => faq.faqId));

    const ids = again.faqs.map((faq) => faq.faqId);
    expectFailure(
      await callApi("POST", "/faq/updatefaqs", { token: admin, body: ids.slice(1) }),
      409,
      "CONFLICT",
    );
    expectFailure(
      await callApi("POST", "/faq/updatefaqs", {
        token: admin,
        body: [...ids.slice(1), 2_000_000_000],
      }),
      409,
      "CONFLICT",
    );
    const duplicate = await callApi("POST", "/faq/updatefaqs", {
      token: admin,
      body: [...ids.slice(1), ids[1]],
    });
    expectFailure(duplicate, 400, "VALIDATION_FAILED");
    const notAList = await callApi("POST", "/faq/updatefaqs", {
      token: admin,
      body: { order: ids },
    });
    expectFailure(notAList, 400, "VALIDATION_FAILED");
    expect(notAList.body).toMatchObject({ errors: { body: [expect.any(String)] } });
    expect((await faqs()).faqs.map((faq) => faq.faqId)).toEqual(ids);
  });
});

describe("the API's glossary", () => {
  it("adds, reads, changes and deletes an entry, its rich text base64 of UTF-8 both ways", async () => {
    const fieldName = unique("Field");
    const added = expectValid(
      await callApi("POST", "/glossary/saveglossary", {
        token: editor,
        body: {
          recordSection: "activeCompound",
          fieldName,
          fieldDescription: toBase64(RICH),
          sourceOfData: toBase64("Analysts — ✓"),
        },
      }),
      saveGlossary.response as z.ZodType<Entry>,
      201,
    );
    expect(added).toMatchObject({ recordSection: "activeCompound", fieldName });
    expect(added.recordSectionLabel).toEqual(expect.any(String));
    expect(fromBase64(added.fieldDescription)).toBe(RICH);
    expect(fromBase64(added.sourceOfData)).toBe("Analysts — ✓");
    expect(await getGlossaryEntry(added.glossaryId)).toMatchObject({
      fieldDescription: RICH,
      sourceOfData: "Analysts — ✓",
    });

    const other = expectValid(
      await callApi("POST", "/glossary/saveglossary", {
        token: admin,
        body: {
          recordSection: "regulatoryInformation",
          fieldName: `A ${fieldName}`,
          fieldDescription: toBase64("Another."),
          sourceOfData: toBase64("EMA."),
        },
      }),
      saveGlossary.response as z.ZodType<Entry>,
      201,
    );

    const list = expectValid(
      await callApi("POST", "/glossary/getglossaries", {
        token: member,
        body: { size: 1000, from: 0, orderBy: "record_section" },
      }),
      getGlossaries.response as z.ZodType<EntryList>,
    );
    const ids = list.glossaries.map((entry) => entry.glossaryId);
    // activeCompound comes before regulatoryInformation on the record page.
    expect(ids.indexOf(added.glossaryId)).toBeLessThan(ids.indexOf(other.glossaryId));
    const listed = list.glossaries.find((entry) => entry.glossaryId === added.glossaryId);
    expect(listed && fromBase64(listed.fieldDescription)).toBe(RICH);
    const byName = expectValid(
      await callApi("POST", "/glossary/getglossaries", {
        token: member,
        body: { orderBy: "field_name" },
      }),
      getGlossaries.response as z.ZodType<EntryList>,
    );
    const names = byName.glossaries.map((entry) => entry.fieldName);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, "en-GB", { sensitivity: "base" })),
    );
    expect(byName.totalCount).toBe(list.totalCount);

    const changed = expectValid(
      await callApi("POST", "/glossary/updateglossary", {
        token: editor,
        body: {
          glossaryId: added.glossaryId,
          recordSection: "analysis",
          fieldName: `${fieldName} v2`,
          fieldDescription: toBase64("Changed ✓"),
          sourceOfData: toBase64("Changed source"),
        },
      }),
      updateGlossary.response as z.ZodType<Entry>,
    );
    expect(changed).toMatchObject({
      glossaryId: added.glossaryId,
      recordSection: "analysis",
      fieldName: `${fieldName} v2`,
    });
    expect(fromBase64(changed.fieldDescription)).toBe("Changed ✓");

    // One entry per field name in a section.
    const clash = await callApi("POST", "/glossary/updateglossary", {
      token: editor,
      body: {
        glossaryId: other.glossaryId,
        recordSection: "analysis",
        fieldName: `${fieldName} V2`,
        fieldDescription: toBase64("x"),
        sourceOfData: toBase64("y"),
      },
    });
    expectFailure(clash, 400, "VALIDATION_FAILED");
    expect(clash.body).toMatchObject({ errors: { "body.fieldName": [expect.any(String)] } });
    expectFailure(
      await callApi("POST", "/glossary/updateglossary", {
        token: editor,
        body: {
          glossaryId: 2_000_000_000,
          recordSection: "analysis",
          fieldName: "Nothing",
          fieldDescription: toBase64("x"),
          sourceOfData: toBase64("y"),
        },
      }),
      404,
      "NOT_FOUND",
    );

    for (const entry of [added, other]) {
      expectValid(
        await callApi("POST", "/glossary/deleteglossary", {
          token: editor,
          query: { glossaryId: entry.glossaryId },
        }),
        deleteGlossary.response as z.ZodType,
      );
      expect(await getGlossaryEntry(entry.glossaryId)).toBeUndefined();
    }
    expectFailure(
      await callApi("POST", "/glossary/deleteglossary", {
        token: editor,
        query: { glossaryId: added.glossaryId },
      }),
      404,
      "NOT_FOUND",
    );
    expectFailure(
      await callApi("POST", "/glossary/deleteglossary", {
        token: editor,
        query: { glossaryId: "first" },
      }),
      400,
      "VALIDATION_FAILED",
    );
  });

  it("refuses malformed entries, naming the field", async () => {
    const base = {
      recordSection: "activeCompound",
      fieldName: unique("Field"),
      fieldDescription: toBase64("Means."),
      sourceOfData: toBase64("Source."),
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, recordSection: "nowhere" }, "body.recordSection"],
      [{ ...base, fieldName: "" }, "body.fieldName"],
      [{ ...base, fieldDescription: "%%%" }, "body.fieldDescription"],
      [{ ...base, sourceOfData: "abc" }, "body.sourceOfData"],
      [{ ...base, sourceOfData: undefined }, "body.sourceOfData"],
    ];
    for (const [body, field] of cases) {
      const answer = await callApi("POST", "/glossary/saveglossary", { token: admin, body });
      expectFailure(answer, 400, "VALIDATION_FAILED");
      expect(answer.body, field).toMatchObject({ errors: { [field]: [expect.any(String)] } });
    }
  });
});

describe("the FAQ and glossary calls' documentation", () => {
  it("generates OpenAPI for every call", () => {
    const document = openApiDocument(faqGlossaryOperations);
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        "/api/faq/deleteFaq",
        "/api/faq/getfaqs",
        "/api/faq/savefaq",
        "/api/faq/updatefaq",
        "/api/faq/updatefaqs",
        "/api/glossary/deleteglossary",
        "/api/glossary/getglossaries",
        "/api/glossary/saveglossary",
        "/api/glossary/updateglossary",
      ].sort(),
    );
    expect(document.components.schemas).toHaveProperty("Faq");
    expect(document.components.schemas).toHaveProperty("GlossaryEntry");
  });
});
