import { apiRoute } from "~/api/operation.server";
import { createAlertOperation } from "~/api/operations/alerts.server";

export const { loader, action } = apiRoute(createAlertOperation);
