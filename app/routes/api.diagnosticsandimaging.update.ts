import { apiRoute } from "~/api/operation.server";
import { updateImaging } from "~/api/operations/imaging.server";

const api = apiRoute(updateImaging);
export const loader = api.loader;
export const action = api.action;
