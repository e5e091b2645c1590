import { and, eq, getTableName, gt, lte } from "drizzle-orm";
import { columnList, type Db, getDb, queryRows, schema, sql } from "~/db/client.server";
import type { HssRecord } from "~/records/schema.server";
import { SearchIndex } from "~/search/engine";
import { env } from "~/lib/env.server";
import { logError, logInfo } from "~/lib/log.server";
import { processState } from "~/lib/process-state.server";
import {
  claimIndexWork,
  type IndexClaim,
  type Opened,
  openIndexSnapshot,
  type PublishedPairs,
  publishedPairs,
  readIndexSnapshot,
  snapshotsKept,
  snapshotVersionOnDisk,
  waitForIndexWork,
  writeIndexSnapshot,
} from "./search-snapshot.server";

/**
 * The search index of this process, derived from PostgreSQL (docs/decisions/010-search-index.md).
 * - Every transaction that publishes or discards takes the next catalogue version under the
 *   version row's lock, so versions commit in order, and stamps the records it changed.
 * - Before answering, the index reads the version (one query); when the database is ahead,
 *   it applies the records stamped since its own version. A publish is thus seen by the
 *   next search of every process against the same database.
 * - The first search (or start-up) builds it from every published record; searches that
 *   arrive meanwhile wait for the whole of it. A production build writes the index it built to
 *   the data folder, and the next start reads it back instead when it still matches the
 *   database (search-snapshot.server.ts). Of the threads that start together, one builds and
 *   the others read what it writes; a clean stop writes the index again when publishing has
 *   moved it on, so that the next start has little to apply.
 */

const BUILD_BATCH = 2_000;
/** More changed records than this at once are taken by building afresh rather than one by one. */
const REBUILD_SHARE = 0.25;

interface Held {
  index: SearchIndex;
  db: Db;
}

// A rebuilt server module in development reuses the index.
const state = processState<{
  building?: Promise<Held>;
  refreshing?: Promise<void>;
  /** The index once built, for readiness checks that must not wait for it. */
  built?: Held;
  /** The catalogue version of the snapshot on disk as this thread last read or wrote it. */
  savedVersion?: number;
  /** The snapshot opened at start-up, before the database was (taken by the first load). */
  opened?: Promise<Opened>;
}>("__hsdSearch", () => ({}));

const { catalogueVersion: versionRow, records, recordVersions } = schema;

/** Takes the next catalogue version inside the caller's transaction (held until it commits). */
export async function nextCatalogueVersion(tx: Db) {
  const [row] = await tx
    .update(versionRow)
    .set({ version: sql`${versionRow.version} + 1` })
    .where(eq(versionRow.id, 1))
    .returning({ version: versionRow.version });
  return row.version;
}

async function catalogueVersion(db: Db) {
  const [row] = await db
    .select({ version: versionRow.version })
    .from(versionRow)
    .where(eq(versionRow.id, 1));
  return row?.version ?? 0;
}

/** Published documents with ids above `afterId`, in id order, as text (parsed here: faster than the driver's jsonb). */
async function publishedBatch(db: Db, afterId: number) {
  return db
    .select({
      id: records.id,
      versionId: recordVersions.id,
      document: sql<string>`${recordVersions.document}::text`,
    })
    .from(records)
    .innerJoin(recordVersions, eq(recordVersions.id, records.publishedVersionId))
    .where(gt(records.id, afterId))
    .orderBy(records.id)
    .limit(BUILD_BATCH);
}

/**
 * The index read back from its snapshot when that still matches the database, brought up to
 * date with what was published since (before any search sees it); or built. When there is no
 * snapshot to read, one thread builds and writes it while the others of the data folder wait
 * and read it: building in every thread at once would take each of them longer than one
 * build and one read.
 */
async function loadOrBuild(db: Db): Promise<Held> {
  const read = async (opened?: Promise<Opened>) =>
    readIndexSnapshot(
      db,
      await catalogueVersion(db),
      { answerCache: env().SEARCH_CACHE_ENTRIES },
      opened,
    );
  const opened = state.opened;
  state.opened = undefined;
  let snapshot = await read(opened);
  if (!snapshot && snapshotsKept()) {
    const claim = await claimIndexWork();
    // Another thread may have written it between the read above and the claim.
    if (claim) snapshot = await read();
    if (claim && !snapshot) return build(db, claim);
    if (claim) await claim.release();
    else {
      logInfo("search", "another thread is building the index: reading it once written");
      await waitForIndexWork();
      snapshot = await read();
    }
  }
  if (!snapshot) return build(db);
  state.savedVersion = snapshot.version;
  const held: Held = { index: snapshot, db };
  await refresh(held);
  return held;
}

/** Builds the index from the database, then writes its snapshot and lets go of `claim`. */
async function build(db: Db, claim?: IndexClaim): Promise<Held> {
  const started = performance.now();
  const index = new SearchIndex({ answerCache: env().SEARCH_CACHE_ENTRIES });
  // Read the version first: anything published after it is applied again by the next refresh.
  index.version = await catalogueVersion(db);
  const recordIds: number[] = [];
  const versionIds: number[] = [];
  let batch = await publishedBatch(db, 0);
  while (batch.length) {
    // The next batch is asked for before this one is indexed (a PostgreSQL server works meanwhile).
    const next = publishedBatch(db, batch[batch.length - 1].id);
    index.upsert(
      batch.map((row) => {
        recordIds.push(row.id);
        versionIds.push(row.versionId);
        return { recordId: row.id, doc: JSON.parse(row.document) as HssRecord };
      }),
      { bulk: true },
    );
    batch = await next;
  }
  index.freeze();
  const pairs: PublishedPairs = {
    recordIds: Int32Array.from(recordIds),
    versionIds: Int32Array.from(versionIds),
  };
  // After the answer, so that the first searches do not wait for the file; unless a refresh has
  // changed the index meanwhile (it is then no longer what `pairs` describe).
  const { version, ordinals } = index.stats();
  setImmediate(async () => {
    const now = index.stats();
    try {
      if (now.version === version && now.ordinals === ordinals) {
        if (await writeIndexSnapshot(index, pairs)) state.savedVersion = version;
      }
    } finally {
      await claim?.release();
    }
  });
  if (index.size >= 10_000) {
    logInfo(
      "search",
      `index of ${index.size} records built in ${((performance.now() - started) / 1000).toFixed(
        1,
      )} s`,
    );
  }
  return { index, db };
}

async function refresh(held: Held) {
  const target = await catalogueVersion(held.db);
  if (target <= held.index.version) return;
  const changedSince = (since: number) =>
    and(gt(records.catalogueVersion, since), lte(records.catalogueVersion, target));
  const [changed] = await held.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(records)
    .where(changedSince(held.index.version));
  if (changed.count > Math.max(5_000, held.index.size * REBUILD_SHARE)) {
    const fresh = await build(held.db);
    held.index = fresh.index;
    return;
  }
  let lastId = 0;
  for (;;) {
    // Versions up to `target` have all committed (they are taken in order under a row lock).
    const rows = await held.db
      .select({ id: records.id, document: recordVersions.document })
      .from(records)
      .leftJoin(recordVersions, eq(recordVersions.id, records.publishedVersionId))
      .where(and(changedSince(held.index.version), gt(records.id, lastId)))
      .orderBy(records.id)
      .limit(BUILD_BATCH);
    if (!rows.length) break;
    // A record with a published version is (re)indexed; one without is taken out.
    const published: Array<{ recordId: number; doc: HssRecord }> = [];
    const withdrawn: number[] = [];
    for (const row of rows) {
      // The document of a published version is a valid record (checked when it was imported).
      if (row.document) published.push({ recordId: row.id, doc: row.document as HssRecord });
      else withdrawn.push(row.id);
    }
    held.index.upsert(published);
    held.index.remove(withdrawn);
    lastId = rows[rows.length - 1].id;
  }
  held.index.version = target;
}

/**
 * Opens the index's snapshot and starts decoding it, before the database is open (a start's
 * first step): the first load checks it against the database and uses it, or builds.
 */
export function openSearchIndexEarly() {
  if (snapshotsKept()) state.opened ??= openIndexSnapshot();
}

/**
 * Starts building (or reading back) the index now, at server start-up, rather than on the first
 * search; settles once it is in, or has failed and will be tried again on the next search.
 */
export function warmSearchIndex(): Promise<void> {
  return held().then(
    () => {},
    (error) => logError("search", "index not built; tried again on the next search", error),
  );
}

function held(db?: Db): Promise<Held> {
  if (!state.building) {
    const attempt = (async () => loadOrBuild(db ?? (await getDb())))();
    state.building = attempt;
    state.built = undefined;
    void attempt.then(
      (done) => {
        if (state.building === attempt) state.built = done;
      },
      () => {},
    );
    // A failed build is not kept: the next search tries again.
    attempt.catch(() => {
      if (state.building === attempt) state.building = undefined;
    });
  }
  return state.building;
}

/**
 * The catalogue version as a column, for a statement the request makes anyway (the session
 * read, see root.tsx): a search given it need not ask the database again.
 */
export const catalogueVersionColumn = sql<number>`(SELECT ${versionRow.version}::int FROM ${versionRow} WHERE ${versionRow.id} = 1)`;

/**
 * The index, up to date with the database's catalogue version. `knownVersion`, when given, is
 * that version as this request read it: an index already there answers without a query.
 */
export async function searchIndex(knownVersion?: number | null): Promise<SearchIndex> {
  const current = await held();
  if (
    typeof knownVersion === "number" &&
    state.refreshing === undefined &&
    current.index.version >= knownVersion
  ) {
    return current.index;
  }
  // One refresh at a time; a search arriving during one waits for it, then checks again.
  while (state.refreshing !== undefined) await state.refreshing;
  const refreshing = refresh(current);
  state.refreshing = refreshing;
  try {
    await refreshing;
  } finally {
    if (state.refreshing === refreshing) state.refreshing = undefined;
  }
  return current.index;
}

/**
 * At a clean stop: writes the index again when it has moved on from the snapshot on disk (records
 * published since), so that the next start reads it rather than applying them all. It is first
 * brought up to the database's version, and written only if nothing is published meanwhile;
 * of the threads that stop together, one writes.
 */
export async function writeSearchIndexOnStop() {
  const held = state.built;
  if (!held || !snapshotsKept()) return;
  const claim = await claimIndexWork();
  if (!claim) return;
  try {
    await searchIndex();
    const { index, db } = held;
    if (state.savedVersion !== undefined && index.version <= state.savedVersion) return;
    // Another thread may have written it at this version while stopping just before this one.
    const onDisk = await snapshotVersionOnDisk();
    if (onDisk !== null && index.version <= onDisk) return;
    const pairs = await publishedPairs(db, index.version);
    if ((await catalogueVersion(db)) !== index.version || pairs.recordIds.length !== index.size)
      return;
    if (await writeIndexSnapshot(index, pairs)) state.savedVersion = index.version;
  } finally {
    await claim.release();
  }
}

/** Forgets the index (tests that replace the database). */
export function dropSearchIndex() {
  state.building = undefined;
  state.built = undefined;
}

/** Whether the index is built, without waiting for it: its size and catalogue version if so. */
export function searchIndexStatus():
  | { built: false }
  | { built: true; records: number; version: number } {
  const held = state.built;
  return held
    ? { built: true, records: held.index.size, version: held.index.version }
    : { built: false };
}

/** What a search result shows of a record besides its title, status and date (records.card). */
export interface ResultCard {
  substanceName: string;
  companies: string[];
  indication: string;
  summary: string | null;
  euStatus: string;
  fdaStatus: string | null;
}

export function resultCard(doc: HssRecord): ResultCard {
  return {
    substanceName: doc.activeCompound.substanceName,
    companies: doc.organisations.map((organisation) => organisation.name),
    indication: doc.estimatedIndication.indication,
    summary: doc.analysis.summary ?? null,
    euStatus: doc.regulatoryInformation.ema.status,
    fdaStatus: doc.regulatoryInformation.fda.status ?? null,
  };
}

export interface PublishedRow {
  recordId: number;
  versionId: number;
  doc: HssRecord;
  at: Date;
}

/** The narrow columns of a published version that lists read (records' own columns). */
function publishedColumns(doc: HssRecord) {
  return {
    title: doc.title,
    status: doc.recordStatus,
    updated: doc.lastUpdated,
    card: JSON.stringify(resultCard(doc)),
  };
}

export interface NewPublishedRecord {
  hssId: string;
  doc: HssRecord;
  /** When it was published. */
  at: Date;
}

/**
 * Writes new records already published: each record's row, with its narrow columns and the
 * catalogue version, and its first version, in one statement. The ids are drawn first so
 * that each row can name the other; an import of new records, most of a large one, then
 * writes each record once instead of inserting it and updating it.
 */
export async function insertPublishedRecords(
  db: Db,
  rows: NewPublishedRecord[],
  options: { version: number; importId: number | null; createdAt: Date },
): Promise<{ hssId: string; recordId: number; versionId: number }[]> {
  if (!rows.length) return [];
  const input = rows.map((row) => ({
    hss: row.hssId,
    document: row.doc,
    at: row.at.toISOString(),
    ...publishedColumns(row.doc),
  }));
  const r = records;
  const v = schema.recordVersions;
  const sequence = (column: typeof r.id | typeof v.id) =>
    sql`nextval(pg_get_serial_sequence(${getTableName(column.table)}, ${column.name}))::int`;
  return queryRows<{ hssId: string; recordId: number; versionId: number }>(
    db,
    sql`
    WITH x AS MATERIALIZED (
      SELECT x.*, ${sequence(r.id)} AS rid, ${sequence(v.id)} AS vid
        FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          AS x(hss text, document jsonb, at timestamptz, title text, status text, updated text,
               card text)
    ), created AS (
      INSERT INTO ${r} ${columnList(r.id, r.hssId, r.publishedVersionId, r.title, r.recordStatus, r.lastUpdated, r.catalogueVersion, r.card, r.createdAt, r.updatedAt)}
      SELECT x.rid, x.hss, x.vid, x.title, x.status, x.updated::date, ${options.version}::bigint,
             x.card, ${options.createdAt.toISOString()}::timestamptz, x.at
        FROM x
    ), versions AS (
      INSERT INTO ${v} ${columnList(v.id, v.recordId, v.version, v.state, v.document, v.importId, v.createdAt, v.publishedAt)}
      SELECT x.vid, x.rid, 1, 'published', x.document, ${options.importId}::int, x.at, x.at
        FROM x
    )
    SELECT x.hss AS "hssId", x.rid AS "recordId", x.vid AS "versionId" FROM x`,
  );
}

/**
 * Makes versions their records' published ones: the narrow columns that lists read, and the
 * catalogue version (taken once per transaction with nextCatalogueVersion) that tells every
 * search index to read the record again.
 */
export async function markPublished(db: Db, published: PublishedRow[], version: number) {
  if (!published.length) return;
  const rows = published.map((row) => ({
    record_id: row.recordId,
    version_id: row.versionId,
    at: row.at.toISOString(),
    ...publishedColumns(row.doc),
  }));
  await db
    .update(records)
    .set({
      publishedVersionId: sql`x.version_id`,
      title: sql`x.title`,
      recordStatus: sql`x.status`,
      lastUpdated: sql`x.updated::date`,
      updatedAt: sql`x.at`,
      catalogueVersion: version,
      card: sql`x.card`,
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(record_id int, version_id int, title text, status text, updated text, at timestamptz, card text)`,
    )
    .where(sql`${records.id} = x.record_id`);
}
