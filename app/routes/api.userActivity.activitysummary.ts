import { apiRoute } from "~/api/operation.server";
import { activitySummary } from "~/api/operations/search.server";

const api = apiRoute(activitySummary);
export const loader = api.loader;
export const action = api.action;
