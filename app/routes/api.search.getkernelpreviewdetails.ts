import { apiRoute } from "~/api/operation.server";
import { getKernelPreviewDetails } from "~/api/operations/search.server";

const api = apiRoute(getKernelPreviewDetails);
export const loader = api.loader;
export const action = api.action;
