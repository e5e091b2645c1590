import { ApiError, apiErrorBody } from "~/api/errors.server";
import { apiJson } from "~/api/operation.server";

/** Any other path under /api: the catalogue's NOT_FOUND as JSON, not the website's 404 page. */
function notFound() {
  return apiJson(apiErrorBody(new ApiError("NOT_FOUND", "No call of the API has this path.")), 404);
}

export const loader = notFound;
export const action = notFound;
