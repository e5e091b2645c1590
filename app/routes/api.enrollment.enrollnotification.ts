import { apiRoute } from "~/api/operation.server";
import { enrollNotification } from "~/api/operations/account.server";

const api = apiRoute(enrollNotification);
export const loader = api.loader;
export const action = api.action;
