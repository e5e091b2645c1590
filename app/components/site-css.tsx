import picoHref from "@picocss/pico/css/pico.min.css?url";
import { createContext, useContext } from "react";
import { useNonce } from "~/lib/nonce";
import appHref from "~/styles/app.css?url";
import chartsHref from "~/styles/charts.css?url";
import timelineHref from "~/styles/timeline.css?url";

/**
 * The site's stylesheets, in cascade order: Pico, then ours. Every page gets all of them (the
 * charts' and the timeline's add about 2 KB compressed), so that a page's styles never wait
 * on a request of their own.
 */
export const STYLESHEETS = [picoHref, appHref, chartsHref, timelineHref] as const;

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
