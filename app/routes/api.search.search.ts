import { apiRoute } from "~/api/operation.server";
import { search } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(search);
