import { apiRoute } from "~/api/operation.server";
import { searchHirs } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(searchHirs);
