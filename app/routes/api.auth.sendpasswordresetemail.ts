import { apiRoute } from "~/api/operation.server";
import { sendPasswordResetEmail } from "~/api/operations/users.server";

const api = apiRoute(sendPasswordResetEmail);
export const loader = api.loader;
export const action = api.action;
