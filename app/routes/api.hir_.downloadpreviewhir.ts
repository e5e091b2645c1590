import { apiRoute } from "~/api/operation.server";
import { downloadHir } from "~/api/operations/hirs.server";

const api = apiRoute(downloadHir);
export const loader = api.loader;
export const action = api.action;
