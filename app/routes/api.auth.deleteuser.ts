import { apiRoute } from "~/api/operation.server";
import { deleteUser } from "~/api/operations/users.server";

const api = apiRoute(deleteUser);
export const loader = api.loader;
export const action = api.action;
