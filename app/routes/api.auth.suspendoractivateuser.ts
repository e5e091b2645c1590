import { apiRoute } from "~/api/operation.server";
import { suspendOrActivateUser } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(suspendOrActivateUser);
