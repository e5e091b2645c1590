import { apiRoute } from "~/api/operation.server";
import { deleteImaging } from "~/api/operations/imaging.server";

export const { loader, action } = apiRoute(deleteImaging);
