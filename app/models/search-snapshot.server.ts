import { createHash, randomUUID } from "node:crypto";
import {
  type FileHandle,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { and, gt, isNotNull, lte, sql } from "drizzle-orm";
import { type Db, schema } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { logError, logInfo } from "~/lib/log.server";
import { SearchIndex } from "~/search/engine";
import type { IndexStore } from "~/search/store";
import { decodeStoreInTurns, encodeStore } from "~/search/snapshot.server";

/**
 * The search index written to disk after it is built, and read back at the next start when it
 * still matches the database (docs/decisions/032-search-index-snapshot.md). It is used only
 * when all of these hold, and the index is built from the database otherwise:
 * - a build with the same indexing code wrote it (a hash of that code and the locked
 *   dependencies, made by vite.config.ts), so the records were indexed the same way;
 * - the database's catalogue version is the snapshot's or later;
 * - the records the catalogue has not changed since the snapshot's version are exactly the
 *   snapshot's: each record id with the id of its published version (versions never change
 *   once written). The records changed since are left to the refresh every search starts
 *   with, which applies every record stamped with a later version, as after a publish.
 * The last check makes the snapshot safe against a database restored from a backup or replaced
 * behind the app's back, whatever its catalogue version says.
 */

const MAGIC = Buffer.from("HSDINDEX");
const FORMAT = 2;
const FILE = "search-index.snapshot";

interface Header {
  format: number;
  /** The build of the app that wrote it. */
  code: string;
  catalogueVersion: number;
  /** How many (record id, published version id) pairs follow the header. */
  records: number;
}

/** What the snapshot is checked against: each published record with its version. */
export interface PublishedPairs {
  recordIds: Int32Array;
  versionIds: Int32Array;
}

/** Set by the production build (vite.config.ts): a hash of the code that decides the index. */
declare const __SEARCH_INDEX_CODE__: string | undefined;

/**
 * The build's fingerprint of the indexing code. Null outside a production build (development,
 * tests of the source), where the code changes under the same names and no snapshot is used.
 */
function codeFingerprint(): string | null {
  if (process.env.NODE_ENV !== "production") return null;
  return typeof __SEARCH_INDEX_CODE__ === "string" ? __SEARCH_INDEX_CODE__ : null;
}

const snapshotFile = () => path.join(env().dataDir, FILE);

/** Whether this build keeps the index on disk between starts (a production build). */
export const snapshotsKept = () => codeFingerprint() !== null;

/** The claim on building and writing the index: one thread (or process) of a data folder at a time. */
const CLAIM_FILE = "search-index.claim";
/** The holder touches its claim this often; one untouched for STALE_MS was left by a death. */
const HEARTBEAT_MS = 2_000;
const STALE_MS = 30_000;
const WAIT_STEP_MS = 200;

export interface IndexClaim {
  release(): Promise<void>;
}

const claimFile = () => path.join(env().dataDir, CLAIM_FILE);

/** Whether a claim was left behind: its process is gone, or it has not been touched for long. */
async function abandoned(file: string) {
  try {
    const [text, info] = await Promise.all([readFile(file, "utf8"), stat(file)]);
    if (Date.now() - info.mtimeMs > STALE_MS) return true;
    const { pid } = JSON.parse(text) as { pid: number };
    if (pid === process.pid) return false;
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "ESRCH";
    }
  } catch {
    // Gone meanwhile, or written only in part (its writer died at once): not held.
    return true;
  }
}

/**
 * Claims building (or writing) the index for the data folder, so that one thread builds while
 * the others wait to read what it writes, rather than every thread building the same index at
 * once. Null when another thread or process holds the claim.
 */
export async function claimIndexWork(): Promise<IndexClaim | null> {
  const file = claimFile();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(
        JSON.stringify({ pid: process.pid, thread: threadId, at: Date.now() }),
      );
      await handle.close();
      const heartbeat = setInterval(() => {
        const now = new Date();
        void utimes(file, now, now).catch(() => {});
      }, HEARTBEAT_MS);
      heartbeat.unref();
      return {
        async release() {
          clearInterval(heartbeat);
          await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return null;
      if (!(await abandoned(file))) return null;
      await rm(file, { force: true });
    }
  }
  return null;
}

/** Waits until no thread or process holds the claim (or its holder is found dead). */
export async function waitForIndexWork() {
  const file = claimFile();
  for (;;) {
    try {
      await stat(file);
    } catch {
      return;
    }
    if (await abandoned(file)) return;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/** Reads `into.length` bytes at `at`, or fails: a short file is a broken one. */
async function readExactly(handle: FileHandle, into: Uint8Array, at: number) {
  const { bytesRead } = await handle.read(into, 0, into.length, at);
  if (bytesRead !== into.length) throw new Error("the snapshot file is shorter than it says");
}

/** The database's published records unchanged since catalogue version `upTo`, in record id order. */
export async function publishedPairs(db: Db, upTo: number): Promise<PublishedPairs> {
  const { records } = schema;
  const rows = await db
    .select({ id: records.id, versionId: records.publishedVersionId })
    .from(records)
    .where(and(isNotNull(records.publishedVersionId), lte(records.catalogueVersion, upTo)))
    .orderBy(records.id);
  const pairs = { recordIds: new Int32Array(rows.length), versionIds: new Int32Array(rows.length) };
  rows.forEach((row, i) => {
    pairs.recordIds[i] = row.id;
    pairs.versionIds[i] = row.versionId ?? 0;
  });
  return pairs;
}

/**
 * One digest of every (record id, published version id) pair, in record id order, as
 * `id:version,id:version,…`: the database makes it of its pairs in one statement (a hundred
 * thousand rows never leave it), and the snapshot's pairs are hashed the same way here.
 */
const pairsDigest = (pairs: PublishedPairs) => {
  const text: string[] = new Array(pairs.recordIds.length);
  for (let i = 0; i < text.length; i++) text[i] = `${pairs.recordIds[i]}:${pairs.versionIds[i]}`;
  return createHash("sha256").update(text.join(",")).digest("hex");
};

/** The digest of the database's published records unchanged since catalogue version `upTo`. */
async function publishedDigest(db: Db, upTo: number) {
  const { records } = schema;
  const [row] = await db
    .select({
      digest: sql<string>`encode(sha256(convert_to(coalesce(string_agg(${records.id}::text || ':' || ${records.publishedVersionId}::text, ',' ORDER BY ${records.id}), ''), 'UTF8')), 'hex')`,
    })
    .from(records)
    .where(and(isNotNull(records.publishedVersionId), lte(records.catalogueVersion, upTo)));
  return row?.digest ?? "";
}

/** The records the catalogue changed after version `since` (published, replaced or withdrawn). */
async function changedSince(db: Db, since: number): Promise<Set<number>> {
  const { records } = schema;
  const rows = await db
    .select({ id: records.id })
    .from(records)
    .where(gt(records.catalogueVersion, since));
  return new Set(rows.map((row) => row.id));
}

/** The pairs but those of the given records. */
function without(pairs: PublishedPairs, changed: Set<number>): PublishedPairs {
  if (changed.size === 0) return pairs;
  const keep: number[] = [];
  for (let i = 0; i < pairs.recordIds.length; i++)
    if (!changed.has(pairs.recordIds[i])) keep.push(i);
  return {
    recordIds: Int32Array.from(keep, (i) => pairs.recordIds[i]),
    versionIds: Int32Array.from(keep, (i) => pairs.versionIds[i]),
  };
}

/** Temporary files of writes that never finished (the process was killed): gone after an hour. */
async function removeAbandonedWrites(folder: string) {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(`${FILE}.`) || !name.endsWith(".tmp")) continue;
    const file = path.join(folder, name);
    const since = await stat(file).then(
      (s) => Date.now() - s.mtimeMs,
      () => 0,
    );
    if (since > 3_600_000) await rm(file, { force: true });
  }
}

/**
 * Writes the index just built, with the records it was built from, to the data folder: to a
 * temporary file first, then renamed over the last one, so that a start never reads half a file.
 */
export async function writeIndexSnapshot(
  index: SearchIndex,
  pairs: PublishedPairs,
): Promise<boolean> {
  const code = codeFingerprint();
  if (!code) return false;
  const started = performance.now();
  const file = snapshotFile();
  // Threads of one process may each write theirs: every writer has a name of its own.
  const temporary = `${file}.${randomUUID()}.tmp`;
  await removeAbandonedWrites(path.dirname(file));
  try {
    const store = encodeStore(index.storeForSnapshot());
    const storeBytes = store.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    const header: Header = {
      format: FORMAT,
      code,
      catalogueVersion: index.version,
      records: pairs.recordIds.length,
    };
    const headerBytes = Buffer.from(JSON.stringify(header));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(headerBytes.length);
    await writeFile(temporary, [
      MAGIC,
      length,
      headerBytes,
      new Uint8Array(
        pairs.recordIds.buffer,
        pairs.recordIds.byteOffset,
        pairs.recordIds.byteLength,
      ),
      new Uint8Array(
        pairs.versionIds.buffer,
        pairs.versionIds.byteOffset,
        pairs.versionIds.byteLength,
      ),
      ...store,
    ]);
    await rename(temporary, file);
    logInfo(
      "search",
      `index snapshot written: ${index.size} records, ${(storeBytes / 1e6).toFixed(1)} MB, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return true;
  } catch (error) {
    await rm(temporary, { force: true });
    logError("search", "index snapshot not written; the next start builds the index", error);
    return false;
  }
}

/** A snapshot file's header, and where the pairs after it start; null if it is not one. */
async function readHeader(handle: FileHandle) {
  const head = Buffer.alloc(MAGIC.length + 4);
  await readExactly(handle, head, 0);
  if (!head.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const headerLength = head.readUInt32LE(MAGIC.length);
  const headerBytes = Buffer.alloc(headerLength);
  await readExactly(handle, headerBytes, head.length);
  const header = JSON.parse(headerBytes.toString()) as Header;
  return { header, pairsAt: head.length + headerLength };
}

/**
 * The catalogue version of the snapshot on disk when this build wrote it (another thread of the
 * process may have written it since this one read it); null when there is none of this build.
 */
export async function snapshotVersionOnDisk(): Promise<number | null> {
  const code = codeFingerprint();
  if (!code) return null;
  let handle: FileHandle;
  try {
    handle = await open(snapshotFile(), "r");
  } catch {
    return null;
  }
  try {
    const read = await readHeader(handle);
    if (!read || read.header.format !== FORMAT || read.header.code !== code) return null;
    return read.header.catalogueVersion;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** A snapshot file whose header and pairs are read, and whose store is being decoded. */
interface OpenedSnapshot {
  header: Header;
  written: PublishedPairs;
  store: Promise<IndexStore>;
  started: number;
}

/** What opening the snapshot found: one to check, a reason not to use it, or none at all. */
export type Opened = { snapshot: OpenedSnapshot } | { skip: string } | null;

/**
 * Opens the snapshot and starts decoding its store, asking nothing of the database: a start
 * calls this before the database is open, so that the decoding (a second of CPU at 100,000
 * records) runs while the database opens in the main thread. readIndexSnapshot then checks it.
 */
export async function openIndexSnapshot(): Promise<Opened> {
  const code = codeFingerprint();
  if (!code) return null;
  const started = performance.now();
  let handle: FileHandle;
  try {
    handle = await open(snapshotFile(), "r");
  } catch {
    return null; // none yet
  }
  let reading = false;
  try {
    const read = await readHeader(handle);
    if (!read) return { skip: "not a snapshot file" };
    const { header, pairsAt } = read;
    if (header.format !== FORMAT || header.code !== code)
      return { skip: "written by another version of the app" };
    const pairBytes = header.records * 4;
    const written = {
      recordIds: new Int32Array(header.records),
      versionIds: new Int32Array(header.records),
    };
    await readExactly(handle, new Uint8Array(written.recordIds.buffer), pairsAt);
    await readExactly(handle, new Uint8Array(written.versionIds.buffer), pairsAt + pairBytes);
    const file = handle;
    const store = (async () => {
      try {
        const storeAt = pairsAt + 2 * pairBytes;
        const { size } = await file.stat();
        // A buffer of its own (not from Node's pool): the store's parts are copied out of it.
        const storeBytes = Buffer.allocUnsafeSlow(size - storeAt);
        await readExactly(file, storeBytes, storeAt);
        return await decodeStoreInTurns(storeBytes);
      } finally {
        await file.close();
      }
    })();
    // Reported where it is awaited; a snapshot found stale is never awaited.
    store.catch(() => {});
    reading = true;
    return { snapshot: { header, written, store, started } };
  } finally {
    if (!reading) await handle.close();
  }
}

/**
 * The index from the snapshot, when there is one that matches the database (see above); null,
 * with the reason logged, when the index must be built instead. `opened` is the snapshot
 * opened ahead (openIndexSnapshot); by default it is opened now.
 */
export async function readIndexSnapshot(
  db: Db,
  catalogueVersion: number,
  options: { answerCache?: number } = {},
  opened?: Promise<Opened>,
): Promise<SearchIndex | null> {
  const skip = (why: string) => {
    logInfo("search", `index snapshot not used: ${why}; building the index`);
    return null;
  };
  try {
    const found = await (opened ?? openIndexSnapshot());
    if (!found) return null;
    if ("skip" in found) return skip(found.skip);
    const { header, written, store, started } = found.snapshot;
    if (header.catalogueVersion > catalogueVersion)
      return skip(
        `the database is behind it (version ${catalogueVersion}, the snapshot's ${header.catalogueVersion})`,
      );
    // The database's check while the store decodes: on the embedded database the check runs
    // in the main thread, on a server in the server.
    const matches = (async () => {
      const changed =
        header.catalogueVersion < catalogueVersion
          ? await changedSince(db, header.catalogueVersion)
          : new Set<number>();
      // Asked first: the database works on it while this thread hashes its own pairs.
      const theirs = publishedDigest(db, header.catalogueVersion);
      const ours = pairsDigest(without(written, changed));
      return { same: ours === (await theirs), changed };
    })();
    // Neither left to fail unheard while the other is awaited.
    const [check, decoded] = await Promise.allSettled([matches, store]);
    if (check.status === "rejected") throw check.reason;
    if (!check.value.same) return skip("its records are not the database's published records");
    if (decoded.status === "rejected") throw decoded.reason;
    const { changed } = check.value;
    const index = new SearchIndex({ ...options, store: decoded.value });
    // The records changed since are applied by the refresh the first search starts with.
    index.version = header.catalogueVersion;
    if (index.size !== header.records) return skip("it holds another number of records");
    logInfo(
      "search",
      `index of ${index.size} records read from its snapshot in ${((performance.now() - started) / 1000).toFixed(1)} s${changed.size ? `; ${changed.size} records changed since, applied next` : ""}`,
    );
    return index;
  } catch (error) {
    logError("search", "index snapshot could not be read; building the index", error);
    return null;
  }
}
