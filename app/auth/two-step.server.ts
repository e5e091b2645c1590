import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { isHttps } from "~/lib/https.server";
import { safeRedirect } from "~/lib/safe-redirect.server";
import { createSession } from "~/auth/session.server";
import { getSiteSettings } from "~/models/settings.server";
import {
  deletePending,
  findPending,
  isTrusted,
  storePending,
  storeTrustedBrowser,
  twoStepRequired,
  twoStepStatus,
} from "~/models/two-step.server";
import { getActiveUser, type User } from "~/models/users.server";

/** The half-signed-in state lasts this long: then the password is asked for again. */
export const PENDING_MINUTES = 10;
/** "Trust this browser" skips the second step for this long. */
export const TRUST_DAYS = 30;
/** Wrong codes: 10 in 15 minutes, per account and per client address. */
export const CODE_ATTEMPTS = { bucket: "two-step", max: 10, windowMs: 15 * 60 * 1000 };
export const TOO_MANY_CODES = "Too many wrong codes. Please wait 15 minutes and try again.";

export const ENROL_PATH = "/myaccount/two-step";
export const VERIFY_PATH = "/login/two-step";

export type PendingPurpose = "verify" | "enrol";

const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

type Cookie = ReturnType<typeof createCookie>;
const cookies: Record<string, Cookie> = {};
function cookie(name: string, maxAge: number) {
  cookies[name] ??= createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge,
    secrets: [env().SESSION_SECRET],
  });
  return cookies[name];
}
const pendingCookie = () => cookie("hsd_two_step", PENDING_MINUTES * 60);
const trustedCookie = () => cookie("hsd_trusted", TRUST_DAYS * 24 * 60 * 60);
// The recovery codes, between the POST that made them and the one GET that shows them.
const codesCookie = () => cookie("hsd_recovery_codes", 5 * 60);

async function readToken(c: Cookie, request: Request): Promise<string | null> {
  const value = await c.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

const clear = (c: Cookie, request: Request) =>
  c.serialize("", { secure: isHttps(request), maxAge: 0, expires: new Date(0) });

// ---------------------------------------------------------------- half signed in

export interface Pending {
  user: User;
  purpose: PendingPurpose;
  redirectTo: string;
  tokenHash: string;
}

/** Starts the half-signed-in state; returns its Set-Cookie header. */
export async function startPending(
  request: Request,
  userId: number,
  purpose: PendingPurpose,
  redirectTo: string,
): Promise<string> {
  const token = newToken();
  await storePending({
    tokenHash: hashToken(token),
    userId,
    purpose,
    redirectTo: safeRedirect(redirectTo),
    expiresAt: new Date(Date.now() + PENDING_MINUTES * 60 * 1000),
  });
  return pendingCookie().serialize(token, { secure: isHttps(request) });
}

/** The request's live half-signed-in state (of an active user), optionally of one purpose. */
export async function readPending(
  request: Request,
  purpose?: PendingPurpose,
): Promise<Pending | null> {
  const token = await readToken(pendingCookie(), request);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const row = await findPending(tokenHash);
  if (!row || (purpose && row.purpose !== purpose)) return null;
  const user = await getActiveUser(row.userId);
  if (!user) return null;
  return { user, purpose: row.purpose as PendingPurpose, redirectTo: row.redirectTo, tokenHash };
}

/** Ends the half-signed-in state; returns the Set-Cookie header that clears its cookie. */
export async function endPending(request: Request): Promise<string> {
  const token = await readToken(pendingCookie(), request);
  if (token) await deletePending(hashToken(token));
  return clear(pendingCookie(), request);
}

// ---------------------------------------------------------------- trusted browsers

export async function isTrustedBrowser(request: Request, userId: number): Promise<boolean> {
  const token = await readToken(trustedCookie(), request);
  if (!token) return false;
  return isTrusted(hashToken(token), userId);
}

/** Trusts this browser for the user for TRUST_DAYS; returns the Set-Cookie header. */
export async function trustBrowser(request: Request, userId: number): Promise<string> {
  const token = newToken();
  await storeTrustedBrowser({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + TRUST_DAYS * 24 * 60 * 60 * 1000),
  });
  return trustedCookie().serialize(token, { secure: isHttps(request) });
}

// ---------------------------------------------------------------- recovery codes, once

/** Keeps new recovery codes for the one page that shows them, and where it goes on to. */
export function keepCodesForDisplay(request: Request, codes: string[], next: string) {
  return codesCookie().serialize({ codes, next }, { secure: isHttps(request) });
}

/** The recovery codes to show, once, and the Set-Cookie header that forgets them. */
export async function takeCodesForDisplay(request: Request) {
  const value = await codesCookie().parse(request.headers.get("Cookie"));
  const codes: unknown = value?.codes;
  if (!Array.isArray(codes) || !codes.every((code) => typeof code === "string")) {
    return { codes: null, next: "/", header: null };
  }
  return {
    codes: codes as string[],
    // Our own signed cookie; still, only a path on this site.
    next: safeRedirect(value.next, "/myaccount"),
    header: await clear(codesCookie(), request),
  };
}

// ---------------------------------------------------------------- sign-in

/** Signs the user in for real: a session, the half-signed-in state ended. */
export async function finishSignIn(
  request: Request,
  userId: number,
  redirectTo: string,
  extraCookies: string[] = [],
) {
  const headers = new Headers();
  headers.append("Set-Cookie", await createSession(request, userId));
  if (await readToken(pendingCookie(), request))
    headers.append("Set-Cookie", await endPending(request));
  for (const value of extraCookies) headers.append("Set-Cookie", value);
  return redirect(safeRedirect(redirectTo), { headers });
}

/** Where a right password leads: signed in, the second step, or two-step enrolment first. */
export type SignInStep = "signed-in" | "verify" | "enrol";

/**
 * After a right password (or a new one, set from a reset link): a session at once; or, for a
 * user with two-step on, the second step (unless this browser is trusted); or, for staff who
 * must use two-step and have not set it up, enrolment first. No session exists until those
 * are done. `withCookies` adds Set-Cookie headers (a message) for the step taken.
 */
export async function completePasswordSignIn(
  request: Request,
  user: User,
  redirectTo: string,
  withCookies: (step: SignInStep) => Promise<string[]> = async () => [],
): Promise<Response> {
  const status = await twoStepStatus(user.id);
  const halfway = async (purpose: PendingPurpose) => {
    const headers = new Headers();
    headers.append("Set-Cookie", await startPending(request, user.id, purpose, redirectTo));
    for (const value of await withCookies(purpose)) headers.append("Set-Cookie", value);
    return redirect(purpose === "verify" ? VERIFY_PATH : ENROL_PATH, { headers });
  };
  if (status.enabled) {
    if (!(await isTrustedBrowser(request, user.id))) return halfway("verify");
  } else if (twoStepRequired(user, await getSiteSettings())) {
    return halfway("enrol");
  }
  return finishSignIn(request, user.id, redirectTo, await withCookies("signed-in"));
}

// Where a visitor who must still enrol may go: the enrolment page, and signing in again.
const OPEN_WHILE_ENROLLING = [ENROL_PATH, "/login", "/logout"];

/**
 * For the root loader of a signed-out request: staff sent to enrol go back to enrolment from
 * every other page, as long as their half-signed-in state lasts.
 */
export async function enrolmentRedirect(request: Request) {
  const { pathname } = new URL(request.url);
  if (OPEN_WHILE_ENROLLING.includes(pathname)) return;
  if (!(await readToken(pendingCookie(), request))) return;
  if (await readPending(request, "enrol")) throw redirect(ENROL_PATH);
}
