import { apiRoute } from "~/api/operation.server";
import { enableAlert } from "~/api/operations/alerts.server";

const api = apiRoute(enableAlert);
export const loader = api.loader;
export const action = api.action;
