import { randomBytes } from "node:crypto";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { startServer } from "~/server/startup.server";
import { logError } from "~/lib/log.server";
import { NonceContext } from "~/lib/nonce";
import { type ServerErrorInfo, ServerErrorContext, messageCarrying } from "~/lib/server-error";
import { ServerActionFailedContext, actionFailedIn } from "~/lib/action-failed";
import { stripNulBytes } from "~/lib/strip-nul.server";
import { scriptsAfterPaint } from "~/lib/scripts-after-paint.server";
import { applySecurityHeaders } from "~/lib/security-headers.server";
import { isDatabaseUnavailable } from "~/lib/unavailable.server";
import "~/lib/load-context";

// Read by an app thread (app/server/thread.ts) through the build's entry module.
export { whenWarm } from "~/server/startup.server";

/** How long Remix waits on a loader's promises in a streamed answer (none here are streamed). */
export const streamTimeout = 5_000;
/** Seconds a client is asked to wait before trying again while the database is unreachable. */
const RETRY_AFTER = "5";

if (process.env.NODE_ENV !== "test") startServer();

/**
 * The facts the error page shows for the errors a render carries (none: not an error page).
 * Remix hands the render sanitised errors in production, so whether the database was
 * unreachable comes from handleError, which saw the originals.
 */
function errorInfo(remixContext: EntryContext, loadContext: AppLoadContext | undefined) {
  const errors = Object.values(remixContext.staticHandlerContext.errors ?? {});
  if (errors.length === 0) return null;
  return {
    reference: loadContext?.requestId,
    unavailable: loadContext?.unavailable === true || errors.some(isDatabaseUnavailable),
  } satisfies ServerErrorInfo;
}

/**
 * Every page is rendered whole before it is sent (no streamed suspense): the pages are
 * small, and a complete document is what no-JS browsers and screen readers handle best.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const nonce = randomBytes(16).toString("base64");
  const failure = errorInfo(remixContext, loadContext);
  let status = responseStatusCode;
  if (failure?.unavailable && status >= 500) {
    status = 503;
    responseHeaders.set("Retry-After", RETRY_AFTER);
  }
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerErrorContext.Provider value={failure}>
          <ServerActionFailedContext.Provider
            value={actionFailedIn(remixContext.staticHandlerContext.actionData)}
          >
            <RemixServer context={remixContext} url={request.url} nonce={nonce} />
          </ServerActionFailedContext.Provider>
        </ServerErrorContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          // Not a plain PassThrough: React 18 can pad its stream with zero bytes.
          const body = stripNulBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          applySecurityHeaders(responseHeaders, nonce);
          resolve(
            new Response(createReadableStreamFromReadable(body.pipe(scriptsAfterPaint())), {
              headers: responseHeaders,
              status: failed ? 500 : status,
            }),
          );
          pipe(body);
          // Rendered whole: nothing is left to abort. A timer left to run would hold the page's
          // render, data and all, for seconds after it was sent.
          clearTimeout(timer);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          logError("render", "a page failed to render", error);
        },
      },
    );
    // The render itself gets a second longer than the data it waits on.
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/** What Remix makes of any error a loader or action throws, in production, before it is sent. */
const SANITISED = JSON.stringify("Unexpected Server Error");

/**
 * A failed data request (a navigation or a form sent with JavaScript on) reaches the browser
 * as an error whose message is all Remix keeps. The message is rewritten to carry the request's
 * reference, and whether the database was unreachable, for the error page. An unreachable
 * database is answered 503, as the document is.
 *
 * The answer's body is Remix's turbo-stream, in which the message is a JSON string; the new
 * one is also a plain JSON string (a hex reference), so the stream stays valid.
 * tests/server/data-request-errors.test.ts checks this against the build.
 */
export const handleDataRequest: HandleDataRequestFunction = async (response, { context }) => {
  applySecurityHeaders(response.headers);
  if (response.status < 500) return response;
  const unavailable = context.unavailable === true;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  if (unavailable) headers.set("Retry-After", RETRY_AFTER);
  const carried = JSON.stringify(messageCarrying({ reference: context.requestId, unavailable }));
  return new Response((await response.text()).replaceAll(SANITISED, carried), {
    status: unavailable ? 503 : response.status,
    headers,
  });
};

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: AppLoadContext },
) {
  // Aborted requests (the user navigated away) are not errors worth logging.
  if (request.signal.aborted) return;
  // Remembered for handleDataRequest, which sees only the sanitised error.
  if (isDatabaseUnavailable(error)) context.unavailable = true;
  logError(
    "request",
    isDatabaseUnavailable(error) ? "the database is unreachable" : "request failed",
    error,
  );
}
