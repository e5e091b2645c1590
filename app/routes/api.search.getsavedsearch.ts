import { apiRoute } from "~/api/operation.server";
import { getSavedSearch } from "~/api/operations/search.server";

const api = apiRoute(getSavedSearch);
export const loader = api.loader;
export const action = api.action;
