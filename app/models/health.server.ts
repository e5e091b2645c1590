import { sql } from "drizzle-orm";
import { getDb, getEngine } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { DEFAULT_SEARCH } from "~/search/request";
import { countSearch } from "./search.server";

export interface ServiceStatus {
  version: string;
  database: {
    engine: "pglite" | "postgresql" | "unknown";
    answers: boolean;
    latencyMs: number | null;
    error?: string;
  };
  records: number | null;
  checkedAt: string;
}

/**
 * What /apitest and /api/health report: a real round trip to the database, and the number
 * of published records as search counts them (so neither answers until search can).
 */
export async function getServiceStatus(): Promise<ServiceStatus> {
  const checkedAt = new Date().toISOString();
  const version = env().APP_VERSION;
  try {
    const db = await getDb();
    const engine = await getEngine();
    const started = performance.now();
    await db.execute(sql`SELECT 1`);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const records = await countSearch(DEFAULT_SEARCH, {});
    return { version, database: { engine, answers: true, latencyMs }, records, checkedAt };
  } catch (error) {
    console.error("[health] database check failed:", error);
    return {
      version,
      database: {
        engine: env().DATABASE_URL ? "postgresql" : "pglite",
        answers: false,
        latencyMs: null,
        error: "The database did not answer.",
      },
      records: null,
      checkedAt,
    };
  }
}
