/**
 * How a call of the JSON API is declared and answered (decision 023). Each call is one
 * Operation: its method and path as the earlier client spelled them, who may make it, zod
 * schemas of its query, body and response, and its handler over the same models the pages
 * use. The route module under app/routes/api.* exports `apiRoute(...)` of its operations;
 * /api/openapi.json and /api/docs are generated from the same list (operations.server.ts).
 *
 * Every answer goes through `answer`, in this order: the 30 s timer, the access check (the
 * token, then the roles), the query and body parsed with their schemas, the handler. A
 * failure answers `{ responseCode, message }` from the catalogue (errors.server.ts).
 */
import type { z } from "zod";
import { type API_ERRORS, ApiError, apiErrorBody } from "~/api/errors.server";
import {
  claimKey,
  fingerprintOf,
  idempotencyKeyOf,
  keepAnswer,
  releaseKey,
} from "~/api/idempotency.server";
import { readToken } from "~/api/tokens.server";
import { FORM_MAX_BYTES, isTooLarge, readAtMost, requestLimitFor } from "~/lib/body.server";
import { logError } from "~/lib/log.server";
import { currentRequest } from "~/lib/request-context.server";
import { can, type Permission } from "~/lib/roles";
import type { User } from "~/models/users.server";

/** The earlier client gave up after 30 s; the API answers TIMEOUT then instead of hanging. */
export const API_TIMEOUT_MS = 30_000;

/**
 * Who may make a call: anyone ("none": no token needed), any signed-in user ("user"),
 * or a user holding any of the roles. The roles are the pages' constants, so a call is
 * allowed exactly when the page that does the same thing is (`page` names it).
 */
/** Who may make a call: anyone, any signed-in user, or holders of a permission. */
export type Access = "none" | "user" | Permission;

export type Method = "GET" | "POST";

export interface HandlerArgs<Q, B> {
  /** The token's user; null only for calls with access "none". */
  user: User | null;
  query: Q;
  body: B;
  request: Request;
  /** Aborted when the call runs out of time; long work may stop at it. */
  signal: AbortSignal;
}

export interface Operation<Q = unknown, B = unknown, R = unknown> {
  /** The OpenAPI operationId: unique, camelCase. */
  id: string;
  method: Method;
  /** The path under /api, exactly as the earlier client spelled it. */
  path: string;
  /** The heading /api/docs lists it under. */
  group: string;
  summary: string;
  access: Access;
  /** The page that does the same thing, whose access rule this call shares. */
  page: string | null;
  query?: z.ZodType<Q>;
  /** A JSON body; `multipart` when the call takes a file as multipart/form-data. */
  body?: z.ZodType<B>;
  bodyType?: "json" | "multipart";
  /** The JSON response; or `file` with the media types, for downloads. */
  response: z.ZodType<R> | { file: string[] };
  /** Success codes this call answers (documentation); 200 when absent. */
  status?: number;
  /** Failures this call may answer besides the general ones (documentation). */
  errors?: (keyof typeof API_ERRORS)[];
  /** An example request for the docs page and the contract test. */
  example?: { query?: Record<string, string>; body?: unknown };
  handle(args: HandlerArgs<Q, B>): Promise<R | Response>;
}

export function defineOperation<Q = undefined, B = undefined, R = unknown>(
  operation: Operation<Q, B, R>,
): Operation<Q, B, R> {
  return operation;
}

// biome-ignore lint/suspicious/noExplicitAny: a list holds operations of every query, body and response type
export type AnyOperation = Operation<any, any, any>;

const JSON_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
};

export function apiJson(data: unknown, status = 200, headers: HeadersInit = {}) {
  const all = new Headers(JSON_HEADERS);
  for (const [name, value] of new Headers(headers)) all.set(name, value);
  return new Response(JSON.stringify(data), { status, headers: all });
}

function failure(error: ApiError, headers: HeadersInit = {}) {
  return apiJson(apiErrorBody(error), error.status, headers);
}

/** The issues of a failed parse as `{ "field.path": ["message", …] }`, the `errors` of VALIDATION_FAILED. */
export function fieldErrors(error: z.ZodError, prefix: string) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].join(".");
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return errors;
}

function validationFailed(errors: Record<string, string[]>) {
  return new ApiError("VALIDATION_FAILED", undefined, { errors });
}

/** The query as an object: one value per name, or an array when a name is repeated. */
function queryObject(url: URL) {
  const result: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name);
    result[name] = values.length === 1 ? values[0] : values;
  }
  return result;
}

async function readBody(operation: AnyOperation, request: Request): Promise<unknown> {
  const contentType = (request.headers.get("content-type") ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
  const maxBytes =
    operation.bodyType === "multipart"
      ? requestLimitFor(new URL(request.url).pathname)
      : FORM_MAX_BYTES;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    if (Number(request.headers.get("content-length")) > maxBytes)
      throw validationFailed({ body: ["The body is larger than this call accepts."] });
    bytes = await readAtMost(request, maxBytes);
  } catch (error) {
    if (isTooLarge(error))
      throw validationFailed({ body: ["The body is larger than this call accepts."] });
    throw error;
  }
  if (operation.bodyType === "multipart") {
    if (contentType !== "multipart/form-data")
      throw validationFailed({ body: ["Send this call's body as multipart/form-data."] });
    try {
      const form = await new Response(bytes, {
        headers: { "Content-Type": request.headers.get("content-type") ?? "" },
      }).formData();
      const result: Record<string, FormDataEntryValue> = {};
      for (const [name, value] of form) result[name] = value;
      return result;
    } catch {
      throw validationFailed({ body: ["The multipart body could not be read."] });
    }
  }
  if (bytes.byteLength === 0) return undefined;
  if (contentType !== "application/json")
    throw validationFailed({ body: ["Send this call's body as application/json."] });
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw validationFailed({ body: ["The body is not valid JSON."] });
  }
}

/** The access check every call starts with: the bearer token, then the roles. */
export async function authorise(access: Access, request: Request): Promise<User | null> {
  if (access === "none") return null;
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new ApiError("TOKEN_NOT_FOUND");
  const state = await readToken(match[1]);
  if (state.status !== "active") throw new ApiError("TOKEN_EXPIRED");
  if (access !== "user" && !can(state.user.roles, access)) throw new ApiError("FORBIDDEN");
  return state.user;
}

/** Whether a call takes an Idempotency-Key: a POST with a token that answers JSON. */
export const takesIdempotencyKey = (operation: AnyOperation) =>
  operation.method === "POST" && operation.access !== "none" && !("file" in operation.response);

async function run(operation: AnyOperation, request: Request, signal: AbortSignal) {
  const user = await authorise(operation.access, request);
  let query: unknown;
  if (operation.query) {
    const parsed = operation.query.safeParse(queryObject(new URL(request.url)));
    if (!parsed.success) throw validationFailed(fieldErrors(parsed.error, "query"));
    query = parsed.data;
  }
  const sent = operation.body ? await readBody(operation, request) : undefined;
  const key = user && takesIdempotencyKey(operation) ? idempotencyKeyOf(request) : null;
  const rest = async () => {
    let body: unknown;
    if (operation.body) {
      const parsed = operation.body.safeParse(sent);
      if (!parsed.success) throw validationFailed(fieldErrors(parsed.error, "body"));
      body = parsed.data;
    }
    const result = await operation.handle({ user, query, body, request, signal });
    return result instanceof Response ? result : apiJson(result, operation.status ?? 200);
  };
  if (!user || key === null) return rest();
  // Sent with an Idempotency-Key: the first call runs and its answer is kept, whatever it is;
  // a retry gets that answer (idempotency.server.ts).
  const fingerprint = await fingerprintOf(operation.id, new URL(request.url), sent);
  const claim = await claimKey(user.id, key, fingerprint);
  if (claim.kind === "replay") return claim.response;
  if (claim.kind === "running") throw new ApiError("IDEMPOTENCY_KEY_IN_USE");
  if (claim.kind === "other request") throw new ApiError("IDEMPOTENCY_KEY_REUSED");
  let response: Response;
  try {
    response = await rest();
  } catch (error) {
    // Stopped at the time limit, before answering: a retry may run it again.
    if (signal.aborted && !(error instanceof ApiError)) {
      await releaseKey(user.id, key);
      throw error;
    }
    response = failureFor(operation, error, signal);
  }
  return keepAnswer(user.id, key, response);
}

/** A call's failure as its answer: from the catalogue, TIMEOUT, or INTERNAL_ERROR (logged). */
function failureFor(operation: AnyOperation, error: unknown, signal: AbortSignal) {
  if (error instanceof ApiError) {
    const headers: Record<string, string> = {};
    if (error.status === 429 && typeof error.extra.retryAfterSeconds === "number")
      headers["Retry-After"] = String(error.extra.retryAfterSeconds);
    return failure(error, headers);
  }
  if (signal.aborted) return failure(new ApiError("TIMEOUT"));
  logError("api", `${operation.method} /api${operation.path} failed`, error);
  return failure(
    new ApiError("INTERNAL_ERROR", undefined, { requestId: currentRequest()?.id ?? null }),
  );
}

/**
 * Answers one call: the operation's answer, or its failure from the catalogue; TIMEOUT
 * after `timeoutMs`; INTERNAL_ERROR (logged, with the request id) for anything unexpected.
 * Work still running at the time limit gets its abort signal; a change it goes on to make
 * is not made twice by a retry that sends the same Idempotency-Key.
 */
export async function answer(
  operation: AnyOperation,
  request: Request,
  timeoutMs = API_TIMEOUT_MS,
): Promise<Response> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Response>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new ApiError("TIMEOUT"));
      resolve(failure(new ApiError("TIMEOUT")));
    }, timeoutMs);
  });
  const work = run(operation, request, controller.signal).catch((error: unknown) =>
    failureFor(operation, error, controller.signal),
  );
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A route module's loader and action for the operations at its path: GET ones answer the
 * loader, POST ones the action; another method answers METHOD_NOT_ALLOWED.
 */
export function apiRoute(...operations: AnyOperation[]) {
  const byMethod = new Map(operations.map((operation) => [operation.method, operation]));
  const allow = [...byMethod.keys()].join(", ");
  const handler = async ({ request }: { request: Request }) => {
    const operation = byMethod.get(request.method === "HEAD" ? "GET" : (request.method as Method));
    if (!operation) return failure(new ApiError("METHOD_NOT_ALLOWED"), { Allow: allow });
    return answer(operation, request);
  };
  return { loader: handler, action: handler, operations };
}
