import { apiRoute } from "~/api/operation.server";
import { getHirTopics } from "~/api/operations/hirs.server";

const api = apiRoute(getHirTopics);
export const loader = api.loader;
export const action = api.action;
