/**
 * The API's access rules against the pages' (decision 023): every call is made with no token, an
 * expired token, a member's token and each staff role's token, and the page that does the same
 * thing (its `page`) is loaded by the same person with a session. The answers must agree:
 * signed out → 401 / the sign-in page; refused → 403 / /notallowed; otherwise allowed.
 */
import { describe, expect, it } from "vitest";
import type { AnyOperation } from "~/api/operation.server";
import { OPERATIONS } from "~/api/operations.server";
import { getDb, sql } from "~/db/client.server";
import { type Permission, PERMISSIONS, ROLES } from "~/lib/roles";
import type { User } from "~/models/users.server";
import { makeUser, sessionCookie } from "../factories";
import { callApi, expiredTokenFor, pageRouteFor, tokenFor } from "./support/api";

type Outcome = "signed out" | "expired" | "refused" | "allowed";
type Who = "nobody" | "expired" | "member" | (typeof ROLES)[number];
const WHO: Who[] = ["nobody", "expired", "member", ...ROLES];

async function apiOutcome(operation: AnyOperation, who: Who, user: User | null): Promise<Outcome> {
  // A fresh token for each call: one call (sign-out) ends its own.
  const token =
    who === "nobody" || !user
      ? undefined
      : who === "expired"
        ? await expiredTokenFor(user)
        : await tokenFor(user);
  const answer = await callApi(operation.method, operation.path, { token });
  const code = (answer.body as { responseCode?: string } | null)?.responseCode;
  if (answer.status === 401 && code === "TOKEN_NOT_FOUND") return "signed out";
  if (answer.status === 401 && code === "TOKEN_EXPIRED") return "expired";
  if (answer.status === 403 && code === "FORBIDDEN") return "refused";
  expect(answer.status, `${operation.method} ${operation.path} as ${who}`).toBeLessThan(500);
  return "allowed";
}

async function pageOutcome(page: string, who: Who, user: User | null): Promise<Outcome> {
  const route = await pageRouteFor(page);
  // A page that is only a form (no loader) is checked through its action, sent nothing.
  const handler = route.loader ?? route.action;
  if (!handler) throw new Error(`${route.file} has no loader or action to check access with`);
  let cookie: string | undefined;
  if (user) {
    cookie = await sessionCookie(user);
    if (who === "expired") {
      const db = await getDb();
      await db.execute(
        sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${user.id}`,
      );
    }
  }
  const request = new Request(new URL(page, "http://localhost:3000"), {
    method: route.loader ? "GET" : "POST",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(route.loader ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
    },
    ...(route.loader ? {} : { body: "" }),
  });
  let result: unknown;
  try {
    result = await handler({ request, params: route.params, context: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response && result.status >= 300 && result.status < 400) {
    const location = result.headers.get("Location") ?? "";
    if (location.startsWith("/login"))
      return /Token Expired/.test(result.headers.get("Set-Cookie") ?? "") || who === "expired"
        ? "expired"
        : "signed out";
    if (location.startsWith("/notallowed")) return "refused";
  }
  return "allowed";
}

describe("the API's access rules", () => {
  it("agree with the pages' for every call and every kind of user", async () => {
    const users = new Map<Who, User | null>([["nobody", null]]);
    users.set("expired", await makeUser());
    users.set("member", await makeUser());
    for (const role of ROLES) users.set(role, await makeUser({ roles: [role] }));

    const mismatches: string[] = [];
    let compared = 0;
    for (const operation of OPERATIONS) {
      for (const who of WHO) {
        const user = users.get(who) ?? null;
        const api = await apiOutcome(operation, who, user);
        // The token's own rules, whatever the page.
        const expected: Outcome =
          operation.access === "none"
            ? "allowed"
            : who === "nobody"
              ? "signed out"
              : who === "expired"
                ? "expired"
                : operation.access === "user" ||
                    (user?.roles ?? []).some((role) =>
                      (PERMISSIONS[operation.access as Permission] as readonly string[]).includes(
                        role,
                      ),
                    )
                  ? "allowed"
                  : "refused";
        if (api !== expected)
          mismatches.push(
            `${operation.method} ${operation.path} as ${who}: ${api}, rule says ${expected}`,
          );
        if (!operation.page) continue;
        const page = await pageOutcome(operation.page, who, user);
        compared += 1;
        if (api !== page)
          mismatches.push(
            `${operation.method} ${operation.path} as ${who}: the API ${api}, the page ${operation.page} ${page}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
    // Every call but the few without a page was compared with its page, for everyone.
    expect(compared).toBeGreaterThanOrEqual(
      OPERATIONS.filter((operation) => operation.page).length * WHO.length,
    );
  }, 300_000);
});
