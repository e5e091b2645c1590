import { apiRoute } from "~/api/operation.server";
import { enableAlert } from "~/api/operations/alerts.server";

export const { loader, action } = apiRoute(enableAlert);
