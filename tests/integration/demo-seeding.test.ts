import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Db, getDb, getEngine, schema } from "~/db/client.server";
import { DEMO_PASSWORD } from "~/demo/accounts";
import { activeDemoAccounts, seedDemoOnStartup } from "~/models/demo-seed.server";
import { resetEnvForTesting } from "~/lib/env.server";
import { getSiteSettings } from "~/models/settings.server";
import { twoStepRequired } from "~/models/two-step.server";
import { verifyLogin } from "~/models/users.server";

// The start-up hook as each kind of server runs it (seeding takes a while: 60 s each). The file's own embedded database starts
// empty; on a shared PostgreSQL server other files may have seeded it, so the checks compare
// before and after.

const NAMES = ["NODE_ENV", "DEMO", "DEMO_RECORDS", "DEMO_ALERTS", "SESSION_SECRET"] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

function runAs(values: Partial<Record<(typeof NAMES)[number], string>>) {
  const variables = process.env as Record<string, string | undefined>;
  for (const name of NAMES) {
    const value = name in values ? values[name] : saved[name];
    if (value === undefined) delete variables[name];
    else variables[name] = value;
  }
  // Generated records are not what these tests are about.
  process.env.DEMO_RECORDS = "0";
  resetEnvForTesting();
}

afterEach(() => runAs({}));
// Opening and migrating the database is not what the tests time.
beforeAll(() => getDb());

async function counts(db: Db) {
  const [users] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.users);
  const [faqs] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.faqs);
  return { users: users.count, faqs: faqs.count, demo: await activeDemoAccounts(db) };
}

describe("demo data at start-up", () => {
  it("is not created by a production server that was not asked for it, even on an empty store", async () => {
    const db = await getDb();
    const engine = await getEngine();
    const before = await counts(db);
    if (engine === "pglite") expect(before.users).toBe(0);
    runAs({ NODE_ENV: "production", DEMO: undefined, SESSION_SECRET: "s".repeat(32) });
    await seedDemoOnStartup(db, engine);
    expect(await counts(db)).toEqual(before);
    if (engine === "pglite")
      expect(await verifyLogin("admin@example.org", DEMO_PASSWORD)).toBeNull();
  });

  it("is created in development on an empty embedded store, with two-step sign-in still required of staff", {
    timeout: 60_000,
  }, async () => {
    const db = await getDb();
    const engine = await getEngine();
    runAs({ NODE_ENV: "development", DEMO: undefined, DEMO_ALERTS: "0" });
    await seedDemoOnStartup(db, engine);
    if (engine !== "pglite") return; // unasked, never on a server
    const after = await counts(db);
    expect(after.demo).toHaveLength(5);
    expect(after.faqs).toBeGreaterThan(0);
    // Seeding leaves the new store's setting alone: only an admin turns it off.
    const settings = await getSiteSettings();
    expect(settings.requireStaffTwoStep).toBe(true);
    const admin = await verifyLogin("admin@example.org", DEMO_PASSWORD);
    expect(admin?.roles).toEqual(["admin"]);
    expect(twoStepRequired(admin ?? { roles: [] }, settings)).toBe(true);
  });

  it("is created by any server asked for it (DEMO=1), without touching the site settings", {
    timeout: 60_000,
  }, async () => {
    const db = await getDb();
    const before = await getSiteSettings();
    runAs({ NODE_ENV: "production", DEMO: "1", DEMO_ALERTS: "0", SESSION_SECRET: "s".repeat(32) });
    await seedDemoOnStartup(db, await getEngine());
    expect((await counts(db)).demo).toHaveLength(5);
    expect(await getSiteSettings()).toEqual(before);
  });
});
