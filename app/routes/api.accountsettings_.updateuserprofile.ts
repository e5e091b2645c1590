import { apiRoute } from "~/api/operation.server";
import { updateUserProfile } from "~/api/operations/account.server";

const api = apiRoute(updateUserProfile);
export const loader = api.loader;
export const action = api.action;
