import type { AppLoadContext } from "@remix-run/node";
import { and, eq, lt, sql } from "drizzle-orm";
import { getDb, schema } from "~/db/client.server";
import "~/lib/load-context";

const { rateLimits } = schema;

export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one hit for the key and tells whether it is within the limit. The count lives
 * in the database so that every app process shares it.
 */
export async function hitRateLimit(limit: Limit, key: string): Promise<boolean> {
  const db = await getDb();
  const windowStart = new Date(Math.floor(Date.now() / limit.windowMs) * limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: limit.bucket, key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  if (Math.random() < 0.02) {
    await db
      .delete(rateLimits)
      .where(
        and(
          eq(rateLimits.bucket, limit.bucket),
          lt(rateLimits.windowStart, new Date(windowStart.getTime() - limit.windowMs)),
        ),
      );
  }
  return row.hits <= limit.max;
}

/** Whether the key has used up its hits in the current window, without counting one. */
export async function isRateLimited(limit: Limit, key: string): Promise<boolean> {
  const db = await getDb();
  const windowStart = new Date(Math.floor(Date.now() / limit.windowMs) * limit.windowMs);
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.bucket, limit.bucket),
        eq(rateLimits.key, key),
        eq(rateLimits.windowStart, windowStart),
      ),
    );
  return (row?.hits ?? 0) >= limit.max;
}

/**
 * The client's address: what the HTTP server saw (app/server), which is the socket's peer, or
 * behind TRUST_PROXY proxies the address the nearest trusted one gives in X-Forwarded-For.
 * Only an action called without the server (the tests) reads the header itself.
 */
export function clientAddress(request: Request, context?: AppLoadContext): string | null {
  if (context && "clientAddress" in context) return context.clientAddress ?? null;
  const forwarded = request.headers.get("x-forwarded-for");
  const first = forwarded?.split(",")[0]?.trim();
  return first || null;
}
