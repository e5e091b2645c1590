import { apiRoute } from "~/api/operation.server";
import { assignRevokeUserRole } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(assignRevokeUserRole);
