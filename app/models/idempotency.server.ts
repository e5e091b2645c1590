import { sql } from "drizzle-orm";
import { type Db, getDb, queryRows } from "~/db/client.server";

/** How long an answer is kept for a retry. */
export const IDEMPOTENCY_HOURS = 24;

/** Deletes the answers kept for more than a day (the scheduled jobs). */
export async function pruneIdempotencyKeys(db?: Db) {
  db ??= await getDb();
  const rows = await queryRows<{ key: string }>(
    db,
    sql`DELETE FROM api_idempotency_keys
         WHERE created_at <= now() - make_interval(hours => ${IDEMPOTENCY_HOURS}) RETURNING key`,
  );
  return rows.length;
}
