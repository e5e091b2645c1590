import { apiRoute } from "~/api/operation.server";
import { getImaging } from "~/api/operations/imaging.server";

const api = apiRoute(getImaging);
export const loader = api.loader;
export const action = api.action;
