import { apiRoute } from "~/api/operation.server";
import { usersReport } from "~/api/operations/users.server";

const api = apiRoute(usersReport);
export const loader = api.loader;
export const action = api.action;
