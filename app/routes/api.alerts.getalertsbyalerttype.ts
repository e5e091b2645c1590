import { apiRoute } from "~/api/operation.server";
import { getAlertsByAlertType } from "~/api/operations/alerts.server";

export const { loader, action } = apiRoute(getAlertsByAlertType);
