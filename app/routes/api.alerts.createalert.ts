import { apiRoute } from "~/api/operation.server";
import { createAlertOperation } from "~/api/operations/alerts.server";

const api = apiRoute(createAlertOperation);
export const loader = api.loader;
export const action = api.action;
