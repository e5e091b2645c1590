/**
 * The page's scripts wait for its first paint (decision 026). Remix's <Scripts/> writes module
 * preloads and an inline module script whose imports the browser fetches as soon as it parses
 * them; on the way out of the server (scripts-after-paint.server.ts) the preloads are given
 * media="not all", which a browser does not fetch, and the module script is made an inert data
 * block of HELD_MODULE_TYPE. AFTER_PAINT_LOADER, rendered after <Scripts/>, lets them go once the
 * page has painted: it turns the preloads on and runs the held script as a module, with the
 * page's nonce. Without scripts, none of it is fetched at all.
 */
export const HELD_MODULE_TYPE = "text/x-module-after-paint";

export const HELD_PRELOAD_MEDIA = "not all";

// A classic script, run where the parser meets it. In a tab that is not shown, animation
// frames wait for it to be shown, so there the scripts go at once. The held script is added
// and at once removed (a module script runs all the same): React hydrates <head> and <body>
// against the server's HTML, and must not meet an element it did not render.
export const AFTER_PAINT_LOADER = `(function () {
  var start = function () {
    var preloads = document.querySelectorAll('link[rel="modulepreload"][media="${HELD_PRELOAD_MEDIA}"]');
    for (var i = 0; i < preloads.length; i++) preloads[i].media = "all";
    var held = document.querySelector('script[type="${HELD_MODULE_TYPE}"]');
    if (!held) return;
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = held.nonce;
    script.textContent = held.textContent;
    document.head.appendChild(script);
    document.head.removeChild(script);
  };
  if (document.visibilityState === "hidden") start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();`;
