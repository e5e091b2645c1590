import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/hydrated";

export type Severity = "error" | "warning" | "info" | "success";

export interface BarMessage {
  severity: Severity;
  message: string;
}

export const SEVERITY_WORDS: Record<Severity, string> = {
  error: "Error",
  warning: "Warning",
  info: "Information",
  success: "Success",
};
const ICONS: Record<Severity, string> = { error: "✖", warning: "⚠", info: "ℹ", success: "✔" };

/** A timed bar hides after 3000 ms (docs/product.md). */
export const TIMED_BAR_MS = 3000;

function SeverityLabel({ severity }: { severity: Severity }) {
  return (
    <>
      <span className="alert-icon" aria-hidden="true">
        {ICONS[severity]}
      </span>
      <strong>{SEVERITY_WORDS[severity]}:</strong>{" "}
    </>
  );
}

/**
 * Hides a message after TIMED_BAR_MS once scripts run, but not while the pointer or the
 * keyboard focus is on it (so that it can be read to the end). Without JS it stays.
 */
function useTimedHide(timed: boolean) {
  const [hidden, setHidden] = useState(false);
  const held = useRef(false);
  useEffect(() => {
    if (!timed) return;
    const timer = setInterval(() => {
      if (!held.current) setHidden(true);
    }, TIMED_BAR_MS);
    return () => clearInterval(timer);
  }, [timed]);
  const hold = {
    onMouseEnter: () => {
      held.current = true;
    },
    onMouseLeave: () => {
      held.current = false;
    },
    onFocus: () => {
      held.current = true;
    },
    onBlur: () => {
      held.current = false;
    },
  };
  return { hidden, hold };
}

function Message({ item }: { item: BarMessage }) {
  // A confirmation is a timed bar; an error or a warning stays until the next page.
  const { hidden, hold } = useTimedHide(item.severity === "success");
  if (hidden) return null;
  return (
    <div
      className={`alert alert--${item.severity}`}
      role={item.severity === "error" ? "alert" : "status"}
      data-timed={item.severity === "success" ? "true" : undefined}
      {...hold}
    >
      <SeverityLabel severity={item.severity} />
      {item.message}
    </div>
  );
}

/**
 * The bar below the header for this page's messages. Each names its severity in words and
 * an icon as well as a colour; errors are announced at once, the rest politely.
 */
export function AlertBar({ messages }: { messages: BarMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="alert-bar container">
      {messages.map((item) => (
        <Message key={`${item.severity}:${item.message}`} item={item} />
      ))}
    </div>
  );
}

export interface SiteAlertData {
  alertId: number;
  severity: Severity;
  title: string;
  summary: string;
}

/**
 * A website alert staff wrote (decision 017), the most severe and newest first, with how many more
 * are waiting. Closing it, or following 'Close and View Details', is remembered on the server:
 * a POST without JS, a fetch with it.
 */
export function SiteAlertBar({ alert, more }: { alert: SiteAlertData; more: number }) {
  const location = useLocation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const closing =
    fetcher.state !== "idle" && fetcher.formData?.get("alertId") === String(alert.alertId);
  if (closing) return null;
  return (
    <div className="alert-bar container">
      <aside className={`alert alert--${alert.severity} site-alert`} aria-label="Website alert">
        <p>
          <SeverityLabel severity={alert.severity} />
          <span className="site-alert-title">{alert.title}</span>
          {alert.summary ? <span className="site-alert-summary"> {alert.summary}</span> : null}
        </p>
        <ul className="site-alert-actions">
          <li>
            <a href={`/alerts/${alert.alertId}`}>Close and View Details</a>
          </li>
          {more > 0 ? (
            <li>
              <a href="/alerts">
                {more} more
                <span className="visually-hidden"> {more === 1 ? "alert" : "alerts"}</span>
              </a>
            </li>
          ) : null}
          <li>
            <fetcher.Form method="post" action="/alerts/viewed">
              <input type="hidden" name="alertId" value={alert.alertId} />
              {hydrated ? <input type="hidden" name="js" value="1" /> : null}
              <input
                type="hidden"
                name="redirectTo"
                value={`${location.pathname}${location.search}`}
              />
              <button type="submit" className="secondary outline">
                Close<span className="visually-hidden"> the alert: {alert.title}</span>
              </button>
            </fetcher.Form>
          </li>
        </ul>
      </aside>
    </div>
  );
}
