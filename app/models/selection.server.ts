import { and, asc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { type Db, getDb, queryRows, schema, textArray } from "~/db/client.server";
import { PAGE_SIZE, type SearchRequest, toSearchParams } from "~/search/request";

/**
 * The user's selection of search results, kept in the database (decision 007): it survives
 * paging, reloads and browsers without scripts or storage. A selection is either a list of
 * records or, after "Select all N results", the search request itself. It belongs to the
 * criteria of the search it was made in; a search with other criteria clears it.
 */

const { records, selectionItems, selections } = schema;

/** A search's criteria: its query without page, size and sort, which don't change what it finds. */
export function selectionCriteria(request: SearchRequest) {
  return toSearchParams({
    ...request,
    from: 0,
    size: PAGE_SIZE,
    sortBy: null,
    sortOrder: null,
  }).toString();
}

export interface SelectionState {
  /** How many results are selected. */
  count: number;
  /** The whole result set is selected (stored as the search request). */
  all: boolean;
  /** Of the records asked about, the ones selected. */
  selectedHssIds: string[];
}

/** A column as an INSERT's column list names it (unqualified). */
const name = (column: { name: string }) => sql.identifier(column.name);

export const EMPTY_SELECTION: SelectionState = { count: 0, all: false, selectedHssIds: [] };

/** Clears the user's selection when it was made in a search with other criteria. */
export async function keepSelectionFor(userId: number, criteria: string, db?: Db) {
  db ??= await getDb();
  await db
    .delete(selections)
    .where(and(eq(selections.userId, userId), ne(selections.criteria, criteria)));
}

/** The selection as a results page shows it: its size, and which of `hssIds` (the page's) are in it. */
export async function getSelection(
  userId: number,
  hssIds: string[],
  db?: Db,
): Promise<SelectionState> {
  return readSelection(db ?? (await getDb()), userId, hssIds, null);
}

/**
 * A search's results page: clears a selection made with other criteria (keepSelectionFor),
 * then reads what is left of it as getSelection does. One statement: the SELECT sees the
 * rows as they were before the DELETE, so it takes only a selection of these criteria.
 */
export async function selectionOfSearch(
  userId: number,
  criteria: string,
  hssIds: string[],
  db?: Db,
): Promise<SelectionState> {
  return readSelection(db ?? (await getDb()), userId, hssIds, criteria);
}

async function readSelection(
  db: Db,
  userId: number,
  hssIds: string[],
  criteria: string | null,
): Promise<SelectionState> {
  const clear =
    criteria === null
      ? sql``
      : sql`WITH cleared AS (DELETE FROM ${selections}
             WHERE ${selections.userId} = ${userId} AND ${selections.criteria} <> ${criteria}) `;
  const ofCriteria = criteria === null ? sql`` : sql` AND ${selections.criteria} = ${criteria}`;
  // SQL rather than the builder: a select from one table writes the columns of its fields
  // unqualified, and the subqueries' items.user_id = selections.user_id would lose its sides.
  const [row] = await queryRows<
    Pick<typeof selections.$inferSelect, "allCount"> & { items: number; onPage: string[] }
  >(
    db,
    sql`${clear}SELECT ${selections.allCount} AS "allCount",
               (SELECT count(*)::int FROM ${selectionItems}
                 WHERE ${selectionItems.userId} = ${selections.userId}) AS items,
               ARRAY(SELECT ${records.hssId} FROM ${selectionItems}
                       JOIN ${records} ON ${records.id} = ${selectionItems.recordId}
                      WHERE ${selectionItems.userId} = ${selections.userId}
                        AND ${records.hssId} = ANY(${textArray(hssIds)})) AS "onPage"
          FROM ${selections} WHERE ${selections.userId} = ${userId}${ofCriteria}`,
  );
  if (!row) return EMPTY_SELECTION;
  if (row.allCount !== null) return { count: row.allCount, all: true, selectedHssIds: hssIds };
  return { count: row.items, all: false, selectedHssIds: row.onPage };
}

/** Opens (or keeps) the selection of this search; one of other criteria is replaced. */
async function openSelection(db: Db, userId: number, criteria: string) {
  await keepSelectionFor(userId, criteria, db);
  await db
    .insert(selections)
    .values({ userId, criteria })
    .onConflictDoUpdate({ target: selections.userId, set: { updatedAt: sql`now()` } });
}

/**
 * The checkboxes of one page: of the `shown` records, exactly the `checked` ones are
 * selected afterwards; records on other pages are untouched. With the whole result set
 * selected, this turns it back into a list: the results of this page that are ticked.
 */
export async function updatePageSelection(
  userId: number,
  criteria: string,
  shown: string[],
  checked: string[],
  db?: Db,
) {
  db ??= await getDb();
  await db.transaction(async (tx) => {
    await openSelection(tx, userId, criteria);
    await tx
      .update(selections)
      .set({ allResults: null, allCount: null })
      .where(and(eq(selections.userId, userId), isNotNull(selections.allCount)));
    const unticked = shown.filter((hssId) => !checked.includes(hssId));
    if (unticked.length) {
      // DELETE … USING, which the builder does not write.
      await tx.execute(
        sql`DELETE FROM ${selectionItems} USING ${records}
             WHERE ${selectionItems.userId} = ${userId} AND ${records.id} = ${selectionItems.recordId}
               AND ${records.hssId} = ANY(${textArray(unticked)})`,
      );
    }
    if (checked.length) {
      await tx.execute(
        sql`INSERT INTO ${selectionItems} (${name(selectionItems.userId)}, ${name(selectionItems.recordId)})
            SELECT ${userId}, ${records.id} FROM ${records}
             WHERE ${records.hssId} = ANY(${textArray(checked)}) AND ${records.publishedVersionId} IS NOT NULL
            ON CONFLICT DO NOTHING`,
      );
    }
  });
}

/** "Select all N results": the search request is stored, not its records. */
export async function selectAllResults(
  userId: number,
  request: SearchRequest,
  total: number,
  db?: Db,
) {
  db ??= await getDb();
  const criteria = selectionCriteria(request);
  const stored = { ...request, from: 0 };
  await db.transaction(async (tx) => {
    await openSelection(tx, userId, criteria);
    await tx.delete(selectionItems).where(eq(selectionItems.userId, userId));
    await tx
      .update(selections)
      .set({ allResults: stored, allCount: total, updatedAt: sql`now()` })
      .where(eq(selections.userId, userId));
  });
}

export async function clearSelection(userId: number, db?: Db) {
  db ??= await getDb();
  await db.delete(selections).where(eq(selections.userId, userId));
}

/** What an export of the selection reads: the chosen records (oldest choice first), or the stored search. */
export async function selectionForExport(
  userId: number,
  db?: Db,
): Promise<
  | { kind: "none" }
  | { kind: "records"; recordIds: number[] }
  | { kind: "all"; request: SearchRequest }
> {
  db ??= await getDb();
  const [row] = await db
    .select({ allResults: selections.allResults })
    .from(selections)
    .where(eq(selections.userId, userId));
  if (!row) return { kind: "none" };
  // all_results holds what selectAllResults stored: a search request.
  if (row.allResults) return { kind: "all", request: row.allResults as SearchRequest };
  const items = await db
    .select({ recordId: selectionItems.recordId })
    .from(selectionItems)
    .innerJoin(records, eq(records.id, selectionItems.recordId))
    .where(and(eq(selectionItems.userId, userId), isNotNull(records.publishedVersionId)))
    .orderBy(asc(selectionItems.addedAt), asc(selectionItems.recordId));
  return items.length
    ? { kind: "records", recordIds: items.map((item) => item.recordId) }
    : { kind: "none" };
}
