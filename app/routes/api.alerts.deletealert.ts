import { apiRoute } from "~/api/operation.server";
import { deleteAlertOperation } from "~/api/operations/alerts.server";

export const { loader, action } = apiRoute(deleteAlertOperation);
