/**
 * Two-step sign-in in tests, as a browser goes through it: enrolling from the page, the
 * password step, the second step, and the cookies each answer leaves.
 */
import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import type { User } from "~/models/users.server";
import { action as loginAction } from "~/routes/login";
import { action as verifyAction } from "~/routes/login_.two-step";
import { action as enrolAction, loader as enrolLoader } from "~/routes/myaccount.two-step";
import {
  args,
  cookiesOf,
  getRequest,
  postRequest,
  redirected,
  sessionCookie,
  TEST_PASSWORD,
} from "../../factories";
import { asResponse } from "../../route-result";

/** The app's code for the secret now, or `offsetSeconds` away (another 30-second step). */
export const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

/** Merges Cookie headers: later values of the same cookie win, emptied ones are dropped. */
export function withCookies(...headers: string[]) {
  const jar = new Map<string, string>();
  for (const header of headers) {
    for (const part of header.split(/;\s*/)) {
      const at = part.indexOf("=");
      if (at > 0) jar.set(part.slice(0, at), part.slice(at + 1));
    }
  }
  return [...jar]
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

/** Whether the answer starts a session (sets a non-empty session cookie). */
export const hasSession = (response: Response) =>
  response.headers.getSetCookie().some((value) => /^hsd_session=[^;]+/.test(value));

export async function json(response: unknown) {
  return asResponse(response).json();
}

export async function signInWithPassword(
  user: User,
  cookie = "",
  redirectTo = "/search",
  password = TEST_PASSWORD,
) {
  return redirected(() =>
    loginAction(args(postRequest("/login", { email: user.email, password, redirectTo }, cookie))),
  );
}

/** A signed-in user enrols: the secret from the page, a code from it, the codes shown once. */
export async function enrol(user: User) {
  const cookie = await sessionCookie(user);
  const page = await json(await enrolLoader(args(getRequest("/myaccount/two-step", cookie))));
  expect(page.view).toBe("setup");
  const secret = String(page.secret).replaceAll(" ", "");
  const confirmed = await redirected(() =>
    enrolAction(
      args(postRequest("/myaccount/two-step", { intent: "confirm", code: codeAt(secret) }, cookie)),
    ),
  );
  const shown = await json(
    await enrolLoader(
      args(getRequest("/myaccount/two-step", withCookies(cookie, cookiesOf(confirmed)))),
    ),
  );
  expect(shown.view).toBe("codes");
  return { secret, codes: shown.codes as string[], cookie };
}

/** Password, then the second step with the given fields; returns the response. */
export async function secondStep(user: User, fields: Record<string, string>, cookie = "") {
  const first = await signInWithPassword(user, cookie);
  expect(first.headers.get("Location")).toBe("/login/two-step");
  expect(hasSession(first)).toBe(false);
  const pending = withCookies(cookie, cookiesOf(first));
  const response = await verifyAction(args(postRequest("/login/two-step", fields, pending)));
  return { response: asResponse(response), pending };
}
