import { apiRoute } from "~/api/operation.server";
import { updateHirTopic } from "~/api/operations/hirs.server";

const api = apiRoute(updateHirTopic);
export const loader = api.loader;
export const action = api.action;
