import { apiRoute } from "~/api/operation.server";
import { getAlerts } from "~/api/operations/alerts.server";

export const { loader, action } = apiRoute(getAlerts);
