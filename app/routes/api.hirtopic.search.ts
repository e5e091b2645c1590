import { apiRoute } from "~/api/operation.server";
import { searchHirTopics } from "~/api/operations/hirs.server";

const api = apiRoute(searchHirTopics);
export const loader = api.loader;
export const action = api.action;
