import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

/** Word for word, as members know it (docs/product.md). */
export const POPUP_TEXT =
  "Email Notifications are currently off. Please visit the dashboard to enable.";

/**
 * The email-notification popup below the menu. Dismissing it is a POST remembered on the
 * server; with JS it also fades out after about 8 seconds (8,000 ms plus a 0.6 s
 * fade), which counts as dismissing it.
 */
export function NotificationPopup() {
  const location = useLocation();
  // React Router keeps submit the same function across renders, so the effect runs once.
  const { submit } = useFetcher();
  const [fading, setFading] = useState(false);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const fade = setTimeout(() => setFading(true), 8000);
    const hide = setTimeout(() => {
      setHidden(true);
      submit(
        { intent: "dismiss-popup", js: "1" },
        { method: "post", action: "/dashboard/notifications" },
      );
    }, 8600);
    return () => {
      clearTimeout(fade);
      clearTimeout(hide);
    };
  }, [submit]);
  if (hidden) return null;
  return (
    <aside
      className={`notification-popup${fading ? " notification-popup--fading" : ""}`}
      aria-label="Email notifications"
    >
      <p>
        <Link to="/dashboard/notifications">{POPUP_TEXT}</Link>
      </p>
      <Form method="post" action="/dashboard/notifications">
        <input type="hidden" name="intent" value="dismiss-popup" />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="secondary outline">
          Close<span className="visually-hidden"> the message about email notifications</span>
        </button>
      </Form>
    </aside>
  );
}
