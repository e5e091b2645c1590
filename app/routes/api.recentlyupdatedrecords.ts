import { apiRoute } from "~/api/operation.server";
import { recentlyUpdatedRecords } from "~/api/operations/account.server";

export const { loader, action } = apiRoute(recentlyUpdatedRecords);
