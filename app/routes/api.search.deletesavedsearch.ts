import { apiRoute } from "~/api/operation.server";
import { deleteSavedSearchOperation } from "~/api/operations/search.server";

const api = apiRoute(deleteSavedSearchOperation);
export const loader = api.loader;
export const action = api.action;
