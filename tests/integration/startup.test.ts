import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, getEngine, schema } from "~/db/client.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/demo/accounts";
import { demoWanted, seedDemo } from "~/models/demo-seed.server";
import { getServiceStatus } from "~/models/health.server";
import { dropSearchIndex, searchIndex } from "~/models/search-index.server";
import { verifyLogin } from "~/models/users.server";
import { loader as healthLoader } from "~/routes/api.health";
import { makeUser, sessionCookie } from "../factories";
import { asResponse } from "../route-result";

describe("demo data", () => {
  it("is seeded when asked (DEMO=1), and unasked only outside production on the embedded database", () => {
    for (const nodeEnv of ["production", "development", "test"]) {
      expect(demoWanted("pglite", "1", nodeEnv)).toBe(true);
      expect(demoWanted("postgresql", "1", nodeEnv)).toBe(true);
      expect(demoWanted("pglite", "0", nodeEnv)).toBe(false);
      expect(demoWanted("postgresql", "0", nodeEnv)).toBe(false);
      expect(demoWanted("postgresql", undefined, nodeEnv)).toBe(false);
    }
    expect(demoWanted("pglite", undefined, "development")).toBe(true);
    expect(demoWanted("pglite", undefined, "production")).toBe(false);
  });

  it("creates one account per role, all with the demo password, and never twice", async () => {
    const db = await getDb();
    const first = await seedDemo(db);
    const second = await seedDemo(db);
    expect(second).toBe(false);
    if (first) {
      for (const account of DEMO_ACCOUNTS) {
        const user = await verifyLogin(account.email, DEMO_PASSWORD);
        expect(user?.roles).toEqual([...account.roles]);
      }
    }
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.users)
      .where(
        sql`${schema.users.email} LIKE '%@example.org' AND ${schema.users.email} IN ('member@example.org','admin@example.org','editor@example.org','reports@example.org','alerts@example.org')`,
      );
    expect(row.count).toBe(5);
  });

  it("stores the staff roles lower-cased", async () => {
    const db = await getDb();
    const roles = await db
      .select({ name: schema.roles.name })
      .from(schema.roles)
      .orderBy(schema.roles.name);
    expect(roles.map((role) => role.name)).toEqual([
      "admin",
      "editor",
      "reportadmin",
      "websitealerts",
    ]);
    await expect(db.insert(schema.roles).values({ name: "Shouty" })).rejects.toThrow();
  });
});

describe("service status", () => {
  it("is not ready, at once, while the search index is being built", async () => {
    dropSearchIndex();
    const status = await getServiceStatus();
    expect(status).toMatchObject({
      live: true,
      ready: false,
      searchIndex: { built: false },
      records: null,
    });
    expect(status.database.answers).toBe(true);
    const response = asResponse(
      await healthLoader({
        request: new Request("http://localhost/api/health"),
      }),
    );
    expect(response.status).toBe(503);
  });

  it("reports version, engine, a real round trip, migrations and the record count once ready", async () => {
    await searchIndex();
    const status = await getServiceStatus();
    expect(status.version).toBe("2.17.2");
    expect(status.database.engine).toBe(await getEngine());
    expect(status.database.engine).toBe(process.env.DATABASE_URL ? "postgresql" : "pglite");
    expect(status.database.answers).toBe(true);
    expect(status.ready).toBe(true);
    expect(status.migrations?.applied).toBe(status.migrations?.expected);
    expect(typeof status.records).toBe("number");
    expect(status.searchIndex).toMatchObject({ built: true });
    // The figures are for signed-in callers (tests/integration/api-health.test.ts).
    const response = asResponse(
      await healthLoader({
        request: new Request("http://localhost/api/health", {
          headers: { Cookie: await sessionCookie(await makeUser()) },
        }),
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ version: "2.17.2", database: { answers: true } });
  });
});
