import { apiRoute } from "~/api/operation.server";
import { getAlertById } from "~/api/operations/alerts.server";

const api = apiRoute(getAlertById);
export const loader = api.loader;
export const action = api.action;
