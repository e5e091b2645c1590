import { apiRoute } from "~/api/operation.server";
import { signInTwoStep } from "~/api/operations/sign-in.server";

const api = apiRoute(signInTwoStep);
export const loader = api.loader;
export const action = api.action;
