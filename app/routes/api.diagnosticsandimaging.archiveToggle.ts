import { apiRoute } from "~/api/operation.server";
import { archiveToggleImaging } from "~/api/operations/imaging.server";

const api = apiRoute(archiveToggleImaging);
export const loader = api.loader;
export const action = api.action;
