import { apiRoute } from "~/api/operation.server";
import { updateUserProfile } from "~/api/operations/account.server";

export const { loader, action } = apiRoute(updateUserProfile);
