import { apiRoute } from "~/api/operation.server";
import { suspendOrActivateUser } from "~/api/operations/users.server";

const api = apiRoute(suspendOrActivateUser);
export const loader = api.loader;
export const action = api.action;
