import { json } from "@remix-run/node";
import { getServiceStatus } from "~/models/health.server";

// Public service status for monitors: no access check, nothing private in it.
export async function loader() {
  const status = await getServiceStatus();
  return json(status, {
    status: status.database.answers ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
