import { sql } from "drizzle-orm";
import { getDb, getEngine, migrationStatus } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { logError } from "~/lib/log.server";
import { DEFAULT_SEARCH } from "~/search/request";
import { searchIndexStatus } from "./search-index.server";
import { countSearch } from "./search.server";

export interface ServiceStatus {
  version: string;
  /** The process answers (liveness): always true in an answer. */
  live: true;
  /** The process can serve every page (readiness): the three checks below pass. */
  ready: boolean;
  database: {
    engine: "pglite" | "postgresql" | "unknown";
    answers: boolean;
    latencyMs: number | null;
    error?: string;
  };
  migrations: { applied: number; expected: number } | null;
  searchIndex: { built: boolean; records?: number };
  /** Published records as search counts them; null until the index is built. */
  records: number | null;
  checkedAt: string;
}

/** What anyone may see: whether the service answers and is ready, nothing about what runs it. */
export type PublicServiceStatus = Pick<ServiceStatus, "live" | "ready" | "checkedAt">;

/**
 * The status as the caller may see it: whole when signed in; otherwise only whether it is
 * live and ready (the version would tell an attacker which weaknesses to try, and the
 * record count is the members' business).
 */
export function statusFor(
  status: ServiceStatus,
  signedIn: boolean,
): ServiceStatus | PublicServiceStatus {
  if (signedIn) return status;
  return { live: status.live, ready: status.ready, checkedAt: status.checkedAt };
}

/**
 * What /apitest and /api/health report (statusFor: signed-out callers get only the status): a real round trip to the database, whether it has
 * every migration this build ships, and whether the search index is built (never waited for:
 * a monitor asking during start-up is told "not ready" at once).
 */
export async function getServiceStatus(): Promise<ServiceStatus> {
  const checkedAt = new Date().toISOString();
  const version = env().APP_VERSION;
  const index = searchIndexStatus();
  try {
    const db = await getDb();
    const engine = await getEngine();
    const started = performance.now();
    await db.execute(sql`SELECT 1`);
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const migrations = await migrationStatus(db);
    const records = index.built ? await countSearch(DEFAULT_SEARCH, {}) : null;
    return {
      version,
      live: true,
      ready: migrations.applied >= migrations.expected && index.built,
      database: { engine, answers: true, latencyMs },
      migrations,
      searchIndex: index.built ? { built: true, records: index.records } : { built: false },
      records,
      checkedAt,
    };
  } catch (error) {
    logError("health", "database check failed", error);
    return {
      version,
      live: true,
      ready: false,
      database: {
        engine: env().DATABASE_URL ? "postgresql" : "pglite",
        answers: false,
        latencyMs: null,
        error: "The database did not answer.",
      },
      migrations: null,
      searchIndex: { built: index.built },
      records: null,
      checkedAt,
    };
  }
}
