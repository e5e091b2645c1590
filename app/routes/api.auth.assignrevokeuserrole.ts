import { apiRoute } from "~/api/operation.server";
import { assignRevokeUserRole } from "~/api/operations/users.server";

const api = apiRoute(assignRevokeUserRole);
export const loader = api.loader;
export const action = api.action;
