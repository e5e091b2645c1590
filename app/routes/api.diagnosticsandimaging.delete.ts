import { apiRoute } from "~/api/operation.server";
import { deleteImaging } from "~/api/operations/imaging.server";

const api = apiRoute(deleteImaging);
export const loader = api.loader;
export const action = api.action;
