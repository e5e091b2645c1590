import { useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useState } from "react";

/**
 * Whether the page shows a form's errors, for the "Error: " that starts its title. The server
 * knows from the action's answer (any route's action data that is a conform reply with status
 * "error"); in the browser each error summary on show says so, as every form that answers
 * with errors draws one.
 */

/** Whether an action's data, route by route, holds a reply with errors. */
export function actionFailedIn(actionData: Record<string, unknown> | null | undefined) {
  return Object.values(actionData ?? {}).some(
    (value) =>
      typeof value === "object" &&
      value !== null &&
      (value as { status?: string }).status === "error",
  );
}

/** Set by entry.server for the document it renders. */
export const ServerActionFailedContext = createContext(false);

/** How an error summary tells the root it is on show (1) and gone again (-1). */
const ReportContext = createContext<(change: 1 | -1) => void>(() => {});
export const ActionFailedReport = ReportContext.Provider;

/** In the root: whether the page shows a form's errors, and the report its summaries call. */
export function useActionFailedState() {
  const onServer = useContext(ServerActionFailedContext);
  const { key } = useLocation();
  // A server-rendered page with errors hydrates with the title it came with, until the next
  // navigation (its summary reports itself once effects run).
  const [errorPageKey] = useState(() =>
    typeof document !== "undefined" && document.title.startsWith("Error: ") ? key : null,
  );
  const [shown, setShown] = useState(0);
  const report = useCallback((change: 1 | -1) => setShown((count) => count + change), []);
  return { failed: onServer || shown > 0 || errorPageKey === key, report };
}

/** In an error summary: reports itself while it shows errors. */
export function useReportActionFailed(showing: boolean) {
  const report = useContext(ReportContext);
  useEffect(() => {
    if (!showing) return;
    report(1);
    return () => report(-1);
  }, [showing, report]);
}
