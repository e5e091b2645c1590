import type { NextFunction, Request, Response } from "express";

const SESSION_COOKIE = /(?:^|;\s*)hsd_session=/;

/**
 * Who may keep an answer (decision 016). Anything sent to a signed-in browser, and anything that
 * sets a cookie, is `private, no-store`: a hospital's shared proxy must not keep a member's
 * pages or downloads, and after sign-out the back button must not show them. Other answers
 * (public pages, refusals) are `no-cache` unless their route chose a header: a page carries
 * its own CSP nonce, so it is never served again from a store without asking. The built
 * assets (`/assets/`, names with their content's hash) and `public/` are served before this,
 * with `public, max-age=31536000, immutable` and an hour's public cache.
 */
export function cacheControl(req: Request, res: Response, next: NextFunction) {
  const signedIn = SESSION_COOKIE.test(req.get("cookie") ?? "");
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (signedIn || res.getHeader("set-cookie") !== undefined) {
      res.setHeader("Cache-Control", "private, no-store");
    } else if (res.getHeader("cache-control") === undefined) {
      res.setHeader("Cache-Control", "no-cache");
    }
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
}
