import siteStylesheet from "~/styles/index.css?inline";

/**
 * The site's stylesheet as the build processed it (app/styles/index.css: Pico and ours, in
 * their cascade layers): Vite puts it in the server bundle, so nothing is read from disk at run
 * time. Null in development, where pages link it instead so that Vite can serve each change as
 * it is saved.
 */
// Nothing in a stylesheet may end the element early.
const css = siteStylesheet.replaceAll("</", "<\\/");

export function siteCss(): string | null {
  return process.env.NODE_ENV === "development" ? null : css;
}
