import { apiRoute } from "~/api/operation.server";
import { listHirs, uploadHir } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(listHirs, uploadHir);
