import { apiRoute } from "~/api/operation.server";
import { saveSearchOperation } from "~/api/operations/search.server";

const api = apiRoute(saveSearchOperation);
export const loader = api.loader;
export const action = api.action;
