import { decode } from "turbo-stream";

/**
 * A loader's or action's result as the Response the browser would get, for tests that read
 * its status, headers and JSON body. Routes return plain objects, `data(value, init)` or a
 * Response; a plain object or data() body goes through JSON, as a form without JavaScript
 * never sees it, so Dates come back as strings.
 */
export function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result);
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/**
 * One route's loader data from a single-fetch answer (`/path.data`, what a client-side
 * navigation asks for), decoded from Remix's turbo-stream as the browser decodes it.
 */
export async function routeDataOf<T>(response: Response, routeId: string): Promise<T> {
  if (!response.ok || !response.body) throw new Error(`${response.url}: ${response.status}`);
  const routes = (await decodeSingleFetch(response.body)) as Record<
    string,
    { data?: T; error?: unknown }
  >;
  const route = routes[routeId];
  if (!route || !("data" in route)) throw new Error(`${response.url}: no data for ${routeId}`);
  return route.data as T;
}

/**
 * A single-fetch body decoded as Remix's browser code decodes it: its errors become Error
 * objects with the message sent, error responses plain objects, redirects what they say.
 */
export async function decodeSingleFetch(body: ReadableStream<Uint8Array>): Promise<unknown> {
  const decoded = await decode(body, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "SanitizedError") return { value: new Error(rest[1] as string) };
        if (type === "ErrorResponse") {
          const [data, status, statusText] = rest;
          return { value: { data, status, statusText } };
        }
        if (type === "SingleFetchRedirect") return { value: { redirect: rest[0] } };
      },
      (type: string) => {
        if (type === "SingleFetchFallback" || type === "SingleFetchClassInstance")
          return { value: undefined };
      },
    ],
  });
  await decoded.done;
  return decoded.value;
}
