import { apiRoute } from "~/api/operation.server";
import { previewHirs } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(previewHirs);
