import { apiRoute } from "~/api/operation.server";
import { usersList } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(usersList);
