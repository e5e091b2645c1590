import appCss from "~/styles/app.css?inline";
import chartsCss from "~/styles/charts.css?inline";
import timelineCss from "~/styles/timeline.css?inline";
import picoCss from "@picocss/pico/css/pico.min.css?inline";

/**
 * The stylesheets' text as the build processed it, joined in cascade order (as STYLESHEETS in
 * site-css.tsx): Vite puts it in the server bundle, so nothing is read from disk at run time.
 * Null in development, where pages link the files instead so that Vite can serve each change
 * as it is saved.
 */
const joined = [picoCss, appCss, chartsCss, timelineCss]
  .join("\n")
  // Nothing in a stylesheet may end the element early.
  .replaceAll("</", "<\\/");

export function siteCss(): string | null {
  return process.env.NODE_ENV === "development" ? null : joined;
}
