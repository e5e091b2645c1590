import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { type Db, getDb, schema } from "~/db/client.server";

/**
 * The answers kept for the JSON API's Idempotency-Key (how the API uses them:
 * `app/api/idempotency.server.ts`). A row is claimed by the first call with its key, holds
 * that call's answer once it has one, and is pruned after a day.
 */
const { apiIdempotencyKeys: keys } = schema;

/** How long an answer is kept for a retry. */
export const IDEMPOTENCY_HOURS = 24;

const dayIsOver = lte(keys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`);

/**
 * Claims the key for a request in one statement: a new key, or one whose day is over, is
 * taken (true); otherwise it stays as it is (false).
 */
export async function claimIdempotencyKey(userId: number, key: string, fingerprint: string) {
  const db = await getDb();
  const taken = await db
    .insert(keys)
    .values({ userId, key, fingerprint })
    .onConflictDoUpdate({
      target: [keys.userId, keys.key],
      set: {
        fingerprint: sql`excluded.${sql.identifier(keys.fingerprint.name)}`,
        status: null,
        headers: null,
        body: null,
        createdAt: sql`now()`,
      },
      setWhere: dayIsOver,
    })
    .returning({ key: keys.key });
  return taken.length > 0;
}

/** The stored claim of a key: its request's fingerprint and, once answered, the answer. */
export async function findIdempotencyKey(userId: number, key: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      fingerprint: keys.fingerprint,
      status: keys.status,
      headers: keys.headers,
      body: keys.body,
    })
    .from(keys)
    .where(and(eq(keys.userId, userId), eq(keys.key, key)));
  return row;
}

/** Keeps the answer of the call that claimed the key. */
export async function keepIdempotentAnswer(
  userId: number,
  key: string,
  answer: { status: number; headers: [string, string][]; body: string },
) {
  const db = await getDb();
  await db
    .update(keys)
    .set(answer)
    .where(and(eq(keys.userId, userId), eq(keys.key, key)));
}

/** Gives an unanswered claim up. */
export async function releaseIdempotencyKey(userId: number, key: string) {
  const db = await getDb();
  await db.delete(keys).where(and(eq(keys.userId, userId), eq(keys.key, key), isNull(keys.status)));
}

/** Deletes the answers kept for more than a day (the scheduled jobs). */
export async function pruneIdempotencyKeys(db?: Db) {
  db ??= await getDb();
  const rows = await db.delete(keys).where(dayIsOver).returning({ key: keys.key });
  return rows.length;
}
