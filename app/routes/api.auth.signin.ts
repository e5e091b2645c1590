import { apiRoute } from "~/api/operation.server";
import { signIn } from "~/api/operations/sign-in.server";

const api = apiRoute(signIn);
export const loader = api.loader;
export const action = api.action;
