import { apiRoute } from "~/api/operation.server";
import { deleteSavedSearchOperation } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(deleteSavedSearchOperation);
