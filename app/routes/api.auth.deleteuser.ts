import { apiRoute } from "~/api/operation.server";
import { deleteUser } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(deleteUser);
