import { apiRoute } from "~/api/operation.server";
import { deleteAlertOperation } from "~/api/operations/alerts.server";

const api = apiRoute(deleteAlertOperation);
export const loader = api.loader;
export const action = api.action;
