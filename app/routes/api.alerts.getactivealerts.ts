import { apiRoute } from "~/api/operation.server";
import { getActiveAlerts } from "~/api/operations/alerts.server";

export const { loader, action } = apiRoute(getActiveAlerts);
