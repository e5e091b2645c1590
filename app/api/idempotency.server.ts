/**
 * Idempotency-Key for the JSON API's changes. A call that times out (TIMEOUT, 30 s) may still
 * finish its work after the client has been answered, and a client that retries it would
 * then apply it twice. A POST made with a token may carry an `Idempotency-Key` header (any
 * 1 to 255 printable ASCII characters, a UUID for example): the first call with a key claims
 * it, runs, and keeps its answer for a day; a retry with the same key and the same request
 * gets that answer, marked `Idempotent-Replayed: true`, and changes nothing. While the first
 * is still running, a retry gets IDEMPOTENCY_KEY_IN_USE (409); the same key with another
 * request gets IDEMPOTENCY_KEY_REUSED (422). Keys are per user.
 *
 * Calls without a token (sign-in among them, whose answers are tokens) and calls answering a
 * file do not take a key; the header is ignored there.
 */
import { createHash } from "node:crypto";
import { ApiError } from "~/api/errors.server";
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  IDEMPOTENCY_HOURS,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
} from "~/models/idempotency.server";

export { IDEMPOTENCY_HOURS };

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** The request's key, or null without one; a malformed key is the client's mistake. */
export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!KEY_FORMAT.test(key))
    throw new ApiError("VALIDATION_FAILED", undefined, {
      errors: {
        [`header.${IDEMPOTENCY_HEADER}`]: ["Send 1 to 255 printable ASCII characters, no spaces."],
      },
    });
  return key;
}

/** What makes two requests the same: the operation, its query and its body as sent. */
export async function fingerprintOf(operationId: string, url: URL, body: unknown) {
  const hash = createHash("sha256").update(`${operationId}\n${url.search}\n`);
  if (body && typeof body === "object" && !Array.isArray(body)) {
    // A multipart body: each field by name, a file by its name and bytes.
    const entries = Object.entries(body as Record<string, unknown>);
    if (entries.some(([, value]) => value instanceof Blob)) {
      for (const [name, value] of entries) {
        hash.update(`${name}\n`);
        if (value instanceof File) {
          hash.update(`${value.name}\n`).update(new Uint8Array(await value.arrayBuffer()));
        } else hash.update(String(value));
        hash.update("\n");
      }
      return hash.digest("base64url");
    }
  }
  return hash.update(JSON.stringify(body ?? null)).digest("base64url");
}

export type Claim =
  | { kind: "claimed" }
  | { kind: "replay"; response: Response }
  | { kind: "running" }
  | { kind: "other request" };

/**
 * Claims the key for this request, in one statement: a new key, or one whose day is over, is
 * taken; otherwise the stored row says what to answer.
 */
export async function claimKey(userId: number, key: string, fingerprint: string): Promise<Claim> {
  if (await claimIdempotencyKey(userId, key, fingerprint)) return { kind: "claimed" };
  const row = await findIdempotencyKey(userId, key);
  // Pruned between the two statements: as good as new.
  if (!row) return claimKey(userId, key, fingerprint);
  if (row.fingerprint !== fingerprint) return { kind: "other request" };
  if (row.status === null) return { kind: "running" };
  const headers = new Headers(row.headers ?? []);
  headers.set(REPLAYED_HEADER, "true");
  return { kind: "replay", response: new Response(row.body, { status: row.status, headers }) };
}

/** Keeps the answer of the call that claimed the key; answers it again, whole. */
export async function keepAnswer(userId: number, key: string, response: Response) {
  const body = await response.text();
  const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "set-cookie");
  await keepIdempotentAnswer(userId, key, { status: response.status, headers, body });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** Gives the key up: the call stopped before answering (it ran out of time and stopped). */
export async function releaseKey(userId: number, key: string) {
  await releaseIdempotencyKey(userId, key);
}
