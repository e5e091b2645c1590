import { apiRoute } from "~/api/operation.server";
import { usersList } from "~/api/operations/users.server";

const api = apiRoute(usersList);
export const loader = api.loader;
export const action = api.action;
