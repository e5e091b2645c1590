import { apiRoute } from "~/api/operation.server";
import { updateHirOperation } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(updateHirOperation);
