import { apiRoute } from "~/api/operation.server";
import { deleteHirTopic } from "~/api/operations/hirs.server";

const api = apiRoute(deleteHirTopic);
export const loader = api.loader;
export const action = api.action;
