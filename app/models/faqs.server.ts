import { oneLine } from "~/lib/forms.server";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, getDb, schema } from "~/db/client.server";
import { slug } from "~/records/glossary-links";
import { markdownText, renderMarkdown } from "~/lib/markdown.server";

/**
 * The FAQ (faqId, category, question, answer, sortOrder). Members read it on
 * /faq, grouped by category in sortOrder; admins and editors write it and save its order
 * whole. Every change raises one version counter in the same transaction,
 * so an order made on a page that is no longer current is refused instead of applied.
 */

/** FAQs are fetched 100 at a time; the FAQ holds at most that many. */
export const FAQ_LIMIT = 100;

const ANCHOR_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** Ids the FAQ page uses itself, so a question's anchor cannot take them. */
const RESERVED_ANCHOR = /^(faq-|main-content$)/i;

export const faqFormSchema = z.object({
  category: z
    .string({ error: "Enter a category" })
    .trim()
    .min(1, "Enter a category")
    .max(100, "The category must be at most 100 characters"),
  question: z
    .string({ error: "Enter the question" })
    .overwrite(oneLine)
    .trim()
    .min(1, "Enter the question")
    .max(300, "The question must be at most 300 characters"),
  answer: z
    .string({ error: "Enter the answer" })
    .trim()
    .min(1, "Enter the answer")
    .max(20_000, "The answer must be at most 20,000 characters"),
  anchor: z
    .string()
    .trim()
    .max(60, "The anchor must be at most 60 characters")
    .regex(
      ANCHOR_PATTERN,
      "The anchor must start with a letter and contain only letters, digits, hyphens (-) and underscores (_)",
    )
    .refine((anchor) => !RESERVED_ANCHOR.test(anchor), {
      message: "The anchor must not start with faq- or be main-content: the FAQ page uses those",
    })
    .optional(),
});
export type FaqInput = z.infer<typeof faqFormSchema>;

export interface Faq {
  id: number;
  category: string;
  question: string;
  answer: string;
  anchor: string;
  sortOrder: number;
}

const { faqs, faqsVersion: faqsVersionTable } = schema;

const columns = {
  id: faqs.id,
  category: faqs.category,
  question: faqs.question,
  answer: faqs.answer,
  anchor: faqs.anchor,
  sortOrder: faqs.sortOrder,
};

/** Every question, in the order members see them (by sortOrder). */
export async function listFaqs(db?: Db): Promise<Faq[]> {
  db ??= await getDb();
  return db.select(columns).from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id)).limit(FAQ_LIMIT);
}

export async function getFaq(id: number, db?: Db): Promise<Faq | undefined> {
  db ??= await getDb();
  const [row] = await db.select(columns).from(faqs).where(eq(faqs.id, id));
  return row;
}

export async function faqsVersion(db?: Db): Promise<number> {
  db ??= await getDb();
  const [row] = await db.select().from(faqsVersionTable).where(eq(faqsVersionTable.id, 1));
  return row?.version ?? 0;
}

/** The categories in use, for the form's suggestions. */
export async function faqCategories(db?: Db): Promise<string[]> {
  return [...new Set((await listFaqs(db)).map((faq) => faq.category))];
}

/** Whether another question (not `exceptId`) has this anchor, whatever its case. */
export async function anchorTaken(anchor: string, exceptId?: number, db?: Db) {
  db ??= await getDb();
  const rows = await db
    .select({ id: faqs.id })
    .from(faqs)
    .where(and(sql`lower(${faqs.anchor}) = lower(${anchor})`, ne(faqs.id, exceptId ?? 0)));
  return rows.length > 0;
}

export const anchorTakenMessage = (anchor: string) =>
  `Another question already has the anchor ${anchor}: choose another`;

export const FAQ_FULL = `The FAQ already holds ${FAQ_LIMIT} questions, the most it can hold. Delete a question before adding another.`;

/** An anchor made from the question, when staff leave the field empty; unique. */
async function derivedAnchor(db: Db, question: string, exceptId?: number) {
  let base = slug(question).slice(0, 50).replace(/-+$/, "") || "question";
  if (!/^[a-z]/.test(base) || RESERVED_ANCHOR.test(base)) base = `q-${base}`;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await anchorTaken(candidate, exceptId, db))) return candidate;
  }
}

const nextVersion = { version: sql`${faqsVersionTable.version} + 1` };

async function bumpVersion(db: Db) {
  await db.update(faqsVersionTable).set(nextVersion).where(eq(faqsVersionTable.id, 1));
}

export async function countFaqs(db?: Db) {
  db ??= await getDb();
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(faqs);
  return row.count;
}

/** Adds a question at the end of the order; its anchor is the one given or one made from it. */
export async function createFaq(input: FaqInput, userId: number | null, db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const anchor = input.anchor || (await derivedAnchor(tx, input.question));
    const [row] = await tx
      .insert(faqs)
      .values({
        category: input.category,
        question: input.question,
        answer: input.answer,
        anchor,
        sortOrder: sql`(SELECT coalesce(max(${faqs.sortOrder}), 0) + 1 FROM ${faqs})`,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning({ id: faqs.id });
    await bumpVersion(tx);
    return row.id;
  });
}

/** Changes a question; keeps its anchor when the field is left empty. False if it is gone. */
export async function updateFaq(id: number, input: FaqInput, userId: number | null, db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(faqs)
      .set({
        category: input.category,
        question: input.question,
        answer: input.answer,
        // Left out of the SET when empty: the anchor stays.
        anchor: input.anchor || undefined,
        updatedBy: userId,
        updatedAt: sql`now()`,
      })
      .where(eq(faqs.id, id))
      .returning({ id: faqs.id });
    if (rows.length) await bumpVersion(tx);
    return rows.length > 0;
  });
}

export async function deleteFaq(id: number, db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
    if (rows.length) await bumpVersion(tx);
    return rows.length > 0;
  });
}

export type FaqSaved =
  | { status: "saved"; id: number }
  | { status: "anchor-taken"; message: string }
  | { status: "full"; message: string }
  | { status: "missing" };

/**
 * Adds a question (no `id`) or changes one, as the staff forms and the API do: an anchor must
 * be free, and a new question must fit in the FAQ. "missing": no question has the id.
 */
export async function saveFaq(
  input: FaqInput,
  userId: number | null,
  id?: number,
  db?: Db,
): Promise<FaqSaved> {
  db ??= await getDb();
  if (input.anchor && (await anchorTaken(input.anchor, id, db)))
    return { status: "anchor-taken", message: anchorTakenMessage(input.anchor) };
  if (id === undefined) {
    if ((await countFaqs(db)) >= FAQ_LIMIT) return { status: "full", message: FAQ_FULL };
    return { status: "saved", id: await createFaq(input, userId, db) };
  }
  return (await updateFaq(id, input, userId, db)) ? { status: "saved", id } : { status: "missing" };
}

export type OrderRefusal = "stale" | "missing" | "unknown" | "duplicate";

export class OrderRefused extends Error {
  constructor(
    readonly reason: OrderRefusal,
    message: string,
  ) {
    super(message);
  }
}

export const ORDER_REFUSED: Record<OrderRefusal, string> = {
  stale:
    "The order was not saved: another editor changed the questions after this page was opened. Nothing has changed. Check the order below and save it again.",
  missing:
    "The order was not saved: it did not include every question. Nothing has changed. Check the order below and save it again.",
  unknown:
    "The order was not saved: it included a question that does not exist (perhaps just deleted). Nothing has changed. Check the order below and save it again.",
  duplicate:
    "The order was not saved: it listed a question more than once. Nothing has changed. Check the order below and save it again.",
};

/**
 * Saves the whole order, or nothing: refused when the page's version is not
 * the current one (someone saved in between), or when the list is not exactly every question
 * once. The version check and the raise are one statement, so two saves cannot both pass.
 */
export async function saveFaqOrder(ids: number[], version: number, db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const bumped = await tx
      .update(faqsVersionTable)
      .set(nextVersion)
      .where(and(eq(faqsVersionTable.id, 1), eq(faqsVersionTable.version, version)))
      .returning({ version: faqsVersionTable.version });
    if (!bumped.length) throw new OrderRefused("stale", ORDER_REFUSED.stale);
    if (new Set(ids).size !== ids.length)
      throw new OrderRefused("duplicate", ORDER_REFUSED.duplicate);
    const current = new Set((await tx.select({ id: faqs.id }).from(faqs)).map((row) => row.id));
    if (ids.some((id) => !current.has(id)))
      throw new OrderRefused("unknown", ORDER_REFUSED.unknown);
    if (ids.length !== current.size) throw new OrderRefused("missing", ORDER_REFUSED.missing);
    if (ids.length) {
      // Every position in one statement, from the list numbered by unnest … WITH ORDINALITY.
      await tx.execute(
        sql`UPDATE ${faqs} SET ${sql.identifier(faqs.sortOrder.name)} = o.position
              FROM unnest(${`{${ids.join(",")}}`}::int[]) WITH ORDINALITY AS o(id, position)
             WHERE ${faqs.id} = o.id`,
      );
    }
    return bumped[0].version;
  });
}

/** A question as members read it: the answer rendered to safe HTML. */
export interface FaqView {
  id: number;
  category: string;
  question: string;
  anchor: string;
  answerHtml: string;
}

export interface FaqGroup {
  category: string;
  /** The category heading's id on /faq. */
  id: string;
  questions: FaqView[];
}

/**
 * The FAQ page's questions matching `q` (every word, in the question, the category or the
 * answer's text), grouped by category: categories in the order of their first question.
 */
export async function faqPage(q: string, db?: Db) {
  const all = await listFaqs(db);
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = all.filter((faq) => {
    if (!words.length) return true;
    const text = `${faq.question} ${faq.category} ${markdownText(faq.answer)}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const groups: FaqGroup[] = [];
  for (const faq of matching) {
    let group = groups.find((each) => each.category === faq.category);
    if (!group) {
      group = { category: faq.category, id: `faq-category-${groups.length + 1}`, questions: [] };
      groups.push(group);
    }
    group.questions.push({
      id: faq.id,
      category: faq.category,
      question: faq.question,
      anchor: faq.anchor,
      answerHtml: renderMarkdown(faq.answer, { headingLevel: 4 }),
    });
  }
  return { groups, matches: matching.length, total: all.length };
}
