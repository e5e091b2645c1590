import { apiRoute } from "~/api/operation.server";
import { updateImaging } from "~/api/operations/imaging.server";

export const { loader, action } = apiRoute(updateImaging);
