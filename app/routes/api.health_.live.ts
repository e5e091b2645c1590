import { json } from "@remix-run/node";

/**
 * Liveness: the process answers requests. Touches nothing else, so a database outage does not
 * make an orchestrator restart healthy processes (that is what /api/health's readiness is for).
 */
export function loader() {
  return json({ live: true }, { headers: { "Cache-Control": "no-store" } });
}
