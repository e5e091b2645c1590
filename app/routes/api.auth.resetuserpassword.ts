import { apiRoute } from "~/api/operation.server";
import { resetUserPassword } from "~/api/operations/users.server";

const api = apiRoute(resetUserPassword);
export const loader = api.loader;
export const action = api.action;
