import { apiRoute } from "~/api/operation.server";
import { liveness } from "~/api/operations/health.server";

const api = apiRoute(liveness);
export const loader = api.loader;
export const action = api.action;
