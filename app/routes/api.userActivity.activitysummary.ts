import { apiRoute } from "~/api/operation.server";
import { activitySummary } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(activitySummary);
