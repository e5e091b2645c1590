import { apiRoute } from "~/api/operation.server";
import { saveHirTopic } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(saveHirTopic);
