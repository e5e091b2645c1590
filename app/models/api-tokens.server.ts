import { and, eq, lt, sql } from "drizzle-orm";
import { getDb, schema } from "~/db/client.server";
import { recordSignIn } from "~/models/accounts.server";
import { isActiveUser, userColumns } from "~/models/users.server";

/**
 * The JSON API's bearer tokens, stored by their hash. What a token is for and how long it
 * lasts is the API's business (`app/api/tokens.server.ts`); this module reads and writes the
 * rows.
 */
const { apiTokens, users } = schema;

/**
 * Stores a token, sweeping the user's expired ones first; an access token counts as a
 * sign-in, as a session does.
 */
export async function storeToken(token: typeof apiTokens.$inferInsert) {
  const db = await getDb();
  await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, token.userId), lt(apiTokens.expiresAt, new Date())));
  await db.insert(apiTokens).values(token);
  if (token.purpose === "access") await recordSignIn(token.userId, db);
}

/** A stored token of this purpose with its user, who must be active. */
export async function findToken(tokenHash: string, purpose: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: userColumns,
    })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.id, apiTokens.userId), isActiveUser))
    .where(and(eq(apiTokens.tokenHash, tokenHash), eq(apiTokens.purpose, purpose)));
  return row;
}

/** Notes that a token was just used. */
export async function touchToken(tokenHash: string) {
  const db = await getDb();
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(apiTokens.tokenHash, tokenHash));
}

export async function deleteToken(tokenHash: string) {
  const db = await getDb();
  await db.delete(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
}
