import { apiRoute } from "~/api/operation.server";
import { downloadHir } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(downloadHir);
