import { apiRoute } from "~/api/operation.server";
import { signOut } from "~/api/operations/sign-in.server";

const api = apiRoute(signOut);
export const loader = api.loader;
export const action = api.action;
