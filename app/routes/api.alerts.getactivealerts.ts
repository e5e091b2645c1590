import { apiRoute } from "~/api/operation.server";
import { getActiveAlerts } from "~/api/operations/alerts.server";

const api = apiRoute(getActiveAlerts);
export const loader = api.loader;
export const action = api.action;
