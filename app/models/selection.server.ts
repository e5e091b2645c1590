import { sql } from "drizzle-orm";
import { type Db, getDb, queryRows, textArray } from "~/db/client.server";
import { PAGE_SIZE, type SearchRequest, toSearchParams } from "~/search/request";

/**
 * The user's selection of search results, kept in the database (decision 007): it survives
 * paging, reloads and browsers without scripts or storage. A selection is either a list of
 * records or, after "Select all N results", the search request itself. It belongs to the
 * criteria of the search it was made in; a search with other criteria clears it.
 */

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

export const EMPTY_SELECTION: SelectionState = { count: 0, all: false, selectedHssIds: [] };

/** Clears the user's selection when it was made in a search with other criteria. */
export async function keepSelectionFor(userId: number, criteria: string, db?: Db) {
  db ??= await getDb();
  await db.execute(
    sql`DELETE FROM selections WHERE user_id = ${userId} AND criteria <> ${criteria}`,
  );
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
      : sql`WITH cleared AS (DELETE FROM selections WHERE user_id = ${userId} AND criteria <> ${criteria}) `;
  const ofCriteria = criteria === null ? sql`` : sql` AND s.criteria = ${criteria}`;
  const [row] = await queryRows<{ all_count: number | null; items: number; on_page: string[] }>(
    db,
    sql`${clear}SELECT s.all_count,
               (SELECT count(*)::int FROM selection_items i WHERE i.user_id = s.user_id) AS items,
               ARRAY(SELECT r.hss_id FROM selection_items i JOIN records r ON r.id = i.record_id
                      WHERE i.user_id = s.user_id AND r.hss_id = ANY(${textArray(hssIds)})) AS on_page
          FROM selections s WHERE s.user_id = ${userId}${ofCriteria}`,
  );
  if (!row) return EMPTY_SELECTION;
  if (row.all_count !== null) return { count: row.all_count, all: true, selectedHssIds: hssIds };
  return { count: row.items, all: false, selectedHssIds: row.on_page };
}

/** Opens (or keeps) the selection of this search; one of other criteria is replaced. */
async function openSelection(db: Db, userId: number, criteria: string) {
  await keepSelectionFor(userId, criteria, db);
  await db.execute(
    sql`INSERT INTO selections (user_id, criteria) VALUES (${userId}, ${criteria})
        ON CONFLICT (user_id) DO UPDATE SET updated_at = now()`,
  );
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
    await tx.execute(
      sql`UPDATE selections SET all_results = NULL, all_count = NULL WHERE user_id = ${userId} AND all_count IS NOT NULL`,
    );
    const unticked = shown.filter((hssId) => !checked.includes(hssId));
    if (unticked.length) {
      await tx.execute(
        sql`DELETE FROM selection_items i USING records r
             WHERE i.user_id = ${userId} AND r.id = i.record_id AND r.hss_id = ANY(${textArray(unticked)})`,
      );
    }
    if (checked.length) {
      await tx.execute(
        sql`INSERT INTO selection_items (user_id, record_id)
            SELECT ${userId}, r.id FROM records r
             WHERE r.hss_id = ANY(${textArray(checked)}) AND r.published_version_id IS NOT NULL
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
    await tx.execute(sql`DELETE FROM selection_items WHERE user_id = ${userId}`);
    await tx.execute(
      sql`UPDATE selections SET all_results = ${JSON.stringify(stored)}::jsonb, all_count = ${total}, updated_at = now() WHERE user_id = ${userId}`,
    );
  });
}

export async function clearSelection(userId: number, db?: Db) {
  db ??= await getDb();
  await db.execute(sql`DELETE FROM selections WHERE user_id = ${userId}`);
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
  const [row] = await queryRows<{ all_results: SearchRequest | null }>(
    db,
    sql`SELECT all_results FROM selections WHERE user_id = ${userId}`,
  );
  if (!row) return { kind: "none" };
  if (row.all_results) return { kind: "all", request: row.all_results };
  const items = await queryRows<{ record_id: number }>(
    db,
    sql`SELECT i.record_id FROM selection_items i JOIN records r ON r.id = i.record_id
         WHERE i.user_id = ${userId} AND r.published_version_id IS NOT NULL
         ORDER BY i.added_at, i.record_id`,
  );
  return items.length
    ? { kind: "records", recordIds: items.map((item) => item.record_id) }
    : { kind: "none" };
}
