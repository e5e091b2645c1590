import { HSS_ID_PATTERN } from "~/records/schema.server";
import { getRecord } from "~/models/records.server";

/** The record for a route, or the 404 page: an unknown or malformed hssId is simply not found. */
export async function recordOr404(hssId: string | undefined, options: { preview?: boolean } = {}) {
  const record = hssId && HSS_ID_PATTERN.test(hssId) ? await getRecord(hssId, options) : null;
  if (!record) throw new Response("Record not found", { status: 404 });
  return record;
}
