import { apiRoute } from "~/api/operation.server";
import { usersReport } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(usersReport);
