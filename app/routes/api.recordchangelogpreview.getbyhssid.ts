import { apiRoute } from "~/api/operation.server";
import { getChangeLogPreview } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(getChangeLogPreview);
