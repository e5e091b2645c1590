import { apiRoute } from "~/api/operation.server";
import { getAlertsByAlertType } from "~/api/operations/alerts.server";

const api = apiRoute(getAlertsByAlertType);
export const loader = api.loader;
export const action = api.action;
