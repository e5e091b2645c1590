import { apiRoute } from "~/api/operation.server";
import { getInvitedUser, registerUser } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(getInvitedUser, registerUser);
