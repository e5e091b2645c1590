import { createContext, useContext } from "react";
import { useNonce } from "~/lib/nonce";
import siteStylesheetHref from "~/styles/index.css?url";

/**
 * The site's one stylesheet (app/styles/index.css: Pico and ours in their cascade layers). Every
 * page gets all of it, so that a page's styles never wait on a request of their own.
 */
export const STYLESHEETS = [siteStylesheetHref] as const;

/** The stylesheets' text, joined (server only: entry.server reads it once); null in the browser. */
export const SiteCssContext = createContext<string | null>(null);

const STYLE_ID = "site-css";

/**
 * The stylesheets inline, in one <style> carrying the page's CSP nonce: the first paint waits
 * for the document alone, not for three more round trips (decision 025). The
 * browser hydrates the element with the text it already has. Where the text is not at hand
 * (development, where Vite serves each file as it changes), the same stylesheets are linked
 * instead.
 */
export function SiteStyles() {
  const serverCss = useContext(SiteCssContext);
  const nonce = useNonce();
  const css =
    serverCss ??
    (typeof document === "undefined"
      ? null
      : (document.getElementById(STYLE_ID)?.textContent ?? null));
  if (css === null)
    return (
      <>
        {STYLESHEETS.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </>
    );
  return (
    <style
      id={STYLE_ID}
      nonce={nonce || undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheets, not user input
      dangerouslySetInnerHTML={{ __html: css }}
      suppressHydrationWarning
    />
  );
}
