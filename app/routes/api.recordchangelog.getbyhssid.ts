import { apiRoute } from "~/api/operation.server";
import { getChangeLog } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(getChangeLog);
