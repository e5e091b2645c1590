import { apiRoute } from "~/api/operation.server";
import { searchHirTopics } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(searchHirTopics);
