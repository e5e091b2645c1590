import { apiRoute } from "~/api/operation.server";
import { health } from "~/api/operations/health.server";

export const { loader, action } = apiRoute(health);
