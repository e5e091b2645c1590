import { apiRoute } from "~/api/operation.server";
import { updateHirOperation } from "~/api/operations/hirs.server";

const api = apiRoute(updateHirOperation);
export const loader = api.loader;
export const action = api.action;
