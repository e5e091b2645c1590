import { json } from "@remix-run/node";
import { getServiceStatus } from "~/models/health.server";

/**
 * Readiness, for load balancers and monitors: 200 when the database answers, has every
 * migration, and the search index is built; 503 otherwise (starting up, database away).
 * Public: no access check, nothing private in it. Liveness is /api/health/live.
 */
export async function loader() {
  const status = await getServiceStatus();
  return json(status, {
    status: status.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
