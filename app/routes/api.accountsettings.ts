import { apiRoute } from "~/api/operation.server";
import { getAccountSettings } from "~/api/operations/account.server";

const api = apiRoute(getAccountSettings);
export const loader = api.loader;
export const action = api.action;
