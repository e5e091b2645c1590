import { apiRoute } from "~/api/operation.server";
import { getSavedSearch } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(getSavedSearch);
