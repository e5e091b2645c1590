/**
 * The FAQ and the glossary ("FAQ and glossary"): members read them as /faq
 * and /glossary do; admins and editors write them as /dashboard/managefaqs and
 * /dashboard/manageglossary do. Rich text (the FAQ's answer, the glossary's fieldDescription
 * and sourceOfData: Markdown) travels as base64 of UTF-8 both ways (docs/product.md).
 */
import { z } from "zod";
import { ApiError } from "~/api/errors.server";
import { defineOperation } from "~/api/operation.server";
import {
  deleteFaq,
  type Faq,
  FAQ_LIMIT,
  faqFormSchema,
  faqsVersion,
  getFaq,
  listFaqs,
  OrderRefused,
  saveFaq,
  saveFaqOrder,
} from "~/models/faqs.server";
import {
  deleteGlossaryEntry,
  GLOSSARY_LIMIT,
  type GlossaryEntry,
  getGlossaryEntry,
  glossaryFormSchema,
  listGlossary,
  saveGlossaryEntry,
} from "~/models/glossary.server";
import { sectionLabel } from "~/records/sections";

const GROUP = "FAQ and glossary";

// ---------------------------------------------------------------------------------------
// Base64 rich text

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const NOT_BASE64 = "Send this field as base64 of UTF-8 text";

/**
 * A field sent as base64 of UTF-8, decoded before `text` checks it. Line
 * breaks inside the base64 are allowed (some encoders wrap); anything else that is not
 * base64, or bytes that are not UTF-8, fail with the field named.
 */
export function base64Text<T extends z.ZodType<unknown, string>>(text: T, description: string) {
  return z
    .string({ error: NOT_BASE64 })
    .transform((value, context) => {
      const compact = value.replace(/\s+/g, "");
      if (BASE64.test(compact)) {
        try {
          return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(compact, "base64"));
        } catch {
          // Not UTF-8: refused below.
        }
      }
      context.addIssue({ code: "custom", message: NOT_BASE64 });
      return z.NEVER;
    })
    .pipe(text)
    .meta({ description: `${description} Base64 of UTF-8 text.`, contentEncoding: "base64" });
}

export const toBase64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

const base64Out = (description: string) =>
  z
    .string()
    .meta({ description: `${description} Base64 of UTF-8 text.`, contentEncoding: "base64" });

/** An id in a query (faqId, glossaryId): a positive whole number. */
const idQuery = z.coerce
  .number({ error: "Send the id as a whole number" })
  .int("Send the id as a whole number")
  .positive("Send the id as a whole number");
const idField = z.number().int().positive();

const done = z
  .object({ responseCode: z.literal("SUCCESS"), message: z.string() })
  .meta({ id: "FaqGlossaryDone" });

/** A list request ({size, from, orderBy}); the client may leave it out for the defaults. */
function listRequest<const O extends readonly [string, ...string[]]>(
  maxSize: number,
  defaultSize: number,
  orderBy: O,
) {
  return z
    .object({
      size: z.number().int().min(0).max(maxSize).default(defaultSize),
      from: z.number().int().min(0).default(0),
      orderBy: z.enum(orderBy).default(orderBy[0] as O[number]),
    })
    .prefault({});
}

const page = <T>(items: T[], body: { from: number; size: number }) =>
  items.slice(body.from, body.from + body.size);

// ---------------------------------------------------------------------------------------
// FAQ

const faqItem = z
  .object({
    faqId: z.number().int(),
    category: z.string(),
    question: z.string(),
    answer: base64Out("The answer, as Markdown."),
    anchor: z.string().meta({ description: "The question's anchor on /faq (#anchor)." }),
    sortOrder: z.number().int(),
  })
  .meta({ id: "Faq" });

const faqList = z
  .object({
    faqs: z.array(faqItem),
    totalCount: z.number().int(),
    version: z.number().int().meta({
      description:
        "The FAQ's version: send it with /faq/updatefaqs so an order made from an older list is refused.",
    }),
  })
  .meta({ id: "FaqList" });

const toApiFaq = (faq: Faq): z.infer<typeof faqItem> => ({
  faqId: faq.id,
  category: faq.category,
  question: faq.question,
  answer: toBase64(faq.answer),
  anchor: faq.anchor,
  sortOrder: faq.sortOrder,
});

const FAQ_ORDERS = {
  faq_sort_order: (a: Faq, b: Faq) => a.sortOrder - b.sortOrder || a.id - b.id,
  category: (a: Faq, b: Faq) =>
    a.category.localeCompare(b.category, "en-GB", { sensitivity: "base" }) ||
    a.sortOrder - b.sortOrder,
  question: (a: Faq, b: Faq) =>
    a.question.localeCompare(b.question, "en-GB", { sensitivity: "base" }) || a.id - b.id,
} as const;

async function faqListAnswer(body: {
  size: number;
  from: number;
  orderBy: keyof typeof FAQ_ORDERS;
}) {
  const [faqs, version] = await Promise.all([listFaqs(), faqsVersion()]);
  const sorted = [...faqs].sort(FAQ_ORDERS[body.orderBy]);
  return { faqs: page(sorted, body).map(toApiFaq), totalCount: faqs.length, version };
}

const faqFields = {
  category: faqFormSchema.shape.category,
  question: faqFormSchema.shape.question,
  answer: base64Text(faqFormSchema.shape.answer, "The answer, as Markdown."),
  // An empty anchor is the same as none: made from the question (new) or kept (edit).
  anchor: z
    .preprocess(
      (value) => (value === "" || value === null ? undefined : value),
      faqFormSchema.shape.anchor,
    )
    .meta({
      description:
        "The question's anchor on /faq. Left out: made from the question when added, kept when changed.",
    }),
};

function invalid(field: string, message: string) {
  return new ApiError("VALIDATION_FAILED", undefined, { errors: { [`body.${field}`]: [message] } });
}

async function faqById(id: number) {
  const faq = await getFaq(id);
  if (!faq) throw new ApiError("NOT_FOUND", "No question has this faqId.");
  return toApiFaq(faq);
}

export const getFaqs = defineOperation({
  id: "getFaqs",
  method: "POST",
  path: "/faq/getfaqs",
  group: GROUP,
  summary:
    "The FAQ's questions (by default 100, in the FAQ's order), with the FAQ's version for /faq/updatefaqs.",
  access: "user",
  page: "/faq",
  body: listRequest(FAQ_LIMIT, FAQ_LIMIT, ["faq_sort_order", "category", "question"]),
  response: faqList,
  example: { body: { size: 100, from: 0, orderBy: "faq_sort_order" } },
  async handle({ body }) {
    return faqListAnswer(body);
  },
});

export const saveFaqOperation = defineOperation({
  id: "saveFaq",
  method: "POST",
  path: "/faq/savefaq",
  group: GROUP,
  summary:
    "Adds a question, last in the order. The answer is Markdown, sent as base64 of UTF-8. Answers the question.",
  access: "manageContent",
  page: "/dashboard/managefaqs/new",
  body: z.object(faqFields),
  response: faqItem,
  status: 201,
  errors: ["CONFLICT"],
  example: {
    body: {
      category: "Using the database",
      question: "How do I export records?",
      answer: toBase64("Select the records, then choose **Export**."),
    },
  },
  async handle({ user, body }) {
    const saved = await saveFaq(body, user?.id ?? null);
    if (saved.status === "anchor-taken") throw invalid("anchor", saved.message);
    if (saved.status === "full")
      throw new ApiError("CONFLICT", undefined, { detail: saved.message });
    if (saved.status === "missing") throw new ApiError("NOT_FOUND");
    return faqById(saved.id);
  },
});

export const updateFaqOperation = defineOperation({
  id: "updateFaq",
  method: "POST",
  path: "/faq/updatefaq",
  group: GROUP,
  summary:
    "Changes a question, named by faqId; its place in the order stays. The answer is sent as base64 of UTF-8. Answers the question.",
  access: "manageContent",
  page: "/dashboard/managefaqs/$faqId",
  body: z.object({ faqId: idField, ...faqFields }),
  response: faqItem,
  errors: ["NOT_FOUND"],
  example: {
    body: {
      faqId: 1,
      category: "Using the database",
      question: "How do I export records?",
      answer: toBase64("Select the records, then choose **Export**."),
    },
  },
  async handle({ user, body }) {
    const { faqId, ...input } = body;
    const saved = await saveFaq(input, user?.id ?? null, faqId);
    if (saved.status === "anchor-taken") throw invalid("anchor", saved.message);
    if (saved.status !== "saved") throw new ApiError("NOT_FOUND", "No question has this faqId.");
    return faqById(saved.id);
  },
});

const orderItem = z.union([
  idField,
  z.object({ faqId: idField, sortOrder: z.number().int().optional() }).meta({
    description: "A question as /faq/getfaqs answers it; fields other than these are ignored.",
  }),
]);

export const updateFaqs = defineOperation({
  id: "updateFaqs",
  method: "POST",
  path: "/faq/updatefaqs",
  group: GROUP,
  summary:
    "Saves the whole order of the FAQ, as the reorder form does: a list of every question, as faqIds or as the questions /faq/getfaqs answers, in their new order (by sortOrder when every item has one). All or nothing: a list that is not exactly every question once, or (with ?version) an order made from an older list, changes nothing. Answers the FAQ in its new order.",
  access: "manageContent",
  page: "/dashboard/managefaqs",
  query: z.object({
    version: z.coerce.number().int().min(0).optional().meta({
      description:
        "The version /faq/getfaqs answered. Without it, the order is checked only against the questions as they are now.",
    }),
  }),
  body: z.array(orderItem, { error: "Send the order as a list of questions" }).max(FAQ_LIMIT),
  response: faqList,
  errors: ["CONFLICT"],
  example: {
    body: [
      { faqId: 2, sortOrder: 1 },
      { faqId: 1, sortOrder: 2 },
    ],
  },
  async handle({ query, body }) {
    const items = body.map((item, index) =>
      typeof item === "number" ? { faqId: item, sortOrder: undefined, index } : { ...item, index },
    );
    if (items.every((item) => item.sortOrder !== undefined))
      items.sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.index - b.index);
    const ids = items.map((item) => item.faqId);
    try {
      await saveFaqOrder(ids, query.version ?? (await faqsVersion()));
    } catch (error) {
      if (!(error instanceof OrderRefused)) throw error;
      if (error.reason === "duplicate")
        throw new ApiError("VALIDATION_FAILED", undefined, {
          errors: { body: ["The order lists a question more than once."] },
        });
      throw new ApiError("CONFLICT", undefined, {
        detail: {
          stale:
            "Another editor changed the questions after that version: read them again with /faq/getfaqs. Nothing has changed.",
          missing:
            "The order does not list every question (one may have been added meanwhile): read them again with /faq/getfaqs. Nothing has changed.",
          unknown:
            "The order lists a question that does not exist (perhaps just deleted): read them again with /faq/getfaqs. Nothing has changed.",
        }[error.reason],
      });
    }
    return faqListAnswer({ size: FAQ_LIMIT, from: 0, orderBy: "faq_sort_order" });
  },
});

export const deleteFaqOperation = defineOperation({
  id: "deleteFaq",
  method: "POST",
  path: "/faq/deleteFaq",
  group: GROUP,
  summary: "Deletes a question for good.",
  access: "manageContent",
  page: "/dashboard/managefaqs/$faqId/delete",
  query: z.object({ faqId: idQuery }),
  response: done,
  errors: ["NOT_FOUND"],
  example: { query: { faqId: "1" } },
  async handle({ query }) {
    if (!(await deleteFaq(query.faqId)))
      throw new ApiError("NOT_FOUND", "No question has this faqId.");
    return { responseCode: "SUCCESS" as const, message: "Question deleted." };
  },
});

// ---------------------------------------------------------------------------------------
// Glossary

const glossaryItem = z
  .object({
    glossaryId: z.number().int(),
    recordSection: z
      .string()
      .meta({ description: "The record section's value, e.g. activeCompound." }),
    recordSectionLabel: z
      .string()
      .meta({ description: "The section's heading on the record page." }),
    fieldName: z.string(),
    fieldDescription: base64Out("What the field means, as Markdown."),
    sourceOfData: base64Out("Where its data comes from, as Markdown."),
  })
  .meta({ id: "GlossaryEntry" });

const toApiGlossary = (entry: GlossaryEntry): z.infer<typeof glossaryItem> => ({
  glossaryId: entry.id,
  recordSection: entry.recordSection,
  recordSectionLabel: sectionLabel(entry.recordSection),
  fieldName: entry.fieldName,
  fieldDescription: toBase64(entry.fieldDescription),
  sourceOfData: toBase64(entry.sourceOfData),
});

const glossaryFields = {
  recordSection: glossaryFormSchema.shape.recordSection,
  fieldName: glossaryFormSchema.shape.fieldName,
  fieldDescription: base64Text(
    glossaryFormSchema.shape.fieldDescription,
    "What the field means, as Markdown.",
  ),
  sourceOfData: base64Text(
    glossaryFormSchema.shape.sourceOfData,
    "Where its data comes from, as Markdown.",
  ),
};

async function glossaryById(id: number) {
  const entry = await getGlossaryEntry(id);
  if (!entry) throw new ApiError("NOT_FOUND", "No glossary entry has this glossaryId.");
  return toApiGlossary(entry);
}

export const getGlossaries = defineOperation({
  id: "getGlossaries",
  method: "POST",
  path: "/glossary/getglossaries",
  group: GROUP,
  summary:
    "The glossary (by default 1000, in the record page's order of sections, then by field name A–Z). orderBy field_name orders by field name alone.",
  access: "user",
  page: "/glossary",
  body: listRequest(GLOSSARY_LIMIT, GLOSSARY_LIMIT, ["record_section", "field_name"]),
  response: z
    .object({ glossaries: z.array(glossaryItem), totalCount: z.number().int() })
    .meta({ id: "GlossaryList" }),
  example: { body: { size: 1000, from: 0, orderBy: "record_section" } },
  async handle({ body }) {
    const entries = await listGlossary();
    // listGlossary is in record_section order already.
    const sorted =
      body.orderBy === "field_name"
        ? [...entries].sort(
            (a, b) =>
              a.fieldName.localeCompare(b.fieldName, "en-GB", { sensitivity: "base" }) ||
              a.id - b.id,
          )
        : entries;
    return { glossaries: page(sorted, body).map(toApiGlossary), totalCount: entries.length };
  },
});

export const saveGlossary = defineOperation({
  id: "saveGlossary",
  method: "POST",
  path: "/glossary/saveglossary",
  group: GROUP,
  summary:
    "Adds a glossary entry: a field of a record section, what it means and where its data comes from (both Markdown, sent as base64 of UTF-8). Answers the entry.",
  access: "manageContent",
  page: "/dashboard/manageglossary/new",
  body: z.object(glossaryFields),
  response: glossaryItem,
  status: 201,
  errors: ["CONFLICT"],
  example: {
    body: {
      recordSection: "activeCompound",
      fieldName: "Example field",
      fieldDescription: toBase64("What the field *means*."),
      sourceOfData: toBase64("Our analysts."),
    },
  },
  async handle({ user, body }) {
    const saved = await saveGlossaryEntry(body, user?.id ?? null);
    if (saved.status === "name-taken") throw invalid("fieldName", saved.message);
    if (saved.status === "full")
      throw new ApiError("CONFLICT", undefined, { detail: saved.message });
    if (saved.status === "missing") throw new ApiError("NOT_FOUND");
    return glossaryById(saved.id);
  },
});

export const updateGlossary = defineOperation({
  id: "updateGlossary",
  method: "POST",
  path: "/glossary/updateglossary",
  group: GROUP,
  summary:
    "Changes a glossary entry, named by glossaryId (fieldDescription and sourceOfData as base64 of UTF-8). Answers the entry.",
  access: "manageContent",
  page: "/dashboard/manageglossary/$glossaryId",
  body: z.object({ glossaryId: idField, ...glossaryFields }),
  response: glossaryItem,
  errors: ["NOT_FOUND"],
  example: {
    body: {
      glossaryId: 1,
      recordSection: "activeCompound",
      fieldName: "Example field",
      fieldDescription: toBase64("What the field *means*."),
      sourceOfData: toBase64("Our analysts."),
    },
  },
  async handle({ user, body }) {
    const { glossaryId, ...input } = body;
    const saved = await saveGlossaryEntry(input, user?.id ?? null, glossaryId);
    if (saved.status === "name-taken") throw invalid("fieldName", saved.message);
    if (saved.status !== "saved")
      throw new ApiError("NOT_FOUND", "No glossary entry has this glossaryId.");
    return glossaryById(saved.id);
  },
});

export const deleteGlossary = defineOperation({
  id: "deleteGlossary",
  method: "POST",
  path: "/glossary/deleteglossary",
  group: GROUP,
  summary: "Deletes a glossary entry for good.",
  access: "manageContent",
  page: "/dashboard/manageglossary/$glossaryId/delete",
  query: z.object({ glossaryId: idQuery }),
  response: done,
  errors: ["NOT_FOUND"],
  example: { query: { glossaryId: "1" } },
  async handle({ query }) {
    if (!(await deleteGlossaryEntry(query.glossaryId)))
      throw new ApiError("NOT_FOUND", "No glossary entry has this glossaryId.");
    return { responseCode: "SUCCESS" as const, message: "Glossary entry deleted." };
  },
});

export const faqGlossaryOperations = [
  getFaqs,
  saveFaqOperation,
  updateFaqOperation,
  updateFaqs,
  deleteFaqOperation,
  getGlossaries,
  saveGlossary,
  updateGlossary,
  deleteGlossary,
];
