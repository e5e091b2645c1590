import { apiRoute } from "~/api/operation.server";
import { health } from "~/api/operations/health.server";

const api = apiRoute(health);
export const loader = api.loader;
export const action = api.action;
