import { HIR_MAX_BYTES, UPLOAD_MAX_BYTES } from "~/lib/upload-limits";

/**
 * How every action reads its body (decision 016). A form is what our pages send: URL-encoded or
 * multipart, at most FORM_MAX_BYTES (the record upload allows its own limit). Anything else
 * (no body, another content type, a body too large, a multipart body that cannot be parsed)
 * is the client's mistake: a 400 with the error page saying what was wrong, never a 500.
 */

export const FORM_MAX_BYTES = 1024 * 1024;
/** The most a request may send (a record upload and its form): the HTTP server's limit. */
export const REQUEST_MAX_BYTES = UPLOAD_MAX_BYTES + FORM_MAX_BYTES;
/** The HIR pages and the API's HIR calls take a larger PDF; only they may send this much. */
export const HIR_REQUEST_MAX_BYTES = HIR_MAX_BYTES + FORM_MAX_BYTES;

/** The HTTP server's limit for a request to `path`. */
export function requestLimitFor(path: string) {
  return /^\/(dashboard\/managehirs|api\/hir)(\/|$)/i.test(path)
    ? HIR_REQUEST_MAX_BYTES
    : REQUEST_MAX_BYTES;
}

export const NOT_A_FORM = "This page accepts a form, and what was sent was not one.";
export const FORM_TOO_LARGE = "What was sent is larger than this form accepts.";
export const FORM_UNREADABLE = "What was sent could not be read as a form.";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The 400 a route throws; the root's error page shows its message. */
export function badRequest(message: string) {
  return Response.json({ message }, { status: 400 });
}

const refusedForSize = new WeakSet<Response>();
function tooLarge() {
  const response = badRequest(FORM_TOO_LARGE);
  refusedForSize.add(response);
  return response;
}
/** Whether readForm refused the body for its size (a route may answer that itself). */
export const isTooLarge = (thrown: unknown) =>
  thrown instanceof Response && refusedForSize.has(thrown);

/** The request's form, or a thrown 400 (badRequest) saying why not. */
export async function readForm(
  request: Request,
  options: { maxBytes?: number } = {},
): Promise<FormData> {
  const maxBytes = options.maxBytes ?? FORM_MAX_BYTES;
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.has(contentType.split(";")[0].trim().toLowerCase())) {
    throw badRequest(NOT_A_FORM);
  }
  if (Number(request.headers.get("content-length")) > maxBytes) throw tooLarge();
  const body = await readAtMost(request, maxBytes);
  try {
    return await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw badRequest(FORM_UNREADABLE);
  }
}

/** The body's bytes, refusing (400) once more than `maxBytes` have come, whatever was declared. */
export async function readAtMost(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
