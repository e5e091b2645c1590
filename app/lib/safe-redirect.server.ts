import { env } from "~/lib/env.server";

/** Longer than any address of this site; a longer one is not ours. */
const MAX_LENGTH = 2048;

/**
 * The one check for every return address a request names: `redirectTo` on sign-in, two-step
 * sign-in and sign-out, the alert bar and popups' forms, a stored return address, a back
 * link. It answers a path on this site, or `fallback`.
 *
 * The address is parsed against the site's own origin (PUBLIC_URL's) and must stay on it.
 * Before that, anything but printable ASCII is refused, and so is a backslash: browsers drop
 * tabs and newlines from a Location and read `\` as `/`, so `/<TAB>/evil.example` and
 * `/\evil.example` both land on //evil.example. Our own pages send only percent-encoded
 * addresses, so nothing they send is refused. The path is also checked once decoded, so that
 * `/%2F%2Fevil.example` or `/%5Cevil.example` cannot become another origin for anything that
 * decodes it before redirecting.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return fallback;
  // Printable ASCII without the backslash (0x5C): no control characters, spaces or Unicode.
  if (!/^[\x21-\x5b\x5d-\x7e]+$/.test(to)) return fallback;
  // A path of this site: not a scheme (https:, javascript:), not protocol-relative (//host).
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  const site = new URL(env().PUBLIC_URL).origin;
  let url: URL;
  try {
    url = new URL(to, site);
  } catch {
    return fallback;
  }
  if (url.origin !== site) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (decoded.startsWith("//") || /[\\\x00-\x1f\x7f]/.test(decoded)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
