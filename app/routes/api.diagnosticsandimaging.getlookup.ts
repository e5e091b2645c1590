import { apiRoute } from "~/api/operation.server";
import { getImagingLookup } from "~/api/operations/imaging.server";

const api = apiRoute(getImagingLookup);
export const loader = api.loader;
export const action = api.action;
