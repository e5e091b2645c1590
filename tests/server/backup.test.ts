import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { describe, expect, it } from "vitest";
import { startServer, stopServer } from "./harness";

const run = promisify(execFile);

/** `npm run <script> -- <file>` with its own DATA_DIR. */
function cli(script: "backup" | "restore", file: string, dataDir: string) {
  return run(process.execPath, ["--import", "tsx", `app/cli/${script}.ts`, file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });
}

/** Row counts of every table, and a few records whole, of an embedded database folder. */
async function contents(pgliteDir: string) {
  const db = await PGlite.create({ dataDir: pgliteDir, extensions: { pg_trgm } });
  try {
    const tables = await db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const result = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM "${name}"`,
      );
      counts[name] = result.rows[0].count;
    }
    const records = await db.query(
      "SELECT hss_id, title, updated_at, catalogue_version FROM records ORDER BY id LIMIT 5",
    );
    const users = await db.query("SELECT email, first_name, password_hash FROM users ORDER BY id");
    return { counts, records: records.rows, users: users.rows };
  } finally {
    await db.close();
  }
}

describe("backup and restore of the embedded database", () => {
  it("backs up while the app serves searches, restores into a new folder, and the copy is the same", async () => {
    const server = await startServer({ demoRecords: 300 });
    // A second app on the same folder is refused before it opens the database.
    const second = await startServer({ dataDir: server.dataDir }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(second).toMatch(/exited \(1\) before listening/);
    // Reads and writes (sign-ins) go on while the backup is taken; the app never stops answering.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "hsd-backup-")), "backup.tar.gz");
    // Three sign-ins before the backup: three sessions it must hold.
    for (let i = 0; i < 3; i++) await server.signIn("member@example.org");
    const before = 3;
    let backingUp = true;
    const statuses: number[] = [];
    const traffic = (async () => {
      while (backingUp) {
        statuses.push((await fetch(`${server.base}/api/health`)).status);
        await server.signIn("member@example.org");
      }
    })();
    const backup = await cli("backup", file, server.dataDir);
    backingUp = false;
    await traffic;
    expect(backup.stdout).toMatch(
      /^Backup written to .*backup\.tar\.gz \(\d+\.\d MB, \d+\.\d s, taken by the running app\)\.$/m,
    );
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // A backup never overwrites a file.
    await expect(cli("backup", file, server.dataDir)).rejects.toMatchObject({
      stderr: expect.stringContaining("already exists"),
    });
    expect(await stopServer(server)).toBe(0);

    const target = mkdtempSync(path.join(os.tmpdir(), "hsd-restored-"));
    const restore = await cli("restore", file, target);
    expect(restore.stdout).toMatch(/records: 300 rows/);
    const original = await contents(path.join(server.dataDir, "pglite"));
    const restored = await contents(path.join(target, "pglite"));
    expect(original.counts.records).toBe(300);
    // The catalogue and the accounts are the same; sessions made during the backup may or may
    // not be in it, but every session made before it is.
    const {
      sessions: restoredSessions,
      rate_limits: _r1,
      user_activity: _a1,
      ...restoredRest
    } = restored.counts;
    const {
      sessions: originalSessions,
      rate_limits: _r2,
      user_activity: _a2,
      ...originalRest
    } = original.counts;
    expect(restoredRest).toEqual(originalRest);
    expect(restoredSessions).toBeGreaterThanOrEqual(before);
    expect(restoredSessions).toBeLessThanOrEqual(originalSessions);
    expect(restored.records).toEqual(original.records);
    expect(restored.users).toEqual(original.users);

    // Restoring over a database is refused, naming the folder.
    await expect(cli("restore", file, target)).rejects.toMatchObject({
      stderr: expect.stringContaining(
        "already holds a database: restore into an empty data folder",
      ),
    });
  }, 120_000);
});
