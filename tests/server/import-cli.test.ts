import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, it } from "vitest";
import { generateRecord } from "~/records/generate";

const run = promisify(execFile);
const COUNT = 2_400; // three batches of 1,000: a batch is written while the next is checked

/** `npm run import -- <file>` on its own embedded database, which opens in its own thread. */
function importFile(file: string, dataDir: string) {
  return run(process.execPath, ["--import", "tsx", "app/cli/import-records.ts", file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
}

function writeLines(file: string, docs: unknown[]) {
  writeFileSync(file, `${docs.map((doc) => JSON.stringify(doc)).join("\n")}\n`);
  return file;
}

/** What the database folder holds, read after the command has closed it. */
async function contents(dataDir: string, hssId: string) {
  const db = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    extensions: { pg_trgm },
  });
  try {
    const count = async (sql: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)).rows[0].n;
    return {
      records: await count("records"),
      published: await count("record_versions WHERE state = 'published'"),
      superseded: await count("record_versions WHERE state = 'superseded'"),
      changes: await count("record_changes"),
      // Every record's published version is its own, and its list columns are the version's.
      mismatched: await count(`records r JOIN record_versions v ON v.id = r.published_version_id
        WHERE v.record_id <> r.id OR v.state <> 'published' OR r.title <> v.document->>'title'
           OR r.record_status <> v.document->>'recordStatus'
           OR r.last_updated::text <> v.document->>'lastUpdated'
           OR (r.card::jsonb)->>'substanceName' <> v.document#>>'{activeCompound,substanceName}'
           OR r.catalogue_version < 1`),
      unpublished: await count("records WHERE published_version_id IS NULL"),
      title: (
        await db.query<{ title: string }>("SELECT title FROM records WHERE hss_id = $1", [hssId])
      ).rows[0]?.title,
    };
  } finally {
    await db.close();
  }
}

describe("the import command", () => {
  it("imports new records whole, re-imports nothing, rejects a bad file whole, and logs changes", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "hsd-import-cli-"));
    const docs = Array.from({ length: COUNT }, (_, index) =>
      generateRecord(index, { catalogueSize: COUNT }),
    );
    const file = writeLines(path.join(dataDir, "catalogue.jsonl"), docs);

    const first = await importFile(file, dataDir);
    expect(first.stdout).toMatch(
      new RegExp(
        `Imported ${COUNT} item\\(s\\) from catalogue\\.jsonl in [\\d.]+ s: ${COUNT} new, 0 changed, 0 unchanged`,
      ),
    );
    let db = await contents(dataDir, docs[3].hssId);
    expect([db.records, db.published, db.mismatched, db.unpublished]).toEqual([COUNT, COUNT, 0, 0]);

    const again = await importFile(file, dataDir);
    expect(again.stdout).toContain(`0 new, 0 changed, ${COUNT} unchanged; 0 change-log entries.`);

    // Two records changed, in the first and second batches, a new one, and an error after two
    // batches have been written: nothing of it is kept.
    const changed = docs.map((doc) => ({ ...doc }));
    changed[3] = { ...changed[3], title: "A changed title" };
    changed[1500] = { ...changed[1500], title: "Another changed title" };
    const added = generateRecord(COUNT, { catalogueSize: COUNT + 1 });
    const broken = [...changed, { ...added, recordStatus: "Not a status" }];
    const rejected = await importFile(
      writeLines(path.join(dataDir, "broken.jsonl"), broken),
      dataDir,
    ).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(rejected?.code).toBe(1);
    expect(rejected?.stderr).toMatch(/The file was rejected: 1 error\(s\) in 2401 item\(s\)\./);
    expect(rejected?.stderr).toMatch(/item 2401, line 2401, hssId .+: recordStatus /);
    db = await contents(dataDir, docs[3].hssId);
    expect([db.records, db.published, db.superseded, db.changes]).toEqual([COUNT, COUNT, 0, 0]);
    expect(db.title).toBe(docs[3].title);

    const fixed = await importFile(
      writeLines(path.join(dataDir, "fixed.jsonl"), [...changed, added]),
      dataDir,
    );
    expect(fixed.stdout).toMatch(
      /: 1 new, 2 changed, 2398 unchanged; [1-9]\d* change-log entries\./,
    );
    db = await contents(dataDir, docs[3].hssId);
    expect([db.records, db.published, db.superseded, db.mismatched, db.unpublished]).toEqual([
      COUNT + 1,
      COUNT + 1,
      2,
      0,
      0,
    ]);
    expect(db.changes).toBeGreaterThan(0);
    expect(db.title).toBe("A changed title");
  }, 180_000);
});
