import { apiRoute } from "~/api/operation.server";
import { exportImaging } from "~/api/operations/imaging.server";

const api = apiRoute(exportImaging);
export const loader = api.loader;
export const action = api.action;
