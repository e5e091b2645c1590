import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { SQL } from "drizzle-orm";
import { env } from "~/lib/env.server";
import {
  type ColumnValues,
  deleteSession,
  deleteSessionByPublicId,
  deleteUserSessions,
  findSession,
  liveSessionsOf,
  type SessionRow,
  storeSession,
  touchSession,
} from "~/models/sessions.server";
import { getActiveUser, type User } from "~/models/users.server";
import { can } from "~/lib/roles";
import { isHttps } from "~/lib/https.server";
import { currentRequest, noteRequestUser, oncePerRequest } from "~/lib/request-context.server";

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
  const id = randomBytes(32).toString("base64url");
  const now = Date.now();
  const lifetime = sessionLifetimeMs((await getActiveUser(userId))?.roles ?? []);
  // Every new session is a sign-in: the user's last sign-in and the user reports count it.
  await storeSession(
    {
      idHash: hashId(id),
      userId,
      expiresAt: new Date(now + lifetime),
      // For the signed-in devices list (/myaccount).
      userAgent: request.headers.get("user-agent")?.slice(0, 400) ?? null,
      address: currentRequest()?.clientAddress ?? null,
    },
    liveness(now),
  );
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
export type { ColumnValues };

/** What makes a session live now: unexpired, seen within the idle time, this app version. */
const liveness = (now = Date.now()) => ({
  now,
  idleMs: sessionIdleMs(),
  appVersion: env().APP_VERSION,
});

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
  const found = await findSession(idHash, extra);
  if (!found) return { state: { status: "none" }, extra: null };
  return { state: await sessionState(idHash, found.row), extra: found.extra };
}

async function sessionState(idHash: string, row: SessionRow): Promise<SessionState> {
  const now = Date.now();
  const expired =
    row.expiresAt.getTime() <= now ||
    row.lastSeenAt.getTime() <= now - sessionIdleMs() ||
    row.appVersion !== env().APP_VERSION;
  // The row stays: the loaders of one navigation run in parallel, and each must see the
  // same "expired" to show the banner. Sign-in sweeps it; the redirect clears the cookie.
  if (expired) return { status: "expired" };
  if (!row.user) {
    await deleteSession(idHash);
    return { status: "none" };
  }
  // The roles are read afresh with every request: a member made staff mid-session is held to
  // the staff limit from then on, counted from the session's sign-in.
  if (row.createdAt.getTime() + sessionLifetimeMs(row.user.roles) <= now)
    return { status: "expired" };
  if (row.lastSeenAt.getTime() < now - touchAfterMs()) await touchSession(idHash);
  noteRequestUser(row.user.id);
  return { status: "active", user: row.user };
}

/** Ends the request's session and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const id = await readSessionId(request);
  if (id) await deleteSession(hashId(id));
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
  await deleteUserSessions(userId);
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
  const id = await readSessionId(request);
  const own = id ? hashId(id) : "";
  const rows = await liveSessionsOf(userId, liveness());
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
  return deleteSessionByPublicId(userId, publicId);
}
