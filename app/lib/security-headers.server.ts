/** Headers every response carries; the document also gets a CSP with its nonce. */
export function applySecurityHeaders(headers: Headers, request: Request, nonce?: string) {
  const dev = process.env.NODE_ENV === "development";
  if (nonce !== undefined) {
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${dev ? " ws:" : ""}`,
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ];
    headers.set("Content-Security-Policy", csp.join("; "));
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  const https =
    new URL(request.url).protocol === "https:" ||
    request.headers.get("x-forwarded-proto") === "https";
  if (https) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
