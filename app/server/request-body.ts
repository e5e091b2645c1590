import type { Request } from "express";
import { requestLimitFor } from "~/lib/body.server";

/**
 * The whole body, or null once it passes the path's limit. A declared length is read straight
 * into one buffer, so a large upload is held once, not as chunks and then their copy.
 */
export async function readBody(req: Request): Promise<Uint8Array | null> {
  const limit = requestLimitFor(req.path);
  const declared = Number(req.get("content-length"));
  if (Number.isSafeInteger(declared) && declared >= 0 && declared <= limit) {
    const body = new Uint8Array(declared);
    let size = 0;
    for await (const chunk of req) {
      const bytes = chunk as Buffer;
      if (size + bytes.byteLength > declared) return null; // more than it said: refused
      body.set(bytes, size);
      size += bytes.byteLength;
    }
    return size === declared ? body : body.slice(0, size);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Whether a request of this method carries a body to read. */
export const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

/** The address as Remix's Express adapter makes it: the host and port a proxy was asked for, when trusted. */
export function requestUrl(req: Request) {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const forwarded = portOf(req.get("X-Forwarded-Host"));
  const direct = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwarded)
    ? forwarded
    : Number.isSafeInteger(direct)
      ? direct
      : "";
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`)
    .href;
}

/** The request's headers as name and value pairs, a repeated header once per value. */
export function requestHeaders(req: Request): [string, string][] {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const each of Array.isArray(value) ? value : [value]) headers.push([name, each]);
  }
  return headers;
}
