import { apiRoute } from "~/api/operation.server";
import { liveness } from "~/api/operations/health.server";

export const { loader, action } = apiRoute(liveness);
