import { apiRoute } from "~/api/operation.server";
import { getSavedSearches } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(getSavedSearches);
