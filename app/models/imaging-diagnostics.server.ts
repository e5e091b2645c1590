import { PassThrough } from "node:stream";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, getDb, queryRows } from "~/db/client.server";
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

const SORT_SQL: Record<ImagingSort, SQL> = {
  category: sql`lower(e.category) COLLATE "C"`,
  emaCode: sql`NULLIF(e.ema_code, '') COLLATE "C"`,
  chemicalName: sql`lower(e.chemical_name) COLLATE "C"`,
  tradeName: sql`lower(NULLIF(e.trade_name, '')) COLLATE "C"`,
  latestEvent: sql`le.event_date`,
};

/** The WHERE of a list: archived (members never see them), category, and every word of q. */
function whereOf(query: ImagingQuery, scope: { includeArchived: boolean }) {
  const parts: SQL[] = [];
  if (!scope.includeArchived) parts.push(sql`NOT e.archived`);
  else if (query.status === "active") parts.push(sql`NOT e.archived`);
  else if (query.status === "archived") parts.push(sql`e.archived`);
  if (query.category) parts.push(sql`e.category = ${query.category}`);
  for (const word of query.q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 20)) {
    parts.push(
      sql`strpos(lower(e.category || ' ' || e.ema_code || ' ' || e.chemical_name || ' ' || e.trade_name || ' ' || e.indication_statement), ${word}) > 0`,
    );
  }
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

const LATEST_EVENT = sql`LEFT JOIN LATERAL (
    SELECT n.name, ev.event_date::text AS event_date
      FROM imaging_diagnostics_events ev JOIN imaging_event_names n ON n.id = ev.event_name_id
     WHERE ev.entry_id = e.id
     ORDER BY ev.event_date DESC, ev.position DESC LIMIT 1) le ON true`;

interface RowOut {
  id: number;
  category: string;
  ema_code: string;
  chemical_name: string;
  trade_name: string;
  indication_statement: string;
  archived: boolean;
  by_name: string | null;
  created_at: string;
  updated_at: string;
  latest_name: string | null;
  latest_date: string | null;
  event_count: number;
}

const ROW_COLUMNS = sql`e.id, e.category, e.ema_code, e.chemical_name, e.trade_name,
  e.indication_statement, e.archived, e.created_at::text, e.updated_at::text,
  nullif(trim(u.first_name || ' ' || u.last_name), '') AS by_name,
  le.name AS latest_name, le.event_date AS latest_date,
  (SELECT count(*)::int FROM imaging_diagnostics_events c WHERE c.entry_id = e.id) AS event_count`;

const toRow = (row: RowOut): ImagingRow => ({
  id: row.id,
  category: row.category,
  emaCode: row.ema_code,
  chemicalName: row.chemical_name,
  tradeName: row.trade_name,
  indicationStatement: row.indication_statement,
  archived: row.archived,
  createdOrUpdatedByName: row.by_name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  latestEvent:
    row.latest_name && row.latest_date ? { name: row.latest_name, date: row.latest_date } : null,
  eventCount: row.event_count,
});

/** The rows of a list in its order, at most IMAGING_LIMIT; `only` narrows it to those ids. */
async function selectRows(
  db: Db,
  query: ImagingQuery,
  scope: { includeArchived: boolean },
  options: { offset?: number; limit?: number; only?: number[] } = {},
) {
  const direction = sql.raw(query.order === "desc" ? "DESC" : "ASC");
  const only = options.only ? sql` AND e.id = ANY(${`{${options.only.join(",")}}`}::int[])` : sql``;
  const rows = await queryRows<RowOut>(
    db,
    sql`SELECT ${ROW_COLUMNS}
          FROM imaging_diagnostics e
          LEFT JOIN users u ON u.id = e.created_or_updated_by
          ${LATEST_EVENT}
         WHERE ${whereOf(query, scope)}${only}
         ORDER BY ${SORT_SQL[query.sort]} ${direction} NULLS LAST, lower(e.chemical_name) COLLATE "C", e.id
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
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM imaging_diagnostics e WHERE ${whereOf(query, scope)}`,
  );
  const pages = Math.max(1, Math.ceil(Math.min(counted.total, IMAGING_LIMIT) / IMAGING_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await selectRows(db, query, scope, {
    offset: (page - 1) * IMAGING_PAGE_SIZE,
    limit: IMAGING_PAGE_SIZE,
  });
  const categories = await queryRows<{ category: string }>(
    db,
    sql`SELECT DISTINCT category FROM imaging_diagnostics e
         WHERE ${scope.includeArchived ? sql`true` : sql`NOT e.archived`}
         ORDER BY category`,
  );
  return {
    rows,
    total: counted.total,
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
  const rows = await queryRows<RowOut & { created_or_updated_by: number | null }>(
    db,
    sql`SELECT ${ROW_COLUMNS}, e.created_or_updated_by
          FROM imaging_diagnostics e
          LEFT JOIN users u ON u.id = e.created_or_updated_by
          ${LATEST_EVENT}
         WHERE e.id = ANY(${`{${ids.join(",")}}`}::int[])`,
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
        createdOrUpdatedBy: row.created_or_updated_by,
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
  const [counted] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM imaging_diagnostics e WHERE ${whereOf(query, scope)}`,
  );
  const rows = await selectRows(db, query, scope, {
    limit: options.limit,
    offset: options.offset,
  });
  return {
    entries: await getImagingEntries(
      rows.map((row) => row.id),
      db,
    ),
    total: counted.total,
  };
}

/** The events of `ids`, each entry's in its order. */
async function eventsOf(db: Db, ids: number[]) {
  const events = new Map<number, ImagingEvent[]>();
  if (!ids.length) return events;
  const rows = await queryRows<{ entry_id: number; name_id: number; name: string; date: string }>(
    db,
    sql`SELECT ev.entry_id, ev.event_name_id AS name_id, n.name, ev.event_date::text AS date
          FROM imaging_diagnostics_events ev JOIN imaging_event_names n ON n.id = ev.event_name_id
         WHERE ev.entry_id = ANY(${`{${ids.join(",")}}`}::int[])
         ORDER BY ev.entry_id, ev.position`,
  );
  for (const row of rows) {
    const list = events.get(row.entry_id) ?? [];
    list.push({ nameId: row.name_id, name: row.name, date: row.date });
    events.set(row.entry_id, list);
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
  await db.execute(sql`DELETE FROM imaging_diagnostics_events WHERE entry_id = ${entryId}`);
  for (const [position, event] of input.events.entries()) {
    await db.execute(
      sql`INSERT INTO imaging_diagnostics_events (entry_id, event_name_id, event_date, position)
          VALUES (${entryId}, ${event.nameId}, ${event.date}::date, ${position + 1})`,
    );
  }
}

/** Adds an entry; `userId` (the signed-in user) is its createdOrUpdatedBy. */
export async function createImagingEntry(input: ImagingInput, userId: number, db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await queryRows<{ id: number }>(
      t,
      sql`INSERT INTO imaging_diagnostics
            (category, ema_code, chemical_name, trade_name, indication_statement, created_or_updated_by)
          VALUES (${input.category}, ${input.emaCode ?? ""}, ${input.chemicalName},
                  ${input.tradeName ?? ""}, ${input.indicationStatement}, ${userId})
          RETURNING id`,
    );
    await writeEvents(t, row.id, input);
    return row.id;
  });
}

/** Replaces an entry's fields and events; false when it is gone. */
export async function updateImagingEntry(id: number, input: ImagingInput, userId: number, db?: Db) {
  db ??= await getDb();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const rows = await queryRows<{ id: number }>(
      t,
      sql`UPDATE imaging_diagnostics SET category = ${input.category}, ema_code = ${input.emaCode ?? ""},
                 chemical_name = ${input.chemicalName}, trade_name = ${input.tradeName ?? ""},
                 indication_statement = ${input.indicationStatement},
                 created_or_updated_by = ${userId}, updated_at = now()
           WHERE id = ${id} RETURNING id`,
    );
    if (!rows.length) return false;
    await writeEvents(t, id, input);
    return true;
  });
}

export async function deleteImagingEntry(id: number, db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM imaging_diagnostics WHERE id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

/** Archives or unarchives an entry: its new state, or null when it is gone. */
export async function toggleImagingArchived(id: number, userId: number, db?: Db) {
  db ??= await getDb();
  const [row] = await queryRows<{ archived: boolean }>(
    db,
    sql`UPDATE imaging_diagnostics SET archived = NOT archived, created_or_updated_by = ${userId},
               updated_at = now()
         WHERE id = ${id} RETURNING archived`,
  );
  return row ? row.archived : null;
}

/**
 * Archives or unarchives an entry, whatever it was: the staff page's buttons say which they
 * mean, so a form sent twice, or after someone else's change, does not flip it back. The new
 * state, or null when there is no such entry.
 */
export async function setImagingArchived(id: number, archived: boolean, userId: number, db?: Db) {
  db ??= await getDb();
  const [row] = await queryRows<{ archived: boolean }>(
    db,
    sql`UPDATE imaging_diagnostics SET archived = ${archived}, created_or_updated_by = ${userId},
               updated_at = now()
         WHERE id = ${id} RETURNING archived`,
  );
  return row ? row.archived : null;
}

// ---------------------------------------------------------------------------------------
// The event names (API: getlookup?eventName).

export interface EventName {
  id: number;
  name: string;
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
  return queryRows<EventName>(
    db,
    sql`SELECT n.id, n.name, (SELECT count(*)::int FROM imaging_diagnostics_events ev WHERE ev.event_name_id = n.id) AS uses
          FROM imaging_event_names n ORDER BY n.sort_order, n.id`,
  );
}

export async function getEventName(id: number, db?: Db) {
  return (await listEventNames(db)).find((name) => name.id === id);
}

/** Whether another name (not `exceptId`) is this one, whatever its case. */
export async function eventNameExists(name: string, exceptId = 0, db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM imaging_event_names WHERE lower(name) = lower(${name}) AND id <> ${exceptId}`,
  );
  return rows.length > 0;
}

/** Adds a name at the end of the list. */
export async function addEventName(name: string, db?: Db) {
  db ??= await getDb();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO imaging_event_names (name, sort_order)
        SELECT ${name}, coalesce(max(sort_order), 0) + 1 FROM imaging_event_names RETURNING id`,
  );
  return row.id;
}

/** Renames a name: every event that has it reads the new name. */
export async function renameEventName(id: number, name: string, db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE imaging_event_names SET name = ${name} WHERE id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}

/** Deletes a name no event uses: "deleted", "in use" (nothing changed) or "gone". */
export async function deleteEventName(id: number, db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM imaging_event_names n WHERE n.id = ${id}
          AND NOT EXISTS (SELECT 1 FROM imaging_diagnostics_events ev WHERE ev.event_name_id = n.id)
        RETURNING id`,
  );
  if (rows.length) return "deleted" as const;
  return (await getEventName(id, db)) ? ("in use" as const) : ("gone" as const);
}

/** Swaps a name with its neighbour above or below in the dropdown's order. */
export async function moveEventName(id: number, direction: "up" | "down", db?: Db) {
  db ??= await getDb();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const names = await queryRows<{ id: number; sort_order: number }>(
      t,
      sql`SELECT id, sort_order FROM imaging_event_names ORDER BY sort_order, id FOR UPDATE`,
    );
    const at = names.findIndex((name) => name.id === id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= names.length) return;
    // Renumbered whole, so that ties left by an earlier change cannot stop the swap.
    const order = names.map((name) => name.id);
    [order[at], order[to]] = [order[to], order[at]];
    await t.execute(
      sql`UPDATE imaging_event_names SET sort_order = o.position
            FROM unnest(${`{${order.join(",")}}`}::int[]) WITH ORDINALITY AS o(id, position)
           WHERE imaging_event_names.id = o.id`,
    );
  });
}

// ---------------------------------------------------------------------------------------
// A member's selection: kept on the server, apart from the search selection.

/** How many entries the user has selected (archived ones no longer count), and which of `shown`. */
export async function getImagingSelection(userId: number, shown: number[], db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{ entry_id: number }>(
    db,
    sql`SELECT s.entry_id FROM imaging_selection_items s JOIN imaging_diagnostics e ON e.id = s.entry_id
         WHERE s.user_id = ${userId} AND NOT e.archived`,
  );
  const ids = new Set(rows.map((row) => row.entry_id));
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
      await tx.execute(
        sql`DELETE FROM imaging_selection_items
             WHERE user_id = ${userId} AND entry_id = ANY(${`{${unticked.join(",")}}`}::int[])`,
      );
    if (ticked.length)
      await tx.execute(
        sql`INSERT INTO imaging_selection_items (user_id, entry_id)
            SELECT ${userId}, e.id FROM imaging_diagnostics e
             WHERE e.id = ANY(${`{${ticked.join(",")}}`}::int[]) AND NOT e.archived
            ON CONFLICT DO NOTHING`,
      );
  });
}

export async function clearImagingSelection(userId: number, db?: Db) {
  db ??= await getDb();
  await db.execute(sql`DELETE FROM imaging_selection_items WHERE user_id = ${userId}`);
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
  const selected = await queryRows<{ entry_id: number }>(
    db,
    sql`SELECT entry_id FROM imaging_selection_items WHERE user_id = ${userId}`,
  );
  const scope = { includeArchived: false };
  const rows = selected.length
    ? await selectRows(db, { ...query, q: "", category: "" }, scope, {
        only: selected.map((row) => row.entry_id),
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
  const rows = await queryRows<{ category: string }>(
    db,
    sql`SELECT DISTINCT category FROM imaging_diagnostics ORDER BY category`,
  );
  return rows.map((row) => row.category);
}
