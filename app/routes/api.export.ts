import { apiRoute } from "~/api/operation.server";
import { exportRecords } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(exportRecords);
