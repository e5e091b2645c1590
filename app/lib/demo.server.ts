import { eq, sql } from "drizzle-orm";
import { type Db, type Engine, schema } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { createUser, normaliseEmail } from "~/models/users.server";

export const DEMO_PASSWORD = "horizon-demo";

export const DEMO_ACCOUNTS = [
  { email: "member@example.org", firstName: "Morgan", lastName: "Member", roles: [] },
  { email: "admin@example.org", firstName: "Ada", lastName: "Admin", roles: ["admin"] },
  { email: "editor@example.org", firstName: "Eddie", lastName: "Editor", roles: ["editor"] },
  { email: "reports@example.org", firstName: "Rita", lastName: "Reports", roles: ["reportadmin"] },
  { email: "alerts@example.org", firstName: "Alex", lastName: "Alerts", roles: ["websitealerts"] },
] as const;

const SEEDED_KEY = "demo_seeded";

/**
 * Whether start-up seeds demo data: on the embedded database unless DEMO=0; on a
 * PostgreSQL server only with DEMO=1, so a real deployment never gets demo accounts.
 */
export function demoWanted(engine: Engine, demo: string | undefined) {
  return engine === "pglite" ? demo !== "0" : demo === "1";
}

/** Seeds the demo accounts once; returns whether it did anything. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [marker] = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEEDED_KEY));
  if (marker) return false;
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(sql`lower(${schema.users.email})`, normaliseEmail(account.email)));
    if (!existing) await createUser({ ...account, roles: [...account.roles], password: DEMO_PASSWORD }, db);
  }
  await db
    .insert(schema.appMeta)
    .values({ key: SEEDED_KEY, value: { at: new Date().toISOString() } })
    .onConflictDoNothing();
  return true;
}

/** The start-up hook: seed when wanted and the database has never been seeded. */
export async function seedDemoOnStartup(db: Db, engine: Engine) {
  if (!demoWanted(engine, env().DEMO)) return;
  if (engine === "pglite" && env().DEMO !== "1") {
    // Only an empty embedded database gets demo data unasked.
    const [marker] = await db.select().from(schema.appMeta).where(eq(schema.appMeta.key, SEEDED_KEY));
    const [users] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.users);
    if (marker || users.count > 0) return;
  }
  if (await seedDemo(db)) console.log(`[demo] seeded ${DEMO_ACCOUNTS.length} demo accounts (password ${DEMO_PASSWORD})`);
}
