import { apiRoute } from "~/api/operation.server";
import { getAlertTypes } from "~/api/operations/alerts.server";

const api = apiRoute(getAlertTypes);
export const loader = api.loader;
export const action = api.action;
