import { apiRoute } from "~/api/operation.server";
import { getRoles } from "~/api/operations/users.server";

const api = apiRoute(getRoles);
export const loader = api.loader;
export const action = api.action;
