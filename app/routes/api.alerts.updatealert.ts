import { apiRoute } from "~/api/operation.server";
import { updateAlertOperation } from "~/api/operations/alerts.server";

const api = apiRoute(updateAlertOperation);
export const loader = api.loader;
export const action = api.action;
