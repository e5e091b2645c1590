import { apiRoute } from "~/api/operation.server";
import { exportRecords } from "~/api/operations/search.server";

const api = apiRoute(exportRecords);
export const loader = api.loader;
export const action = api.action;
