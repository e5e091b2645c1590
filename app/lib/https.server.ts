import { env } from "~/lib/env.server";

/**
 * Whether the browser reached us over HTTPS: the site's PUBLIC_URL says so, or the request
 * came in over TLS, directly or through a TLS-terminating proxy (`X-Forwarded-Proto`). Then
 * cookies are `Secure` and `Strict-Transport-Security` is sent. A client that claims HTTPS
 * falsely only makes its own cookies Secure.
 */
export function isHttps(request: Request) {
  return (
    env().PUBLIC_URL.startsWith("https://") ||
    new URL(request.url).protocol === "https:" ||
    request.headers.get("x-forwarded-proto") === "https"
  );
}
