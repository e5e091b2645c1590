import { apiRoute } from "~/api/operation.server";
import { listHirs, uploadHir } from "~/api/operations/hirs.server";

const api = apiRoute(listHirs, uploadHir);
export const loader = api.loader;
export const action = api.action;
