import { apiRoute } from "~/api/operation.server";
import { createImaging } from "~/api/operations/imaging.server";

const api = apiRoute(createImaging);
export const loader = api.loader;
export const action = api.action;
