import { apiRoute } from "~/api/operation.server";
import { getHirTopics } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(getHirTopics);
