import { apiRoute } from "~/api/operation.server";
import { saveHirTopic } from "~/api/operations/hirs.server";

const api = apiRoute(saveHirTopic);
export const loader = api.loader;
export const action = api.action;
