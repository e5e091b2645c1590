import { redirect } from "@remix-run/node";
import type { SQL } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { z } from "zod";
import { FormStrategy } from "remix-auth-form";
import { setFlash } from "~/lib/flash.server";
import { can, type Permission } from "~/lib/roles";
import { clearSessionCookie, readSession, readSessionWith } from "~/auth/session.server";
import { enrolmentRedirect } from "~/auth/two-step.server";
import { type User, verifyLogin } from "~/models/users.server";

/** The one message for every failed sign-in: it never tells whether the email exists. */
export const LOGIN_FAILED = "The email or password is incorrect, or the account cannot sign in.";
export const TOKEN_EXPIRED = "Token Expired. Please log in again to continue.";

export class LoginFailedError extends Error {
  constructor() {
    super(LOGIN_FAILED);
  }
}

export const authenticator = new Authenticator<User>().use(
  new FormStrategy(async ({ form }) => {
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    const user = await verifyLogin(email, password);
    if (!user) throw new LoginFailedError();
    return user;
  }),
  "form",
);

function returnAddress(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function loginUrl(redirectTo: string) {
  return redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`;
}

/** The signed-in user, or null; an expired session counts as signed out. */
export async function getOptionalUser(request: Request): Promise<User | null> {
  const state = await readSession(request);
  return state.status === "active" ? state.user : null;
}

/** getOptionalUser, with `extra` columns over the user read in the same statement (null without a stored session). */
export async function getOptionalUserWith<X extends Record<string, SQL>>(
  request: Request,
  extra: X,
) {
  const { state, extra: values } = await readSessionWith(request, extra);
  return { user: state.status === "active" ? state.user : null, extra: values };
}

/** The signed-in user; otherwise a redirect to /login that returns here afterwards. */
export async function requireUser(request: Request): Promise<User> {
  return (await requireUserWith(request, {})).user;
}

/** requireUser, with `extra` columns read in the same statement (see readSessionWith). */
export async function requireUserWith<X extends Record<string, SQL>>(request: Request, extra: X) {
  const { state, extra: values } = await readSessionWith(request, extra);
  if (state.status === "active") {
    return { user: state.user, extra: values as NonNullable<typeof values> };
  }
  // Staff half signed in, who must set up two-step sign-in first, go back to doing so.
  if (state.status === "none") await enrolmentRedirect(request);
  const headers = new Headers();
  if (state.status === "expired") {
    headers.append("Set-Cookie", await clearSessionCookie(request));
    headers.append(
      "Set-Cookie",
      await setFlash(request, { severity: "error", message: TOKEN_EXPIRED }),
    );
  }
  throw redirect(loginUrl(returnAddress(request)), { headers });
}

/** The signed-in user who has the permission (app/lib/roles.ts); others go to /notallowed. */
export async function requirePermission(request: Request, permission: Permission): Promise<User> {
  const user = await requireUser(request);
  if (!can(user.roles, permission)) throw redirect("/notallowed");
  return user;
}

export const loginSchema = z.object({
  email: z.string({ error: "Enter your email address" }).trim().min(1, "Enter your email address"),
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password"),
  redirectTo: z.string().optional(),
});
