import { and, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, getDb, schema } from "~/db/client.server";
import { type GlossaryTarget, glossaryAnchors, sectionOrder } from "~/records/glossary-links";
import { markdownText, renderMarkdown } from "~/lib/markdown.server";
import { PRINT_SECTION_VALUES, sectionLabel } from "~/records/sections";

/**
 * The glossary (glossaryId, recordSection, fieldName, fieldDescription,
 * sourceOfData): what each field of the record page means and where its data comes from.
 * Members read it on /glossary, grouped by record section in the record page's order
 * (ordered by record section, 1000 at most); the record page links its labels
 * to it; admins and editors write it.
 */

export const GLOSSARY_LIMIT = 1000;

export const glossaryFormSchema = z.object({
  recordSection: z.enum(PRINT_SECTION_VALUES as [string, ...string[]], {
    error: "Choose the record section the field is shown in",
  }),
  fieldName: z
    .string({ error: "Enter the field name" })
    .trim()
    .min(1, "Enter the field name")
    .max(120, "The field name must be at most 120 characters"),
  fieldDescription: z
    .string({ error: "Enter what the field means" })
    .trim()
    .min(1, "Enter what the field means")
    .max(20_000, "What the field means must be at most 20,000 characters"),
  sourceOfData: z
    .string({ error: "Enter where the data comes from" })
    .trim()
    .min(1, "Enter where the data comes from")
    .max(20_000, "Where the data comes from must be at most 20,000 characters"),
});
export type GlossaryInput = z.infer<typeof glossaryFormSchema>;

export interface GlossaryEntry extends GlossaryInput {
  id: number;
}

const columns = {
  id: schema.glossaryEntries.id,
  recordSection: schema.glossaryEntries.recordSection,
  fieldName: schema.glossaryEntries.fieldName,
  fieldDescription: schema.glossaryEntries.fieldDescription,
  sourceOfData: schema.glossaryEntries.sourceOfData,
};

const byPageOrder = (a: GlossaryEntry, b: GlossaryEntry) =>
  sectionOrder(a.recordSection) - sectionOrder(b.recordSection) ||
  a.fieldName.localeCompare(b.fieldName, "en-GB", { sensitivity: "base" }) ||
  a.id - b.id;

/** Every entry, by record section in the record page's order, then by field name. */
export async function listGlossary(db?: Db): Promise<GlossaryEntry[]> {
  db ??= await getDb();
  const rows = await db.select(columns).from(schema.glossaryEntries).limit(GLOSSARY_LIMIT);
  return rows.sort(byPageOrder);
}

export async function getGlossaryEntry(id: number, db?: Db): Promise<GlossaryEntry | undefined> {
  db ??= await getDb();
  const [row] = await db
    .select(columns)
    .from(schema.glossaryEntries)
    .where(eq(schema.glossaryEntries.id, id));
  return row;
}

/** Whether the section already has another entry of this name, whatever its case. */
export async function glossaryNameTaken(
  recordSection: string,
  fieldName: string,
  exceptId?: number,
  db?: Db,
) {
  db ??= await getDb();
  const entries = schema.glossaryEntries;
  const rows = await db
    .select({ id: entries.id })
    .from(entries)
    .where(
      and(
        eq(entries.recordSection, recordSection),
        sql`lower(${entries.fieldName}) = lower(${fieldName})`,
        ne(entries.id, exceptId ?? 0),
      ),
    );
  return rows.length > 0;
}

export const nameTakenMessage = (input: { recordSection: string; fieldName: string }) =>
  `${sectionLabel(input.recordSection)} already has an entry for ${input.fieldName}: edit that one, or choose another name`;

export const GLOSSARY_FULL = `The glossary already holds ${GLOSSARY_LIMIT} entries, the most it can hold. Delete an entry before adding another.`;

export async function countGlossary(db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(schema.glossaryEntries);
  return row.count;
}

export async function createGlossaryEntry(input: GlossaryInput, userId: number | null, db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .insert(schema.glossaryEntries)
    .values({ ...input, createdBy: userId, updatedBy: userId })
    .returning({ id: schema.glossaryEntries.id });
  return row.id;
}

export async function updateGlossaryEntry(
  id: number,
  input: GlossaryInput,
  userId: number | null,
  db?: Db,
) {
  db ??= await getDb();
  const rows = await db
    .update(schema.glossaryEntries)
    .set({ ...input, updatedBy: userId, updatedAt: new Date() })
    .where(eq(schema.glossaryEntries.id, id))
    .returning({ id: schema.glossaryEntries.id });
  return rows.length > 0;
}

export async function deleteGlossaryEntry(id: number, db?: Db) {
  db ??= await getDb();
  const rows = await db
    .delete(schema.glossaryEntries)
    .where(eq(schema.glossaryEntries.id, id))
    .returning({ id: schema.glossaryEntries.id });
  return rows.length > 0;
}

export type GlossarySaved =
  | { status: "saved"; id: number }
  | { status: "name-taken"; message: string }
  | { status: "full"; message: string }
  | { status: "missing" };

/**
 * Adds an entry (no `id`) or changes one, as the staff forms and the API do: a section has
 * one entry per field name, and a new entry must fit in the glossary. "missing": no such entry.
 */
export async function saveGlossaryEntry(
  input: GlossaryInput,
  userId: number | null,
  id?: number,
  db?: Db,
): Promise<GlossarySaved> {
  db ??= await getDb();
  if (await glossaryNameTaken(input.recordSection, input.fieldName, id, db))
    return { status: "name-taken", message: nameTakenMessage(input) };
  if (id === undefined) {
    if ((await countGlossary(db)) >= GLOSSARY_LIMIT)
      return { status: "full", message: GLOSSARY_FULL };
    return { status: "saved", id: await createGlossaryEntry(input, userId, db) };
  }
  return (await updateGlossaryEntry(id, input, userId, db))
    ? { status: "saved", id }
    : { status: "missing" };
}

/** An entry as members read it: its id on the page, and its Markdown rendered to safe HTML. */
export interface GlossaryView {
  id: number;
  anchor: string;
  recordSection: string;
  fieldName: string;
  descriptionHtml: string;
  sourceHtml: string;
}

export interface GlossarySection {
  value: string;
  label: string;
  entries: GlossaryView[];
}

/** The glossary page: entries matching the text (every word) and the section, grouped by section. */
export async function glossaryPage(filter: { q: string; section: string }, db?: Db) {
  const entries = await listGlossary(db);
  const anchors = glossaryAnchors(entries);
  const words = filter.q.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = entries.filter((entry) => {
    if (filter.section && entry.recordSection !== filter.section) return false;
    if (!words.length) return true;
    const text =
      `${entry.fieldName} ${markdownText(entry.fieldDescription)} ${markdownText(entry.sourceOfData)}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const sections: GlossarySection[] = [];
  for (const entry of matching) {
    let section = sections.find((each) => each.value === entry.recordSection);
    if (!section) {
      section = {
        value: entry.recordSection,
        label: sectionLabel(entry.recordSection),
        entries: [],
      };
      sections.push(section);
    }
    section.entries.push({
      id: entry.id,
      anchor: anchors.get(entry.id) ?? `entry-${entry.id}`,
      recordSection: entry.recordSection,
      fieldName: entry.fieldName,
      descriptionHtml: renderMarkdown(entry.fieldDescription, { headingLevel: 4 }),
      sourceHtml: renderMarkdown(entry.sourceOfData, { headingLevel: 4 }),
    });
  }
  return { sections, matches: matching.length, total: entries.length };
}

/** What the record page needs to link its labels: section, name and anchor of every entry. */
export async function glossaryTargets(db?: Db): Promise<GlossaryTarget[]> {
  const entries = await listGlossary(db);
  const anchors = glossaryAnchors(entries);
  return entries.map((entry) => ({
    recordSection: entry.recordSection,
    fieldName: entry.fieldName,
    anchor: anchors.get(entry.id) ?? `entry-${entry.id}`,
  }));
}
