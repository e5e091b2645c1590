import { apiRoute } from "~/api/operation.server";
import { inviteUser } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(inviteUser);
