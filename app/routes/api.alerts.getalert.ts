import { apiRoute } from "~/api/operation.server";
import { getAlertById } from "~/api/operations/alerts.server";

export const { loader, action } = apiRoute(getAlertById);
