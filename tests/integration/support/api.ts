/**
 * Calling the JSON API in tests as a client does: by method and path, through the route
 * module that Remix's flat-routes convention maps the path to (so a call whose route file is
 * missing or misnamed fails here), with a bearer token, a query and a JSON or multipart body.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { z } from "zod";
import { hashToken, issueToken } from "~/api/tokens.server";
import { getDb } from "~/db/client.server";
import type { User } from "~/models/users.server";

const ROUTES = path.resolve(__dirname, "../../../app/routes");

export interface ApiRouteFile {
  file: string;
  /** The path it serves, as Remix's flat routes read the file name; `*` for a splat. */
  path: string;
}

/** The route files under /api and the path each serves. */
export function apiRouteFiles(): ApiRouteFile[] {
  return readdirSync(ROUTES)
    .filter((file) => /^api\..*\.tsx?$/.test(file))
    .map((file) => {
      const name = file.replace(/\.tsx?$/, "");
      // Split on the dots that are not inside [ ] (an escaped dot is part of the segment).
      const segments = name.match(/(\[[^\]]*\]|[^.[])+/g) ?? [];
      const pathSegments = segments
        .map((segment) => segment.replace(/\[([^\]]*)\]/g, "$1").replace(/_$/, ""))
        .filter((segment) => segment !== "_index");
      return {
        file,
        path: `/${pathSegments.map((segment) => (segment === "$" ? "*" : segment)).join("/")}`,
      };
    });
}

function routeFor(pathname: string) {
  const files = apiRouteFiles();
  const exact = files.find((route) => route.path.toLowerCase() === pathname.toLowerCase());
  return exact ?? files.find((route) => route.path === "/api/*");
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text of a non-JSON one. */
  body: unknown;
  response: Response;
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number | boolean>;
  /** A JSON body (serialised here), or FormData for a multipart call. */
  body?: unknown;
  /** A raw body string sent as JSON, for malformed-body tests. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Calls `/api{path}` with the method, through its route module's loader or action. */
export async function callApi(
  method: "GET" | "POST" | "PUT" | "DELETE",
  apiPath: string,
  options: CallOptions = {},
): Promise<ApiAnswer> {
  const url = new URL(`/api${apiPath}`, "http://localhost:3000");
  for (const [name, value] of Object.entries(options.query ?? {}))
    url.searchParams.set(name, String(value));
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers.set("Content-Type", "application/json");
  } else if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("Content-Type", "application/json");
  }
  const request = new Request(url, { method, headers, body });
  const route = routeFor(url.pathname);
  if (!route) throw new Error(`No route file serves ${url.pathname}`);
  const module = (await import(/* @vite-ignore */ path.join(ROUTES, route.file))) as {
    loader?: (args: unknown) => Promise<Response>;
    action?: (args: unknown) => Promise<Response>;
  };
  const handler = method === "GET" ? module.loader : module.action;
  if (!handler) throw new Error(`${route.file} has no ${method === "GET" ? "loader" : "action"}`);
  const response = await handler({ request, params: {}, context: {} });
  const type = response.headers.get("content-type") ?? "";
  const text = type.includes("json") ? await response.clone().text() : null;
  return {
    status: response.status,
    headers: response.headers,
    body: text !== null ? (text ? JSON.parse(text) : null) : await response.clone().text(),
    response,
  };
}

/** A fresh access token for the user. */
export async function tokenFor(user: User) {
  return (await issueToken(user.id)).token;
}

/** A token for the user whose expiry has passed. */
export async function expiredTokenFor(user: User) {
  const { token } = await issueToken(user.id);
  const db = await getDb();
  await db.execute(
    sql`UPDATE api_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = ${hashToken(token)}`,
  );
  return token;
}

/** Asserts the answer is a success whose body matches the schema, and returns the body. */
export function expectValid<T>(
  answer: ApiAnswer,
  schema: z.ZodType<T> | { file: string[] },
  status = 200,
): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  if (!("safeParse" in schema)) throw new Error("A file answer has no JSON schema to check");
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    throw new Error(`The answer does not match its schema: ${parsed.error.message}`);
  return parsed.data;
}

/** Asserts the answer is the catalogue's failure with this code. */
export function expectFailure(answer: ApiAnswer, status: number, responseCode: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ responseCode, message: expect.any(String) });
}

/** Every page route module, with the path pattern Remix's flat routes give its file name. */
function pageRoutes() {
  return (
    readdirSync(ROUTES)
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith("api."))
      .map((file) => {
        const name = file.replace(/\.tsx?$/, "");
        const segments = (name.match(/(\[[^\]]*\]|[^.[])+/g) ?? [])
          .filter((segment) => segment !== "_index")
          .map((segment) => segment.replace(/\[([^\]]*)\]/g, "$1").replace(/_$/, ""));
        return { file, segments };
      })
      // Static segments before parameters, as Remix ranks them.
      .sort(
        (a, b) =>
          b.segments.filter((segment) => !segment.startsWith("$")).length -
          a.segments.filter((segment) => !segment.startsWith("$")).length,
      )
  );
}

/** The page route module for a path, with its params (a `{name}` placeholder is a value too). */
export async function pageRouteFor(pagePath: string) {
  const parts = pagePath.split("/").filter(Boolean);
  for (const route of pageRoutes()) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((segment, index) => {
      if (segment.startsWith("$")) {
        params[segment.slice(1)] = parts[index];
        return true;
      }
      return segment.toLowerCase() === parts[index].toLowerCase();
    });
    if (!matches) continue;
    const module = (await import(/* @vite-ignore */ path.join(ROUTES, route.file))) as {
      loader?: (args: unknown) => Promise<unknown>;
      action?: (args: unknown) => Promise<unknown>;
    };
    return { file: route.file, params, loader: module.loader, action: module.action };
  }
  throw new Error(`No page route serves ${pagePath}`);
}
