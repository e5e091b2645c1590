import { apiRoute } from "~/api/operation.server";
import { searchHirs } from "~/api/operations/hirs.server";

const api = apiRoute(searchHirs);
export const loader = api.loader;
export const action = api.action;
