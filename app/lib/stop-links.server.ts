import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "~/lib/env.server";

/**
 * The stop links of alert and digest emails: /unsubscribe?kind=…&id=…&token=…, the token an
 * HMAC of kind and id with the session secret, so the link works without signing in and
 * cannot be made for anyone else's alert.
 */
export type StopKind = "alert" | "digest";

function sign(kind: StopKind, id: number) {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`stop:${kind}:${id}`)
    .digest("base64url");
}

export function stopLink(kind: StopKind, id: number) {
  const params = new URLSearchParams({ kind, id: String(id), token: sign(kind, id) });
  return new URL(`/unsubscribe?${params}`, env().PUBLIC_URL).toString();
}

export function verifyStopToken(kind: StopKind, id: number, token: string) {
  const expected = Buffer.from(sign(kind, id));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const absoluteUrl = (pathname: string) => new URL(pathname, env().PUBLIC_URL).toString();
