import { apiRoute } from "~/api/operation.server";
import { getSavedSearches } from "~/api/operations/search.server";

const api = apiRoute(getSavedSearches);
export const loader = api.loader;
export const action = api.action;
