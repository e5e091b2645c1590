import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * The page's loader data arrives as a stream at the end of the body, and RemixBrowser decodes it
 * on its first render, suspending the whole document until it is done. With React 18, a click or
 * a key press in that gap makes React hydrate at once; the suspended root then throws "Root did
 * not complete" and the page never hydrates (it stays a working no-JS page, without its
 * enhancements). So the decoding is started here, and hydration waits for it: RemixBrowser, called
 * before the router exists, does nothing but start the decoding and throw its promise. Anything
 * else it throws is left for the real render to meet.
 */
function pageDataDecoded(): Promise<unknown> {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) return thrown;
  }
  return Promise.resolve();
}

/**
 * A navigation interrupted by another (a second click, a form sent while the page's data was
 * still arriving) aborts its data request on purpose. Remix settles the navigation, but the
 * decoding of the cut-off stream can leave a promise rejected with that AbortError and nothing
 * waiting for it. That is not a fault of the page: it is not reported as one.
 */
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") {
    event.preventDefault();
  }
});

void pageDataDecoded().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
