import { apiRoute } from "~/api/operation.server";
import { getAlerts } from "~/api/operations/alerts.server";

const api = apiRoute(getAlerts);
export const loader = api.loader;
export const action = api.action;
