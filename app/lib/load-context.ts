/** What the HTTP server (app/server) hands every loader and action beside the request. */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The request's id: in its log lines, its X-Request-Id header and the error page. */
    requestId?: string;
    /** Set when the server refused the request as sent from another site: why. */
    crossSite?: string;
    /** The client's address (a trusted proxy's X-Forwarded-For behind TRUST_PROXY proxies), for rate limits. */
    clientAddress?: string;
    /** Set by handleError when the database could not be reached: the answer is a 503. */
    unavailable?: boolean;
  }
}

export {};
