import { apiRoute } from "~/api/operation.server";
import { getCachedFacets } from "~/api/operations/search.server";

const api = apiRoute(getCachedFacets);
export const loader = api.loader;
export const action = api.action;
