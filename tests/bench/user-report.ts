/**
 * npm run bench:user-report [-- --users 2000 --activities 500000]
 *
 * Times the user list and the user report on a fresh embedded database filled
 * with generated users and activity spread over 90 days: median and slowest of 15 runs.
 * No target is set for these pages; the figures show where the report's cost grows.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "2000" },
    activities: { type: "string", default: "500000" },
  },
});
const users = Number(values.users);
const activities = Number(values.activities);

const work = mkdtempSync(path.join(os.tmpdir(), "hsd-bench-users-"));
process.env.DATA_DIR = work;
process.env.DEMO = "0";
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET = "bench-only-session-secret-of-32-characters";
delete process.env.DATABASE_URL;

const { sql } = await import("drizzle-orm");
const { closeDb, getDb } = await import("~/db/client.server");
const { listUsers, readReportQuery, readUserListQuery, userReport } = await import(
  "~/models/user-admin.server"
);

try {
  const db = await getDb();
  const started = performance.now();
  await db.execute(sql`INSERT INTO users (email, first_name, last_name, password_hash, last_sign_in_at)
    SELECT 'user' || g || '@example.org', 'First' || g, 'Last' || g, 'x', now() - (g % 30) * interval '1 day'
      FROM generate_series(1, ${users}) g`);
  await db.execute(sql`INSERT INTO user_activity (user_id, activity_type, activity_value, created_at)
    SELECT (SELECT min(id) FROM users) + (g % ${users}), (ARRAY['signin', 'search', 'view', 'export'])[1 + g % 4], 'v',
           now() - (g % 90) * interval '1 day'
      FROM generate_series(1, ${activities}) g`);
  await db.execute(sql`VACUUM ANALYZE`);
  console.log(
    `${users.toLocaleString("en-GB")} users, ${activities.toLocaleString("en-GB")} activities over 90 days, made in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const time = async (label: string, run: () => Promise<unknown>) => {
    const runs: number[] = [];
    for (let i = 0; i < 15; i++) {
      const start = performance.now();
      await run();
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(48)} median ${runs[7].toFixed(1).padStart(7)} ms   slowest ${runs[14].toFixed(1).padStart(7)} ms`,
    );
  };
  const params = (query: string) => new URLSearchParams(query);
  const from90 = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  await time("user list, page 1, by name", () => listUsers(readUserListQuery(params(""))));
  await time("user list, page 40, by last sign-in (desc)", () =>
    listUsers(readUserListQuery(params("orderBy=lastSignIn&sortOrder=desc&page=40"))),
  );
  await time("user list, name or email contains '123'", () =>
    listUsers(readUserListQuery(params("q=123"))),
  );
  await time("report, last 30 days, page 1", () => userReport(readReportQuery(params("")).query));
  await time("report, 90 days, by record views (desc)", () =>
    userReport(readReportQuery(params(`from=${from90}&orderBy=views&sortOrder=desc`)).query),
  );
  await time("report CSV rows, last 30 days, every user", () =>
    userReport(readReportQuery(params("")).query, { all: true }),
  );
} finally {
  await closeDb();
  rmSync(work, { recursive: true, force: true });
}
