import { apiRoute } from "~/api/operation.server";
import { search } from "~/api/operations/search.server";

const api = apiRoute(search);
export const loader = api.loader;
export const action = api.action;
