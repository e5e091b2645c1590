import { apiRoute } from "~/api/operation.server";
import { getKernelDetails } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(getKernelDetails);
