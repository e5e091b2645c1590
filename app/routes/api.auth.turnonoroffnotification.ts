import { apiRoute } from "~/api/operation.server";
import { turnOnOrOffNotification } from "~/api/operations/users.server";

const api = apiRoute(turnOnOrOffNotification);
export const loader = api.loader;
export const action = api.action;
