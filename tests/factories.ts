import { randomUUID } from "node:crypto";
import { createSession } from "~/auth/session.server";
import { createUser, type User } from "~/models/users.server";

export const TEST_PASSWORD = "correct horse battery staple";

/** A user with a unique email, and the given staff roles. */
export async function makeUser(
  options: { roles?: string[]; firstName?: string } = {},
): Promise<User> {
  return createUser({
    email: `user-${randomUUID().slice(0, 8)}@test.example.org`,
    firstName: options.firstName ?? "Test",
    lastName: "User",
    password: TEST_PASSWORD,
    roles: options.roles ?? [],
  });
}

const BASE = "http://localhost:3000";

/** The Cookie header of a fresh signed-in session for the user. */
export async function sessionCookie(user: User): Promise<string> {
  const setCookie = await createSession(new Request(BASE), user.id);
  return setCookie.split(";")[0];
}

export function getRequest(pathname: string, cookie?: string) {
  return new Request(new URL(pathname, BASE), { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(
  pathname: string,
  fields: Record<string, string | string[]>,
  cookie?: string,
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return new Request(new URL(pathname, BASE), {
    method: "POST",
    body,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

export const args = (request: Request) => ({ request, params: {}, context: {} });

/** Runs a loader or action that should redirect, and returns the response. */
export async function redirected(run: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    if (result instanceof Response && result.status >= 300 && result.status < 400) return result;
    throw new Error(
      `Expected a redirect, got ${result instanceof Response ? result.status : typeof result}`,
    );
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return thrown;
    throw thrown;
  }
}

/** The Set-Cookie values of a response, for the next request's Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}
