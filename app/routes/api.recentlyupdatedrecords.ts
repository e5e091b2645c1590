import { apiRoute } from "~/api/operation.server";
import { recentlyUpdatedRecords } from "~/api/operations/account.server";

const api = apiRoute(recentlyUpdatedRecords);
export const loader = api.loader;
export const action = api.action;
