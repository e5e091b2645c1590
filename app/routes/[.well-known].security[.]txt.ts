import { env } from "~/lib/env.server";

/**
 * RFC 9116: where to report a vulnerability (SECURITY.md in the repository says what is in
 * scope and what happens next). Public, like the sign-in page: a finder has no account.
 */
export function loader() {
  const config = env();
  // The file says how long it may be trusted: a year from when it is asked for.
  const expires = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
  expires.setUTCHours(0, 0, 0, 0);
  const body = [
    `Contact: ${config.SECURITY_CONTACT}`,
    `Expires: ${expires.toISOString()}`,
    "Preferred-Languages: en",
    `Canonical: ${new URL("/.well-known/security.txt", config.PUBLIC_URL)}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
