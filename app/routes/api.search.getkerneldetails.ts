import { apiRoute } from "~/api/operation.server";
import { getKernelDetails } from "~/api/operations/search.server";

const api = apiRoute(getKernelDetails);
export const loader = api.loader;
export const action = api.action;
