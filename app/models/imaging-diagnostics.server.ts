import { PassThrough } from "node:stream";
import { type AnyColumn, and, eq, ne, not, notExists, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { type Db, getDb, queryRows, schema } from "~/db/client.server";
import type { ExportColumn } from "~/export/columns.server";
import { CONTENT_TYPES, openXlsxWriter } from "~/export/writers.server";
import {
  type ImagingFields,
  type ImagingQuery,
  type ImagingSort,
  parseImagingQuery,
} from "~/lib/imaging-query";

/**
 * Imaging and diagnostics (decision 019): contrast agents, radiopharmaceuticals
 * and diagnostic tests, each with its events (an event name from a lookup staff keep, and a
 * date). Members list the entries that are not archived; admins and editors keep them.
 */

/** Imaging and diagnostics are fetched with a limit of 1000. */
export const IMAGING_LIMIT = 1000;
export const IMAGING_PAGE_SIZE = 50;
export const MAX_EVENTS = 30;
const FIRST_YEAR = 1950;
const LAST_YEAR = 2100;

/** EMA product numbers (EMEA/H/C/004675), with a procedure after it where one is meant (/II/0012). */
const EMA_CODE = /^EMEA\/H\/C\/\d{6}(?:\/[A-Z]{1,5}\/\d{4}(?:\/G)?)?$/;
export const EMA_CODE_MESSAGE =
  "Enter the EMA code as EMEA/H/C/ and 6 digits, for example EMEA/H/C/004675";

export const eventMessages = {
  name: (n: number) => `Choose the name of event ${n}`,
  unknownName: (n: number) => `Choose the name of event ${n} from the list`,
  date: (n: number) => `Enter the date of event ${n}`,
  realDate: (n: number) => `The date of event ${n} must be a real date, for example 2025-03-27`,
  dateRange: (n: number) => `The date of event ${n} must be between ${FIRST_YEAR} and ${LAST_YEAR}`,
  tooMany: `An entry can have at most ${MAX_EVENTS} events`,
};

/** Whether `value` (YYYY-MM-DD) is a day of the calendar: 2025-02-30 is not. */
export function isRealDate(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

// Conform sends a blank field as undefined; a row left wholly blank is dropped, not an error.
const eventRow = z
  .object({ nameId: z.number().int().positive().optional(), date: z.string().trim().optional() })
  .optional();

export const imagingFormSchema = z.object({
  category: z
    .string({ error: "Enter a category" })
    .trim()
    .min(1, "Enter a category")
    .max(100, "The category must be at most 100 characters"),
  emaCode: z
    .string()
    .trim()
    .transform((code) => code.toUpperCase().replace(/\s+/g, ""))
    .pipe(z.string().regex(EMA_CODE, EMA_CODE_MESSAGE))
    .optional(),
  chemicalName: z
    .string({ error: "Enter the chemical name" })
    .trim()
    .min(1, "Enter the chemical name")
    .max(200, "The chemical name must be at most 200 characters"),
  tradeName: z.string().trim().max(200, "The trade name must be at most 200 characters").optional(),
  indicationStatement: z
    .string({ error: "Enter the indication statement" })
    .trim()
    .min(1, "Enter the indication statement")
    .max(2000, "The indication statement must be at most 2,000 characters"),
  events: z
    .array(eventRow)
    .max(MAX_EVENTS, eventMessages.tooMany)
    .default([])
    .superRefine((rows, context) => {
      rows.forEach((row, index) => {
        if (!row || (row.nameId === undefined && !row.date)) return;
        const n = index + 1;
        if (row.nameId === undefined)
          context.addIssue({
            code: "custom",
            path: [index, "nameId"],
            message: eventMessages.name(n),
          });
        if (!row.date) {
          context.addIssue({
            code: "custom",
            path: [index, "date"],
            message: eventMessages.date(n),
          });
        } else if (!isRealDate(row.date)) {
          context.addIssue({
            code: "custom",
            path: [index, "date"],
            message: eventMessages.realDate(n),
          });
        } else {
          const year = Number(row.date.slice(0, 4));
          if (year < FIRST_YEAR || year > LAST_YEAR)
            context.addIssue({
              code: "custom",
              path: [index, "date"],
              message: eventMessages.dateRange(n),
            });
        }
      });
    })
    .transform((rows) =>
      rows.flatMap((row, index) =>
        row?.nameId !== undefined && row.date
          ? [{ nameId: row.nameId, date: row.date, row: index }]
          : [],
      ),
    ),
});
export type ImagingInput = z.output<typeof imagingFormSchema>;

export interface ImagingEvent {
  nameId: number;
  name: string;
  date: string;
}

export interface ImagingEntry extends ImagingFields {
  id: number;
  archived: boolean;
  createdOrUpdatedBy: number | null;
  /** The name of the user who last saved it, if known. */
  createdOrUpdatedByName: string | null;
  createdAt: string;
  updatedAt: string;
  events: ImagingEvent[];
}

/** An entry as the tables list it: its latest event (by date) in place of all of them. */
export type ImagingRow = Omit<ImagingEntry, "events" | "createdOrUpdatedBy"> & {
  latestEvent: { name: string; date: string } | null;
  eventCount: number;
};

/** How a list's entry reads in a button or a title: "gadopiclenol (Elucirem)". */
export const entryLabel = (entry: { chemicalName: string; tradeName: string }) =>
  entry.tradeName ? `${entry.chemicalName} (${entry.tradeName})` : entry.chemicalName;

// ---------------------------------------------------------------------------------------
// The list: filters, sort and page, read from the URL (GET forms, so it works without JS).

const {
  imagingDiagnostics,
  imagingDiagnosticsEvents,
  imagingEventNames,
  imagingSelectionItems,
  users,
} = schema;
// The aliases the raw SQL below names its tables by, each written `${table} AS ${alias}`.
const e = alias(imagingDiagnostics, "e");
const u = alias(users, "u");
const ev = alias(imagingDiagnosticsEvents, "ev");
const n = alias(imagingEventNames, "n");
const c = alias(imagingDiagnosticsEvents, "c");

const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;
/** `column` is one of `ids` (one array parameter, however many ids). */
const anyOf = (column: AnyColumn, ids: number[]) => sql`${column} = ANY(${intArray(ids)})`;

const SORT_SQL: Record<ImagingSort, SQL> = {
  category: sql`lower(${e.category}) COLLATE "C"`,
  emaCode: sql`NULLIF(${e.emaCode}, '') COLLATE "C"`,
  chemicalName: sql`lower(${e.chemicalName}) COLLATE "C"`,
  tradeName: sql`lower(NULLIF(${e.tradeName}, '')) COLLATE "C"`,
  latestEvent: sql`le.latest_date`,
};

/** The WHERE of a list: archived (members never see them), category, and every word of q. */
function whereOf(query: ImagingQuery, scope: { includeArchived: boolean }) {
  const parts: SQL[] = [];
  if (!scope.includeArchived) parts.push(sql`NOT ${e.archived}`);
  else if (query.status === "active") parts.push(sql`NOT ${e.archived}`);
  else if (query.status === "archived") parts.push(sql`${e.archived}`);
  if (query.category) parts.push(sql`${e.category} = ${query.category}`);
  for (const word of query.q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20)) {
    parts.push(
      sql`strpos(lower(${e.category} || ' ' || ${e.emaCode} || ' ' || ${e.chemicalName} || ' ' || ${e.tradeName} || ' ' || ${e.indicationStatement}), ${word}) > 0`,
    );
  }
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/** `le`: an entry's latest event (by date), its name and date as latest_name and latest_date. */
const LATEST_EVENT = sql`LEFT JOIN LATERAL (
    SELECT ${n.name} AS latest_name, ${ev.eventDate}::text AS latest_date
      FROM ${imagingDiagnosticsEvents} AS ${ev} JOIN ${imagingEventNames} AS ${n} ON ${n.id} = ${ev.eventNameId}
     WHERE ${ev.entryId} = ${e.id}
     ORDER BY ${ev.eventDate} DESC, ${ev.position} DESC LIMIT 1) le ON true`;

/** A row of ROW_COLUMNS: the entry's own columns, its dates as text, and what is joined to it. */
type RowOut = Pick<
  typeof imagingDiagnostics.$inferSelect,
  "id" | "category" | "emaCode" | "chemicalName" | "tradeName" | "indicationStatement" | "archived"
> & {
  createdAt: string;
  updatedAt: string;
  byName: string | null;
  latestName: string | null;
  latestDate: string | null;
  eventCount: number;
};

const ROW_COLUMNS = sql`${e.id}, ${e.category}, ${e.emaCode} AS "emaCode", ${e.chemicalName} AS "chemicalName",
  ${e.tradeName} AS "tradeName", ${e.indicationStatement} AS "indicationStatement", ${e.archived},
  ${e.createdAt}::text AS "createdAt", ${e.updatedAt}::text AS "updatedAt",
  nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '') AS "byName",
  le.latest_name AS "latestName", le.latest_date AS "latestDate",
  (SELECT count(*)::int FROM ${imagingDiagnosticsEvents} AS ${c} WHERE ${c.entryId} = ${e.id}) AS "eventCount"`;

/** What ROW_COLUMNS reads: the entry, the user who last saved it and its latest event. */
const ROW_SOURCES = sql`${imagingDiagnostics} AS ${e}
  LEFT JOIN ${users} AS ${u} ON ${u.id} = ${e.createdOrUpdatedBy}
  ${LATEST_EVENT}`;

const toRow = ({ byName, latestName, latestDate, eventCount, ...entry }: RowOut): ImagingRow => ({
  id: entry.id,
  category: entry.category,
  emaCode: entry.emaCode,
  chemicalName: entry.chemicalName,
  tradeName: entry.tradeName,
  indicationStatement: entry.indicationStatement,
  archived: entry.archived,
  createdOrUpdatedByName: byName,
  createdAt: entry.createdAt,
  updatedAt: entry.updatedAt,
  latestEvent: latestName && latestDate ? { name: latestName, date: latestDate } : null,
  eventCount,
});

/** How many entries the list has in scope, past any limit. */
async function countOf(db: Db, query: ImagingQuery, scope: { includeArchived: boolean }) {
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(e)
    .where(whereOf(query, scope));
  return counted.total;
}

/** The rows of a list in its order, at most IMAGING_LIMIT; `only` narrows it to those ids. */
async function selectRows(
  db: Db,
  query: ImagingQuery,
  scope: { includeArchived: boolean },
  options: { offset?: number; limit?: number; only?: number[] } = {},
) {
  const direction = sql.raw(query.order === "desc" ? "DESC" : "ASC");
  const only = options.only ? sql` AND ${anyOf(e.id, options.only)}` : sql``;
  const rows = await queryRows<RowOut>(
    db,
    sql`SELECT ${ROW_COLUMNS}
          FROM ${ROW_SOURCES}
         WHERE ${whereOf(query, scope)}${only}
         ORDER BY ${SORT_SQL[query.sort]} ${direction} NULLS LAST, lower(${e.chemicalName}) COLLATE "C", ${e.id}
         LIMIT ${Math.min(options.limit ?? IMAGING_LIMIT, IMAGING_LIMIT)} OFFSET ${options.offset ?? 0}`,
  );
  return rows.map(toRow);
}

export interface ImagingList {
  rows: ImagingRow[];
  /** Every entry that matches, even past the limit. */
  total: number;
  /** The page shown and how many there are, within the first IMAGING_LIMIT. */
  page: number;
  pages: number;
  /** The categories of the entries in scope, for the filter. */
  categories: string[];
}

/** A page of the list, within the first 1,000 that match. */
export async function listImaging(
  query: ImagingQuery,
  scope: { includeArchived: boolean },
  db?: Db,
): Promise<ImagingList> {
  db ??= await getDb();
  const total = await countOf(db, query, scope);
  const pages = Math.max(1, Math.ceil(Math.min(total, IMAGING_LIMIT) / IMAGING_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await selectRows(db, query, scope, {
    offset: (page - 1) * IMAGING_PAGE_SIZE,
    limit: IMAGING_PAGE_SIZE,
  });
  const categories = await db
    .selectDistinct({ category: imagingDiagnostics.category })
    .from(imagingDiagnostics)
    .where(scope.includeArchived ? undefined : not(imagingDiagnostics.archived))
    .orderBy(imagingDiagnostics.category);
  return {
    rows,
    total,
    page,
    pages,
    categories: categories.map((row) => row.category),
  };
}

// ---------------------------------------------------------------------------------------
// One entry, and the staff's changes to it.

/** An entry with its events (in the order staff entered them), or undefined. */
export async function getImagingEntry(id: number, db?: Db): Promise<ImagingEntry | undefined> {
  return (await getImagingEntries([id], db))[0];
}

/** The entries of `ids` that exist, with their events, in the order of `ids`. */
export async function getImagingEntries(ids: number[], db?: Db): Promise<ImagingEntry[]> {
  if (!ids.length) return [];
  db ??= await getDb();
  const rows = await queryRows<
    RowOut & Pick<typeof imagingDiagnostics.$inferSelect, "createdOrUpdatedBy">
  >(
    db,
    sql`SELECT ${ROW_COLUMNS}, ${e.createdOrUpdatedBy} AS "createdOrUpdatedBy"
          FROM ${ROW_SOURCES}
         WHERE ${anyOf(e.id, ids)}`,
  );
  const events = await eventsOf(
    db,
    rows.map((row) => row.id),
  );
  const byId = new Map(
    rows.map((row) => {
      const { latestEvent: _latest, eventCount: _count, ...entry } = toRow(row);
      const full: ImagingEntry = {
        ...entry,
        createdOrUpdatedBy: row.createdOrUpdatedBy,
        events: events.get(row.id) ?? [],
      };
      return [row.id, full];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A slice of the entries with their events, in the list's default order (latest event
 * first), and how many there are in scope (API: POST /diagnosticsandimaging/get).
 */
export async function listImagingEntries(
  options: { limit: number; offset: number; includeArchived: boolean },
  db?: Db,
): Promise<{ entries: ImagingEntry[]; total: number }> {
  db ??= await getDb();
  const query = parseImagingQuery(new URLSearchParams());
  const scope = { includeArchived: options.includeArchived };
  const total = await countOf(db, query, scope);
  const rows = await selectRows(db, query, scope, {
    limit: options.limit,
    offset: options.offset,
  });
  return {
    entries: await getImagingEntries(
      rows.map((row) => row.id),
      db,
    ),
    total,
  };
}

/** The events of `ids`, each entry's in its order. */
async function eventsOf(db: Db, ids: number[]) {
  const events = new Map<number, ImagingEvent[]>();
  if (!ids.length) return events;
  const rows = await db
    .select({
      entryId: imagingDiagnosticsEvents.entryId,
      nameId: imagingDiagnosticsEvents.eventNameId,
      name: imagingEventNames.name,
      date: imagingDiagnosticsEvents.eventDate,
    })
    .from(imagingDiagnosticsEvents)
    .innerJoin(imagingEventNames, eq(imagingEventNames.id, imagingDiagnosticsEvents.eventNameId))
    .where(anyOf(imagingDiagnosticsEvents.entryId, ids))
    .orderBy(imagingDiagnosticsEvents.entryId, imagingDiagnosticsEvents.position);
  for (const { entryId, ...event } of rows) {
    const list = events.get(entryId) ?? [];
    list.push(event);
    events.set(entryId, list);
  }
  return events;
}

/** The rows (1-based numbers as the form shows them) whose event name is not in the lookup. */
export async function unknownEventNames(input: ImagingInput, db?: Db) {
  if (!input.events.length) return [];
  const known = new Set((await listEventNames(db)).map((name) => name.id));
  return input.events.filter((event) => !known.has(event.nameId)).map((event) => event.row);
}

async function writeEvents(db: Db, entryId: number, input: ImagingInput) {
  await db.delete(imagingDiagnosticsEvents).where(eq(imagingDiagnosticsEvents.entryId, entryId));
  for (const [position, event] of input.events.entries()) {
    await db.insert(imagingDiagnosticsEvents).values({
      entryId,
      eventNameId: event.nameId,
      eventDate: event.date,
      position: position + 1,
    });
  }
}

/** The entry's own columns, as the form gives them. */
const fieldsOf = (input: ImagingInput) => ({
  category: input.category,
  emaCode: input.emaCode ?? "",
  chemicalName: input.chemicalName,
  tradeName: input.tradeName ?? "",
  indicationStatement: input.indicationStatement,
});

/** Adds an entry; `userId` (the signed-in user) is its createdOrUpdatedBy. */
export async function createImagingEntry(input: ImagingInput, userId: number, db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(imagingDiagnostics)
      .values({ ...fieldsOf(input), createdOrUpdatedBy: userId })
      .returning({ id: imagingDiagnostics.id });
    await writeEvents(tx, row.id, input);
    return row.id;
  });
}

/** Replaces an entry's fields and events; false when it is gone. */
export async function updateImagingEntry(id: number, input: ImagingInput, userId: number, db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(imagingDiagnostics)
      .set({ ...fieldsOf(input), createdOrUpdatedBy: userId, updatedAt: sql`now()` })
      .where(eq(imagingDiagnostics.id, id))
      .returning({ id: imagingDiagnostics.id });
    if (!rows.length) return false;
    await writeEvents(tx, id, input);
    return true;
  });
}

export async function deleteImagingEntry(id: number, db?: Db) {
  db ??= await getDb();
  const rows = await db
    .delete(imagingDiagnostics)
    .where(eq(imagingDiagnostics.id, id))
    .returning({ id: imagingDiagnostics.id });
  return rows.length > 0;
}

/** Archives or unarchives an entry: its new state, or null when it is gone. */
export async function toggleImagingArchived(id: number, userId: number, db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .update(imagingDiagnostics)
    .set({
      archived: sql`NOT ${imagingDiagnostics.archived}`,
      createdOrUpdatedBy: userId,
      updatedAt: sql`now()`,
    })
    .where(eq(imagingDiagnostics.id, id))
    .returning({ archived: imagingDiagnostics.archived });
  return row ? row.archived : null;
}

/**
 * Archives or unarchives an entry, whatever it was: the staff page's buttons say which they
 * mean, so a form sent twice, or after someone else's change, does not flip it back. The new
 * state, or null when there is no such entry.
 */
export async function setImagingArchived(id: number, archived: boolean, userId: number, db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .update(imagingDiagnostics)
    .set({ archived, createdOrUpdatedBy: userId, updatedAt: sql`now()` })
    .where(eq(imagingDiagnostics.id, id))
    .returning({ archived: imagingDiagnostics.archived });
  return row ? row.archived : null;
}

// ---------------------------------------------------------------------------------------
// The event names (API: getlookup?eventName).

export interface EventName extends Pick<typeof imagingEventNames.$inferSelect, "id" | "name"> {
  /** How many events have this name: a name in use cannot be deleted. */
  uses: number;
}

export const eventNameSchema = z.object({
  name: z
    .string({ error: "Enter the event name" })
    .trim()
    .min(1, "Enter the event name")
    .max(100, "The event name must be at most 100 characters"),
});

export const eventNameTaken = (name: string) => `There is already an event name ${name}`;

export async function listEventNames(db?: Db): Promise<EventName[]> {
  db ??= await getDb();
  return db
    .select({
      id: imagingEventNames.id,
      name: imagingEventNames.name,
      uses: db.$count(
        imagingDiagnosticsEvents,
        eq(imagingDiagnosticsEvents.eventNameId, imagingEventNames.id),
      ),
    })
    .from(imagingEventNames)
    .orderBy(imagingEventNames.sortOrder, imagingEventNames.id);
}

export async function getEventName(id: number, db?: Db) {
  return (await listEventNames(db)).find((name) => name.id === id);
}

/** Whether another name (not `exceptId`) is this one, whatever its case. */
export async function eventNameExists(name: string, exceptId = 0, db?: Db) {
  db ??= await getDb();
  const rows = await db
    .select({ id: imagingEventNames.id })
    .from(imagingEventNames)
    .where(
      and(
        sql`lower(${imagingEventNames.name}) = lower(${name})`,
        ne(imagingEventNames.id, exceptId),
      ),
    );
  return rows.length > 0;
}

/** Adds a name at the end of the list. */
export async function addEventName(name: string, db?: Db) {
  db ??= await getDb();
  const [row] = await db
    .insert(imagingEventNames)
    .values({
      name,
      sortOrder: sql`(SELECT coalesce(max(${imagingEventNames.sortOrder}), 0) + 1 FROM ${imagingEventNames})`,
    })
    .returning({ id: imagingEventNames.id });
  return row.id;
}

/** Renames a name: every event that has it reads the new name. */
export async function renameEventName(id: number, name: string, db?: Db) {
  db ??= await getDb();
  const rows = await db
    .update(imagingEventNames)
    .set({ name })
    .where(eq(imagingEventNames.id, id))
    .returning({ id: imagingEventNames.id });
  return rows.length > 0;
}

/** Deletes a name no event uses: "deleted", "in use" (nothing changed) or "gone". */
export async function deleteEventName(id: number, db?: Db) {
  db ??= await getDb();
  const uses = db
    .select({ one: sql`1` })
    .from(imagingDiagnosticsEvents)
    .where(eq(imagingDiagnosticsEvents.eventNameId, imagingEventNames.id));
  const rows = await db
    .delete(imagingEventNames)
    .where(and(eq(imagingEventNames.id, id), notExists(uses)))
    .returning({ id: imagingEventNames.id });
  if (rows.length) return "deleted" as const;
  return (await getEventName(id, db)) ? ("in use" as const) : ("gone" as const);
}

/** Swaps a name with its neighbour above or below in the dropdown's order. */
export async function moveEventName(id: number, direction: "up" | "down", db?: Db) {
  db ??= await getDb();
  await db.transaction(async (tx) => {
    const names = await tx
      .select({ id: imagingEventNames.id, sortOrder: imagingEventNames.sortOrder })
      .from(imagingEventNames)
      .orderBy(imagingEventNames.sortOrder, imagingEventNames.id)
      .for("update");
    const at = names.findIndex((name) => name.id === id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= names.length) return;
    // Renumbered whole, so that ties left by an earlier change cannot stop the swap.
    const order = names.map((name) => name.id);
    [order[at], order[to]] = [order[to], order[at]];
    await tx.execute(
      sql`UPDATE ${imagingEventNames} SET ${sql.identifier(imagingEventNames.sortOrder.name)} = o.position
            FROM unnest(${intArray(order)}) WITH ORDINALITY AS o(id, position)
           WHERE ${imagingEventNames.id} = o.id`,
    );
  });
}

// ---------------------------------------------------------------------------------------
// A member's selection: kept on the server, apart from the search selection.

/** How many entries the user has selected (archived ones no longer count), and which of `shown`. */
export async function getImagingSelection(userId: number, shown: number[], db?: Db) {
  db ??= await getDb();
  const rows = await db
    .select({ entryId: imagingSelectionItems.entryId })
    .from(imagingSelectionItems)
    .innerJoin(imagingDiagnostics, eq(imagingDiagnostics.id, imagingSelectionItems.entryId))
    .where(and(eq(imagingSelectionItems.userId, userId), not(imagingDiagnostics.archived)));
  const ids = new Set(rows.map((row) => row.entryId));
  return { count: ids.size, selectedIds: shown.filter((id) => ids.has(id)) };
}

/** Of the `shown` entries, exactly the `checked` ones are selected afterwards; others are untouched. */
export async function updateImagingSelection(
  userId: number,
  shown: number[],
  checked: number[],
  db?: Db,
) {
  db ??= await getDb();
  const ticked = checked.filter((id) => shown.includes(id));
  const unticked = shown.filter((id) => !ticked.includes(id));
  await db.transaction(async (tx) => {
    if (unticked.length)
      await tx
        .delete(imagingSelectionItems)
        .where(
          and(
            eq(imagingSelectionItems.userId, userId),
            anyOf(imagingSelectionItems.entryId, unticked),
          ),
        );
    if (ticked.length)
      await tx.execute(
        sql`INSERT INTO ${imagingSelectionItems}
              (${sql.identifier(imagingSelectionItems.userId.name)}, ${sql.identifier(imagingSelectionItems.entryId.name)})
            SELECT ${userId}, ${e.id} FROM ${imagingDiagnostics} AS ${e}
             WHERE ${anyOf(e.id, ticked)} AND NOT ${e.archived}
            ON CONFLICT DO NOTHING`,
      );
  });
}

export async function clearImagingSelection(userId: number, db?: Db) {
  db ??= await getDb();
  await db.delete(imagingSelectionItems).where(eq(imagingSelectionItems.userId, userId));
}

// ---------------------------------------------------------------------------------------
// The XLSX export (API: POST /diagnosticsandimaging/export?exportOnlyArchived=true|false).

type ExportRow = ImagingRow & { events: ImagingEvent[] };

const text = (value: string) => (value ? [value] : []);
const MEMBER_COLUMNS: ExportColumn<ExportRow>[] = [
  { id: "category", label: "Category", values: (row) => text(row.category) },
  { id: "emaCode", label: "EMA code", values: (row) => text(row.emaCode) },
  { id: "chemicalName", label: "Chemical name", values: (row) => text(row.chemicalName) },
  { id: "tradeName", label: "Trade name", values: (row) => text(row.tradeName) },
  {
    id: "indicationStatement",
    label: "Indication statement",
    values: (row) => text(row.indicationStatement),
  },
  { id: "latestEvent", label: "Latest event", values: (row) => text(row.latestEvent?.name ?? "") },
  {
    id: "latestEventDate",
    label: "Latest event date",
    values: (row) => text(row.latestEvent?.date ?? ""),
  },
  // One event a line, names and dates side by side (the dot makes the writer join by lines).
  { id: "events.name", label: "Events", values: (row) => row.events.map((event) => event.name) },
  {
    id: "events.date",
    label: "Event dates",
    values: (row) => row.events.map((event) => event.date),
  },
];
const STAFF_COLUMNS: ExportColumn<ExportRow>[] = [
  { id: "imagingAndDiagnosticsId", label: "ID", values: (row) => [row.id] },
  ...MEMBER_COLUMNS,
  { id: "archived", label: "Archived", values: (row) => [row.archived ? "Yes" : "No"] },
  {
    id: "createdOrUpdatedBy",
    label: "Created or updated by",
    values: (row) => text(row.createdOrUpdatedByName ?? ""),
  },
  { id: "createdAt", label: "Created", values: (row) => [row.createdAt.slice(0, 10)] },
  { id: "updatedAt", label: "Updated", values: (row) => [row.updatedAt.slice(0, 10)] },
];

/** The workbook of `rows` as bytes, written by the search export's XLSX writer. */
async function workbookOf(rows: ExportRow[], columns: ExportColumn<ExportRow>[]) {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on("data", (chunk: Buffer) => chunks.push(chunk));
  const writer = openXlsxWriter(sink, columns);
  for (const row of rows) await writer.add(row);
  await writer.close();
  return Buffer.concat(chunks);
}

async function withEvents(db: Db, rows: ImagingRow[]): Promise<ExportRow[]> {
  const events = await eventsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, events: events.get(row.id) ?? [] }));
}

export interface ImagingExport {
  bytes: Buffer;
  count: number;
}

/**
 * A member's export: the entries they selected, or, when none is, every entry that matches
 * the list's filters; archived entries never; in the list's order, at most IMAGING_LIMIT.
 */
export async function exportForMember(
  userId: number,
  query: ImagingQuery,
  db?: Db,
): Promise<ImagingExport> {
  db ??= await getDb();
  const selected = await db
    .select({ entryId: imagingSelectionItems.entryId })
    .from(imagingSelectionItems)
    .where(eq(imagingSelectionItems.userId, userId));
  const scope = { includeArchived: false };
  const rows = selected.length
    ? await selectRows(db, { ...query, q: "", category: "" }, scope, {
        only: selected.map((row) => row.entryId),
      })
    : await selectRows(db, query, scope);
  return {
    bytes: await workbookOf(await withEvents(db, rows), MEMBER_COLUMNS),
    count: rows.length,
  };
}

/** Staff's export: every entry matching the filters, or only the archived ones among them. */
export async function exportForStaff(
  query: ImagingQuery,
  options: { onlyArchived: boolean },
  db?: Db,
): Promise<ImagingExport> {
  db ??= await getDb();
  const rows = await selectRows(
    db,
    options.onlyArchived ? { ...query, status: "archived" } : query,
    { includeArchived: true },
  );
  return { bytes: await workbookOf(await withEvents(db, rows), STAFF_COLUMNS), count: rows.length };
}

/**
 * The API's export (POST /diagnosticsandimaging/export?exportOnlyArchived): the entries
 * of `ids` (every one when `ids` is empty) in the list's default order, at most IMAGING_LIMIT.
 * Staff get the register's file (archived entries included, or only them); members the
 * members' file, where archived entries never appear.
 */
export async function exportImagingEntries(
  ids: number[],
  options: { staff: boolean; onlyArchived: boolean },
  db?: Db,
): Promise<ImagingExport> {
  db ??= await getDb();
  const query = parseImagingQuery(new URLSearchParams());
  const rows = await selectRows(
    db,
    options.onlyArchived ? { ...query, status: "archived" } : query,
    { includeArchived: options.staff },
    ids.length ? { only: ids } : {},
  );
  return {
    bytes: await workbookOf(
      await withEvents(db, rows),
      options.staff ? STAFF_COLUMNS : MEMBER_COLUMNS,
    ),
    count: rows.length,
  };
}

/** The response that downloads an export at once (no dialog; docs/product.md). */
export function xlsxDownload(file: ImagingExport, name: string) {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": CONTENT_TYPES.xlsx,
      "Content-Disposition": `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.xlsx"`,
      "Content-Length": String(file.bytes.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}

/** Every category in use (archived entries' too), for the form's suggestions. */
export async function imagingCategories(db?: Db) {
  db ??= await getDb();
  const rows = await db
    .selectDistinct({ category: imagingDiagnostics.category })
    .from(imagingDiagnostics)
    .orderBy(imagingDiagnostics.category);
  return rows.map((row) => row.category);
}
