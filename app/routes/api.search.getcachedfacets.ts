import { apiRoute } from "~/api/operation.server";
import { getCachedFacets } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(getCachedFacets);
