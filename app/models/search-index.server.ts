import { type Db, queryRows, sql } from "~/db/client.server";
import type { HssRecord } from "~/records/schema.server";
import { FILTERS, FILTERS_BY_ID, isCounted } from "~/search/filters";
import { indexRecord } from "~/search/index-record";

/**
 * The derived search data of published records: the narrow columns and weighted
 * tsvector of `records`, the filter-value id arrays of `record_index`, the dates of
 * `record_dates`, and the per-value record counts of `filter_values` (the facet counts of
 * the whole catalogue). All of it is rewritten whenever a version is published.
 */

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
/** A Postgres array literal of integers, passed as one parameter. */
const intArray = (values: number[]) => sql`${`{${values.join(",")}}`}::int[]`;

/**
 * Filter-value ids already known within one transaction: most values repeat across
 * records, so after the first batches nearly every lookup is answered here.
 */
export type ValueIds = Map<string, number>;

const valueKey = (filterId: string, value: string) => `${filterId}\u0000${value}`;
const COUNTED = JSON.stringify(FILTERS.filter(isCounted).map((filter) => filter.id));

async function valueIdsFor(db: Db, pairs: Array<[string, string]>, known: ValueIds) {
  const missing = new Map<string, [string, string]>();
  for (const [filterId, value] of pairs) {
    const key = valueKey(filterId, value);
    if (!known.has(key)) missing.set(key, [filterId, value]);
  }
  if (missing.size) {
    const param = jsonb([...missing.values()]);
    const created = await queryRows<{ id: number; filter_id: string; value: string }>(
      db,
      sql`INSERT INTO filter_values (filter_id, value)
          SELECT v->>0, v->>1 FROM jsonb_array_elements(${param}) v
          ON CONFLICT DO NOTHING
          RETURNING id, filter_id, value`,
    );
    for (const row of created) known.set(valueKey(row.filter_id, row.value), row.id);
    if (created.length < missing.size) {
      // Values other imports wrote before: look them up.
      const rows = await queryRows<{ id: number; filter_id: string; value: string }>(
        db,
        sql`SELECT fv.id, fv.filter_id, fv.value FROM jsonb_array_elements(${param}) v
              JOIN filter_values fv ON fv.filter_id = v->>0 AND fv.value = v->>1`,
      );
      for (const row of rows) known.set(valueKey(row.filter_id, row.value), row.id);
    }
  }
  return (filterId: string, value: string) => known.get(valueKey(filterId, value))!;
}

export interface PublishedRow {
  recordId: number;
  versionId: number;
  doc: HssRecord;
  at: Date;
  /** False when the record had no published version before: nothing to replace. */
  hadPublished?: boolean;
}

/** Makes the published version the record's current one: narrow columns, search vector, filter rows and counts. */
export async function refreshPublished(db: Db, published: PublishedRow[], known: ValueIds = new Map()) {
  if (!published.length) return;
  const rows = published.map((row) => ({ ...row, index: indexRecord(row.doc) }));
  const idOf = await valueIdsFor(
    db,
    rows.flatMap((row) => row.index.values),
    known,
  );
  const counts = new Map<number, number>();
  const ids = rows.map((row) => {
    const valueIds: number[] = [];
    const facetIds: number[] = [];
    for (const [filterId, value] of row.index.values) {
      const id = idOf(filterId, value);
      const filter = FILTERS_BY_ID.get(filterId)!;
      valueIds.push(id);
      if (filter.facet) facetIds.push(id);
      if (isCounted(filter)) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return { valueIds: `{${valueIds.join(",")}}`, facetIds: `{${facetIds.join(",")}}` };
  });

  await db.execute(sql`
    UPDATE records r
       SET published_version_id = x.version_id, title = x.title, record_status = x.record_status,
           last_updated = x.last_updated::date, updated_at = x.at, value_ids = x.value_ids,
           search_vector = setweight(to_tsvector('english'::regconfig, x.a), 'A')
                        || setweight(to_tsvector('english'::regconfig, x.b), 'B')
                        || setweight(to_tsvector('english'::regconfig, x.c), 'C')
      FROM jsonb_to_recordset(${jsonb(
        rows.map((row, index) => ({
          record_id: row.recordId,
          version_id: row.versionId,
          title: row.doc.title,
          record_status: row.doc.recordStatus,
          last_updated: row.doc.lastUpdated,
          at: row.at.toISOString(),
          value_ids: ids[index].valueIds,
          a: row.index.text.a,
          b: row.index.text.b,
          c: row.index.text.c,
        })),
      )}) AS x(record_id int, version_id int, title text, record_status text, last_updated text, at timestamptz, value_ids int[], a text, b text, c text)
     WHERE r.id = x.record_id`);

  // A record published for the first time has no derived rows to replace.
  const replaced = rows.filter((row) => row.hadPublished !== false).map((row) => row.recordId);
  if (replaced.length) {
    await db.execute(sql`
      UPDATE filter_values fv SET record_count = fv.record_count - c.n
        FROM (SELECT v, count(*)::int AS n FROM record_index ri, unnest(ri.value_ids) v
               WHERE ri.record_id = ANY(${intArray(replaced)}) GROUP BY v) c
       WHERE fv.id = c.v AND fv.filter_id IN (SELECT jsonb_array_elements_text(${COUNTED}::jsonb))`);
    await db.execute(sql`DELETE FROM record_index WHERE record_id = ANY(${intArray(replaced)})`);
    await db.execute(sql`DELETE FROM record_dates WHERE record_id = ANY(${intArray(replaced)})`);
  }

  await db.execute(sql`
    INSERT INTO record_index (record_id, value_ids, facet_ids)
    SELECT x.record_id, x.value_ids, x.facet_ids
      FROM jsonb_to_recordset(${jsonb(rows.map((row, index) => ({ record_id: row.recordId, value_ids: ids[index].valueIds, facet_ids: ids[index].facetIds })))})
        AS x(record_id int, value_ids int[], facet_ids int[])`);
  if (counts.size) {
    await db.execute(sql`
      UPDATE filter_values fv SET record_count = fv.record_count + c.n
        FROM unnest(${intArray([...counts.keys()])}, ${intArray([...counts.values()])}) AS c(id, n)
       WHERE fv.id = c.id`);
  }

  const dates = rows.flatMap((row) => row.index.dates.map(([filterId, eventName, date]) => [row.recordId, filterId, eventName, date]));
  if (dates.length) {
    await db.execute(sql`
      INSERT INTO record_dates (record_id, filter_id, event_name, date)
      SELECT (d->>0)::int, d->>1, d->>2, (d->>3)::date FROM jsonb_array_elements(${jsonb(dates)}) d`);
  }
}

/**
 * What the derived rows were built from. When the registry changes (a filter added, a
 * facet turned on), every published record is indexed again at start-up.
 */
export const SEARCH_INDEX_VERSION = `4:${FILTERS.map((filter) => `${filter.id}/${filter.type}/${filter.facet ? 1 : 0}`).join(",")}`;
const INDEX_VERSION_KEY = "search_index_version";
const REINDEX_LOCK = 727_102;
const BATCH = 500;

/** Rebuilds the derived rows of every published record (in one transaction). */
export async function reindexAll(db: Db) {
  return db.transaction((tx) => rebuild(tx as unknown as Db));
}

async function rebuild(txDb: Db) {
  {
    await txDb.execute(sql`TRUNCATE record_index, record_dates`);
    await txDb.execute(sql`TRUNCATE filter_values RESTART IDENTITY`);
    const known: ValueIds = new Map();
    let lastId = 0;
    let total = 0;
    for (;;) {
      const batch = await queryRows<{ record_id: number; version_id: number; document: HssRecord; updated_at: string }>(
        txDb,
        sql`SELECT r.id AS record_id, v.id AS version_id, v.document, r.updated_at
              FROM records r JOIN record_versions v ON v.id = r.published_version_id
             WHERE r.id > ${lastId} ORDER BY r.id LIMIT ${BATCH}`,
      );
      if (!batch.length) break;
      await refreshPublished(
        txDb,
        batch.map((row) => ({
          recordId: row.record_id,
          versionId: row.version_id,
          doc: row.document,
          at: new Date(row.updated_at),
          hadPublished: false,
        })),
        known,
      );
      lastId = batch[batch.length - 1].record_id;
      total += batch.length;
    }
    await markIndexCurrent(txDb);
    return total;
  }
}

async function markIndexCurrent(db: Db) {
  await db.execute(sql`
    INSERT INTO app_meta (key, value) VALUES (${INDEX_VERSION_KEY}, ${jsonb(SEARCH_INDEX_VERSION)})
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`);
}

/** The start-up hook: index again when the registry has changed since the rows were written. */
export async function ensureSearchIndexCurrent(db: Db) {
  const [current] = await queryRows<{ value: string }>(db, sql`SELECT value FROM app_meta WHERE key = ${INDEX_VERSION_KEY}`);
  if (current?.value === SEARCH_INDEX_VERSION) return;
  const [records] = await queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM records WHERE published_version_id IS NOT NULL`);
  if (records.count === 0) {
    await markIndexCurrent(db);
    return;
  }
  // Several app processes may start at once against one server: one of them reindexes.
  const started = performance.now();
  const count = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await txDb.execute(sql`SELECT pg_advisory_xact_lock(${REINDEX_LOCK})`);
    const [again] = await queryRows<{ value: string }>(txDb, sql`SELECT value FROM app_meta WHERE key = ${INDEX_VERSION_KEY}`);
    return again?.value === SEARCH_INDEX_VERSION ? null : rebuild(txDb);
  });
  if (count !== null) {
    console.log(`[search] indexed ${count} published records again for the current filter registry in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
