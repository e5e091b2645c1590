import { apiRoute } from "~/api/operation.server";
import { saveUserActivity } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(saveUserActivity);
