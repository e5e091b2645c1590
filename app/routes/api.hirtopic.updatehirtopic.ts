import { apiRoute } from "~/api/operation.server";
import { updateHirTopic } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(updateHirTopic);
