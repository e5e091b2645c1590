import { apiRoute } from "~/api/operation.server";
import { exportImaging } from "~/api/operations/imaging.server";

export const { loader, action } = apiRoute(exportImaging);
