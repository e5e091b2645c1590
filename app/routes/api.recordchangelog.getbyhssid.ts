import { apiRoute } from "~/api/operation.server";
import { getChangeLog } from "~/api/operations/search.server";

const api = apiRoute(getChangeLog);
export const loader = api.loader;
export const action = api.action;
