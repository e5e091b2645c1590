import { apiRoute } from "~/api/operation.server";
import { saveUserActivity } from "~/api/operations/search.server";

const api = apiRoute(saveUserActivity);
export const loader = api.loader;
export const action = api.action;
