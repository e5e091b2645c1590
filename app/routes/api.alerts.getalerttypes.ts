import { apiRoute } from "~/api/operation.server";
import { getAlertTypes } from "~/api/operations/alerts.server";

export const { loader, action } = apiRoute(getAlertTypes);
