import { apiRoute } from "~/api/operation.server";
import { archiveToggleImaging } from "~/api/operations/imaging.server";

export const { loader, action } = apiRoute(archiveToggleImaging);
