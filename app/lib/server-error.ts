import { createContext, useContext, useState } from "react";

/**
 * What the error page tells the user about a failure on the server: the request's reference
 * (its id in the log, to quote to support) and whether the database was unreachable (a
 * moment's outage, 503) rather than a fault (500).
 */
export interface ServerErrorInfo {
  reference?: string;
  unavailable: boolean;
}

/** Set by entry.server for the document it renders. */
export const ServerErrorContext = createContext<ServerErrorInfo | null>(null);

// A failed data request (a navigation with JavaScript on) carries the same facts in the
// error's message, the one field Remix passes to the browser: "Unexpected Server Error
// [ref 0123456789abcdef unavailable]".
const CARRIED = /\[ref ([0-9a-f]{16})( unavailable)?\]$/;

export function messageCarrying(info: ServerErrorInfo) {
  return `Unexpected Server Error [ref ${info.reference}${info.unavailable ? " unavailable" : ""}]`;
}

function carriedBy(error: unknown): ServerErrorInfo | null {
  const match = error instanceof Error ? CARRIED.exec(error.message) : null;
  return match ? { reference: match[1], unavailable: Boolean(match[2]) } : null;
}

/** The id of the element whose data attributes hand the server's facts to hydration. */
export const ERROR_FACTS_ID = "error-facts";

/**
 * The facts for the error being shown: from the server render, from a failed data request,
 * or (when a server-rendered error page hydrates) from the page itself.
 */
export function useServerErrorInfo(error: unknown): ServerErrorInfo {
  const rendered = useContext(ServerErrorContext);
  const [hydrated] = useState<ServerErrorInfo | null>(() => {
    if (typeof document === "undefined") return null;
    const facts = document.getElementById(ERROR_FACTS_ID)?.dataset;
    return facts ? { reference: facts.reference, unavailable: facts.unavailable === "true" } : null;
  });
  return carriedBy(error) ?? rendered ?? hydrated ?? { unavailable: false };
}
