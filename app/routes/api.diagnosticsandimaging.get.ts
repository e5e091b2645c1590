import { apiRoute } from "~/api/operation.server";
import { getImaging } from "~/api/operations/imaging.server";

export const { loader, action } = apiRoute(getImaging);
