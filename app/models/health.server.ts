import { sql } from "drizzle-orm";
import { getDb, getEngine, schema } from "~/db/client.server";
import { env } from "~/lib/env.server";

export interface ServiceStatus {
  version: string;
  database: { engine: "pglite" | "postgresql" | "unknown"; answers: boolean; latencyMs: number | null; error?: string };
  records: number | null;
  checkedAt: string;
}

/** What /apitest and /api/health report: a real round trip to the database. */
export async function getServiceStatus(): Promise<ServiceStatus> {
  const checkedAt = new Date().toISOString();
  const version = env().APP_VERSION;
  try {
    const db = await getDb();
    const engine = await getEngine();
    const started = performance.now();
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.records);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return { version, database: { engine, answers: true, latencyMs }, records: row.count, checkedAt };
  } catch (error) {
    console.error("[health] database check failed:", error);
    return {
      version,
      database: { engine: env().DATABASE_URL ? "postgresql" : "pglite", answers: false, latencyMs: null, error: "The database did not answer." },
      records: null,
      checkedAt,
    };
  }
}
