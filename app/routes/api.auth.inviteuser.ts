import { apiRoute } from "~/api/operation.server";
import { inviteUser } from "~/api/operations/users.server";

const api = apiRoute(inviteUser);
export const loader = api.loader;
export const action = api.action;
