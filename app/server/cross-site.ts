/** Methods that change nothing: never refused for where they come from. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Why a request that would change something must be refused as sent from another site, or
 * null when it may go on. Browsers say where a form was sent from: `Sec-Fetch-Site` (current
 * browsers) and `Origin` (all browsers, on every POST). The origin must name this server as
 * the client reached it: the first `X-Forwarded-Host` when a proxy sets one, else `Host`.
 * A request with neither header (curl, an old client) goes on: it cannot carry a victim's
 * cookie, which is SameSite=Lax.
 */
export function crossSiteRefusal(
  method: string,
  header: (name: string) => string | undefined,
): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const fetchSite = header("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") {
    return `Sec-Fetch-Site is ${fetchSite}`;
  }
  // The browser's own word that the form came from this origin: no proxy's Host can mislead it.
  if (fetchSite === "same-origin") return null;
  const origin = header("origin");
  if (origin === undefined) return null;
  const host = (header("x-forwarded-host") ?? header("host"))?.split(",")[0]?.trim().toLowerCase();
  if (!host) return "no Host header to compare the Origin with";
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return `Origin ${JSON.stringify(origin.slice(0, 200))} is not an address`;
  }
  // A proxy may write the default port ("app.example:443") where the Origin leaves it out.
  const defaultPort = url.protocol === "https:" ? ":443" : ":80";
  const sameHost =
    host === url.host || (url.port === "" && host === `${url.hostname}${defaultPort}`);
  return sameHost ? null : `Origin ${origin.slice(0, 200)} is not ${host}`;
}
