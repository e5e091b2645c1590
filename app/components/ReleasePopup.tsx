import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/hydrated";

export interface ReleasePopupData {
  /** The release alerts it announces (marked viewed when it is dismissed or has been shown). */
  alertIds: number[];
  /** '{title} has been released', or that the product released N new versions. */
  message: string;
  /** How long it shows with JS: its popupDuration, or 30,000 ms for several. */
  duration: number;
}

/**
 * New releases the user has not seen (docs/product.md). Without JS it is a region at the top of
 * the page until dismissed (a POST); with JS it shows for its duration, then hides, and the
 * releases count as seen.
 */
export function ReleasePopup({ popup }: { popup: ReleasePopupData }) {
  const location = useLocation();
  const fetcher = useFetcher();
  const { submit } = fetcher;
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState(false);
  const ids = popup.alertIds.join(",");
  useEffect(() => {
    const timer = setTimeout(() => {
      setHidden(true);
      const form = new FormData();
      for (const id of ids.split(",")) form.append("alertId", id);
      form.append("js", "1");
      submit(form, { method: "post", action: "/alerts/viewed" });
    }, popup.duration);
    return () => clearTimeout(timer);
  }, [submit, ids, popup.duration]);
  if (hidden || fetcher.state !== "idle") return null;
  return (
    <div className="alert-bar container">
      {/* The site alert's shape (AlertBar): its rule and tint in the progress tone. */}
      <aside className="alert alert--info site-alert release-popup" aria-label="New releases">
        <p>
          <span aria-hidden="true" className="alert-icon release-popup-icon">
            ★
          </span>
          <strong>{popup.message}</strong> <Link to="/allreleases">See all releases</Link>
        </p>
        <div className="site-alert-actions">
          <fetcher.Form method="post" action="/alerts/viewed">
            {popup.alertIds.map((id) => (
              <input key={id} type="hidden" name="alertId" value={id} />
            ))}
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
            <input
              type="hidden"
              name="redirectTo"
              value={`${location.pathname}${location.search}`}
            />
            <button type="submit" className="secondary outline">
              Close<span className="visually-hidden"> the news of new releases</span>
            </button>
          </fetcher.Form>
        </div>
      </aside>
    </div>
  );
}
