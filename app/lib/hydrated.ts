import { useEffect, useState } from "react";

/**
 * Whether scripts run on this page (false on the server and in the first render, so the two
 * agree). A form adds `js=1` once they do, and its action answers the fetch with data instead
 * of a redirect.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
