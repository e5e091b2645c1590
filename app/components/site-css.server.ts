import { readFileSync } from "node:fs";
import path from "node:path";
import { logError } from "~/lib/log.server";
import { STYLESHEETS } from "~/components/site-css";

let cached: string | null | undefined;

/**
 * The built stylesheets' text, joined in cascade order, read once from public/ (where the
 * build writes them and the server serves them from). Null, and pages link the files
 * instead, if one cannot be read.
 */
export function siteCss(): string | null {
  // In development the files change under a running server.
  if (cached !== undefined && process.env.NODE_ENV !== "development") return cached;
  try {
    cached = STYLESHEETS.map((href) => readFileSync(path.resolve("public", `.${href}`), "utf8"))
      .join("\n")
      // Nothing in a stylesheet may end the element early.
      .replaceAll("</", "<\\/");
  } catch (error) {
    logError("site-css", "A built stylesheet could not be read; pages link them instead", error);
    cached = null;
  }
  return cached;
}
