import { apiRoute } from "~/api/operation.server";
import { createImaging } from "~/api/operations/imaging.server";

export const { loader, action } = apiRoute(createImaging);
