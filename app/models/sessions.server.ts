import { and, desc, eq, gt, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { type Db, getDb, schema } from "~/db/client.server";
import { recordSignIn } from "~/models/accounts.server";
import { isActiveUser, type User, userColumns } from "~/models/users.server";

/**
 * The stored sessions: one row for each signed-in browser, keyed by a hash of the id its
 * cookie carries. When a session ends, and what its cookie looks like, is the business of
 * `app/auth/session.server.ts`; this module only reads and writes the rows.
 */
const { sessions, users } = schema;

/** A session is live while it is unexpired, recently seen, and of the running app version. */
export interface Liveness {
  now: number;
  idleMs: number;
  appVersion: string;
}

/**
 * Stores a new session for a user and counts the sign-in. Dead sessions (expired, idle, or
 * of another app version) are swept first: sign-in is a good moment, and reads leave them.
 */
export async function storeSession(
  session: {
    idHash: string;
    userId: number;
    expiresAt: Date;
    userAgent: string | null;
    address: string | null;
  },
  live: Liveness,
  db?: Db,
) {
  db ??= await getDb();
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(live.now)),
        lt(sessions.lastSeenAt, new Date(live.now - live.idleMs)),
        ne(sessions.appVersion, live.appVersion),
      ),
    );
  await db.insert(sessions).values({ ...session, appVersion: live.appVersion });
  await recordSignIn(session.userId, db);
}

type Columns = Record<string, SQL>;
/** The values of extra columns, by their SQL types. */
export type ColumnValues<X extends Columns> = {
  [K in keyof X]: X[K] extends SQL<infer T> ? T : never;
};

export interface SessionRow {
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  appVersion: string;
  /** Null when the user is suspended or deleted: they lose their sessions at once. */
  user: User | null;
}

/** A stored session with its user, and `extra` columns over that user, in one statement. */
export async function findSession<X extends Columns>(
  idHash: string,
  extra: X,
): Promise<{ row: SessionRow; extra: ColumnValues<X> } | undefined> {
  const db = await getDb();
  const [found] = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      appVersion: sessions.appVersion,
      user: userColumns,
      extra,
    })
    .from(sessions)
    .leftJoin(users, and(eq(users.id, sessions.userId), isActiveUser))
    .where(eq(sessions.idHash, idHash));
  if (!found) return undefined;
  const { extra: values, ...row } = found;
  return { row, extra: values as ColumnValues<X> };
}

/** Notes that a session was just used. */
export async function touchSession(idHash: string) {
  const db = await getDb();
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(idHash: string) {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user. */
export async function deleteUserSessions(userId: number) {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** A user's live sessions, the most recently seen first. */
export async function liveSessionsOf(userId: number, live: Liveness) {
  const db = await getDb();
  return db
    .select({
      id: sessions.publicId,
      idHash: sessions.idHash,
      userAgent: sessions.userAgent,
      address: sessions.address,
      signedInAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, new Date(live.now)),
        gt(sessions.lastSeenAt, new Date(live.now - live.idleMs)),
        eq(sessions.appVersion, live.appVersion),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** Deletes one of a user's sessions by its public id; whether there was one. */
export async function deleteSessionByPublicId(userId: number, publicId: string) {
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.publicId });
  return ended.length > 0;
}
