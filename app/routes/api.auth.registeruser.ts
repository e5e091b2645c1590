import { apiRoute } from "~/api/operation.server";
import { getInvitedUser, registerUser } from "~/api/operations/users.server";

const api = apiRoute(getInvitedUser, registerUser);
export const loader = api.loader;
export const action = api.action;
