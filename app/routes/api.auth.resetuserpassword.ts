import { apiRoute } from "~/api/operation.server";
import { resetUserPassword } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(resetUserPassword);
