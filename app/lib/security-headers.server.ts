/**
 * Headers every page and data response carries; the document also gets a CSP with its nonce.
 * Strict-Transport-Security and X-Content-Type-Options are the HTTP server's, on every
 * response, downloads and static files included (app/server/app.ts).
 */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  const dev = process.env.NODE_ENV === "development";
  if (nonce !== undefined) {
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      // The stylesheet is a file of our own; style attributes and <style> elements are refused.
      // In development Vite adds each stylesheet as a <style> with the page's nonce.
      `style-src 'self'${dev ? ` 'nonce-${nonce}'` : ""}`,
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
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
}
