import { randomBytes } from "node:crypto";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { startServer } from "~/lib/startup.server";
import { NonceContext } from "~/lib/nonce";
import { stripNulBytes } from "~/lib/strip-nul.server";
import { applySecurityHeaders } from "~/lib/security-headers.server";

const ABORT_DELAY = 5_000;

if (process.env.NODE_ENV !== "test") startServer();

/**
 * Every page is rendered whole before it is sent (no streamed suspense): the pages are
 * small, and a complete document is what no-JS browsers and screen readers handle best.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = randomBytes(16).toString("base64");
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          // Not a plain PassThrough: React 18 can pad its stream with zero bytes.
          const body = stripNulBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          applySecurityHeaders(responseHeaders, request, nonce);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: failed ? 500 : responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applySecurityHeaders(response.headers, request);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (the user navigated away) are not errors worth logging.
  if (request.signal.aborted) return;
  console.error(error);
}
