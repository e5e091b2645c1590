import { apiRoute } from "~/api/operation.server";
import { updateAlertOperation } from "~/api/operations/alerts.server";

export const { loader, action } = apiRoute(updateAlertOperation);
