import { apiRoute } from "~/api/operation.server";
import { getRoles } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(getRoles);
