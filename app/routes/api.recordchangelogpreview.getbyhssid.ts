import { apiRoute } from "~/api/operation.server";
import { getChangeLogPreview } from "~/api/operations/search.server";

const api = apiRoute(getChangeLogPreview);
export const loader = api.loader;
export const action = api.action;
