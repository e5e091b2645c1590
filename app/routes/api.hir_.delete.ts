import { apiRoute } from "~/api/operation.server";
import { deleteHirOperation } from "~/api/operations/hirs.server";

export const { loader, action } = apiRoute(deleteHirOperation);
