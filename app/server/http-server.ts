import http from "node:http";
import type { Env } from "~/lib/env.server";

/**
 * The HTTP server's time limits for what a client sends. A connection whose request headers
 * have not all come in HEADERS_LIMIT_SECONDS (10 s), or whose whole request, body included,
 * has not come in REQUEST_LIMIT_SECONDS (30 s), is answered 408 and closed by Node itself,
 * so a client sending a byte a second holds nothing for long. Node looks for late
 * connections every `connectionsCheckingInterval` (30 s unless told): here every second, or
 * more often for shorter limits, so that a limit is kept to within a second.
 *
 * Bodies are read whole before a request takes a turn (app.ts, admission.ts), so a slow
 * body never holds one of the MAX_ACTIVE_REQUESTS turns while it arrives.
 */
export function httpServerOptions(
  config: Pick<Env, "HEADERS_LIMIT_SECONDS" | "REQUEST_LIMIT_SECONDS">,
): http.ServerOptions {
  const headersTimeout = Math.round(config.HEADERS_LIMIT_SECONDS * 1000);
  // Node refuses a headers limit longer than the whole request's.
  const requestTimeout = Math.max(Math.round(config.REQUEST_LIMIT_SECONDS * 1000), headersTimeout);
  return {
    headersTimeout,
    requestTimeout,
    connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(headersTimeout / 4))),
  };
}

/** The server for `app` (or for the app added later as its "request" listener), with those limits. */
export function createHttpServer(
  config: Pick<Env, "HEADERS_LIMIT_SECONDS" | "REQUEST_LIMIT_SECONDS">,
  app?: http.RequestListener,
) {
  return http.createServer(httpServerOptions(config), app);
}
