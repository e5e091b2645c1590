import { apiRoute } from "~/api/operation.server";
import { saveSearchOperation } from "~/api/operations/search.server";

export const { loader, action } = apiRoute(saveSearchOperation);
