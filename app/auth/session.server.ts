import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, desc, eq, gt, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { type Db, getDb, schema } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { recordSignIn } from "~/models/accounts.server";
import { getActiveUser, isActiveUser, type User, userColumns } from "~/models/users.server";
import { can } from "~/lib/roles";
import { isHttps } from "~/lib/https.server";
import { currentRequest, noteRequestUser, oncePerRequest } from "~/lib/request-context.server";

const { sessions, users } = schema;

/** A session ends after this long without a request (SESSION_IDLE_MINUTES, default 8 hours). */
export function sessionIdleMs() {
  return env().SESSION_IDLE_MINUTES * 60 * 1000;
}
/** A session ends this long after sign-in, however active (SESSION_MAX_DAYS, default 7). */
export function sessionAbsoluteMs() {
  return env().SESSION_MAX_DAYS * 24 * 60 * 60 * 1000;
}
/**
 * A staff session ends this long after sign-in at most, whatever SESSION_MAX_DAYS allows
 * members: a staff account reaches every member's data and the catalogue's editing, so a
 * session left open (or stolen) on a shared hospital computer should not last the week.
 * A role granted during a session counts from that session's sign-in.
 */
export const STAFF_SESSION_MAX_HOURS = 12;
const staffSessionMs = () => STAFF_SESSION_MAX_HOURS * 60 * 60 * 1000;

/** How long after sign-in a session of a user with these roles may last. */
export function sessionLifetimeMs(roles: readonly string[]) {
  return can(roles, "staff")
    ? Math.min(sessionAbsoluteMs(), staffSessionMs())
    : sessionAbsoluteMs();
}

// Write last_seen_at at most once a minute (or a tenth of the idle time), not on every request.
const touchAfterMs = () => Math.min(60 * 1000, sessionIdleMs() / 10);

let cookie: ReturnType<typeof createCookie> | undefined;

function sessionCookie() {
  cookie ??= createCookie("hsd_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [env().SESSION_SECRET],
  });
  return cookie;
}

function hashId(id: string) {
  return createHash("sha256").update(id).digest("base64url");
}

async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The stored key (hash) of the request's session id, if it carries one. */
export async function sessionIdHash(request: Request): Promise<string | null> {
  const id = await readSessionId(request);
  return id ? hashId(id) : null;
}

/** Starts a session for the user and returns the Set-Cookie header value. */
export async function createSession(request: Request, userId: number): Promise<string> {
  noteRequestUser(userId);
  const db = await getDb();
  const id = randomBytes(32).toString("base64url");
  const now = Date.now();
  const lifetime = sessionLifetimeMs((await getActiveUser(userId, db))?.roles ?? []);
  // Sign-in is a good moment to sweep dead sessions (readSession leaves them in place).
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, new Date(now)),
        lt(sessions.lastSeenAt, new Date(now - sessionIdleMs())),
        ne(sessions.appVersion, env().APP_VERSION),
      ),
    );
  await db.insert(sessions).values({
    idHash: hashId(id),
    userId,
    appVersion: env().APP_VERSION,
    expiresAt: new Date(now + lifetime),
    // For the signed-in devices list (/myaccount).
    userAgent: request.headers.get("user-agent")?.slice(0, 400) ?? null,
    address: currentRequest()?.clientAddress ?? null,
  });
  // Every new session is a sign-in: the user's last sign-in and the user reports count it.
  await recordSignIn(userId, db);
  return sessionCookie().serialize(id, {
    secure: isHttps(request),
    maxAge: Math.ceil(lifetime / 1000),
  });
}

export type SessionState =
  | { status: "active"; user: User }
  | { status: "expired" }
  | { status: "none" };

type Columns = Record<string, SQL>;
/** The values of extra columns, by their SQL types. */
export type ColumnValues<X extends Columns> = {
  [K in keyof X]: X[K] extends SQL<infer T> ? T : never;
};

/** Who the request belongs to, and whether a session it carries has expired. */
export async function readSession(request: Request): Promise<SessionState> {
  return (await readSessionWith(request, {})).state;
}

/**
 * readSession in one statement with `extra` columns over the session's user (null when
 * the request carries no stored session): pages fold their header's numbers into it.
 */
export async function readSessionWith<X extends Columns>(
  request: Request,
  extra: X,
): Promise<{ state: SessionState; extra: ColumnValues<X> | null }> {
  const id = await readSessionId(request);
  if (!id) return { state: { status: "none" }, extra: null };
  const idHash = hashId(id);
  // A page's loaders run side by side and each asks who is signed in: on a GET they share
  // one read (and one touch of last_seen_at) that has every column any of them asked for.
  // Not after an action, which may just have changed what the read returns.
  if (request.method !== "GET" && request.method !== "HEAD") return readRow(idHash, extra);
  const reads = oncePerRequest(`session:${idHash}`, () => [] as SharedRead[]);
  const wanted = Object.keys(extra);
  let shared = reads.find((read) => wanted.every((key) => read.columns.has(key)));
  if (!shared) {
    shared = { columns: new Set(wanted), result: readRow(idHash, extra) };
    reads.push(shared);
  }
  const { state, extra: values } = await shared.result;
  return { state, extra: values as ColumnValues<X> | null };
}

interface SharedRead {
  columns: Set<string>;
  result: Promise<{ state: SessionState; extra: unknown }>;
}

async function readRow<X extends Columns>(
  idHash: string,
  extra: X,
): Promise<{ state: SessionState; extra: ColumnValues<X> | null }> {
  const db = await getDb();
  // Suspended and deleted users lose their sessions at once: only an active user joins.
  const [row] = await db
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
  if (!row) return { state: { status: "none" }, extra: null };
  return { state: await sessionState(db, idHash, row), extra: row.extra as ColumnValues<X> };
}

interface SessionRow {
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  appVersion: string;
  user: User | null;
}

async function sessionState(db: Db, idHash: string, row: SessionRow): Promise<SessionState> {
  const now = Date.now();
  const expired =
    row.expiresAt.getTime() <= now ||
    row.lastSeenAt.getTime() <= now - sessionIdleMs() ||
    row.appVersion !== env().APP_VERSION;
  // The row stays: the loaders of one navigation run in parallel, and each must see the
  // same "expired" to show the banner. Sign-in sweeps it; the redirect clears the cookie.
  if (expired) return { status: "expired" };
  if (!row.user) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return { status: "none" };
  }
  // The roles are read afresh with every request: a member made staff mid-session is held to
  // the staff limit from then on, counted from the session's sign-in.
  if (row.createdAt.getTime() + sessionLifetimeMs(row.user.roles) <= now)
    return { status: "expired" };
  if (row.lastSeenAt.getTime() < now - touchAfterMs()) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash));
  }
  noteRequestUser(row.user.id);
  return { status: "active", user: row.user };
}

/** Ends the request's session and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) {
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.idHash, hashId(id)));
  }
  return clearSessionCookie(request);
}

export function clearSessionCookie(request: Request) {
  return sessionCookie().serialize("", {
    secure: isHttps(request),
    maxAge: 0,
    expires: new Date(0),
  });
}

/** Ends every session of a user (suspension, deletion, password change). */
export async function destroyUserSessions(userId: number) {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export interface Device {
  /** The session's public id (never its hash): what the sign-out form names. */
  id: string;
  userAgent: string | null;
  address: string | null;
  signedInAt: string;
  lastSeenAt: string;
  /** The request's own session. */
  current: boolean;
}

/** The user's live sessions, the request's own first, then the most recently seen. */
export async function listDevices(request: Request, userId: number): Promise<Device[]> {
  const db = await getDb();
  const id = await readSessionId(request);
  const own = id ? hashId(id) : "";
  const rows = await db
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
        gt(sessions.expiresAt, new Date()),
        gt(sessions.lastSeenAt, new Date(Date.now() - sessionIdleMs())),
        eq(sessions.appVersion, env().APP_VERSION),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows
    .map(({ idHash, ...row }) => ({
      ...row,
      signedInAt: row.signedInAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: idHash === own,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs out one of the user's sessions by its public id; whether there was one. */
export async function endDevice(userId: number, publicId: string): Promise<boolean> {
  const db = await getDb();
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.publicId });
  return ended.length > 0;
}
