import { apiRoute } from "~/api/operation.server";
import { getImagingLookup } from "~/api/operations/imaging.server";

export const { loader, action } = apiRoute(getImagingLookup);
