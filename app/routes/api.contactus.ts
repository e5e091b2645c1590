import { apiRoute } from "~/api/operation.server";
import { contactUs } from "~/api/operations/account.server";

const api = apiRoute(contactUs);
export const loader = api.loader;
export const action = api.action;
