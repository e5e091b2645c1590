import { apiRoute } from "~/api/operation.server";
import { previewHirs } from "~/api/operations/hirs.server";

const api = apiRoute(previewHirs);
export const loader = api.loader;
export const action = api.action;
