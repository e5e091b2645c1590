import { apiRoute } from "~/api/operation.server";
import { deleteHirOperation } from "~/api/operations/hirs.server";

const api = apiRoute(deleteHirOperation);
export const loader = api.loader;
export const action = api.action;
