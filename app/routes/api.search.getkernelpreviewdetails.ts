import { apiRoute } from "~/api/operation.server";
import { getKernelPreviewDetails } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(getKernelPreviewDetails);
