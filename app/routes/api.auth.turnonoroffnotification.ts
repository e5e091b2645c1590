import { apiRoute } from "~/api/operation.server";
import { turnOnOrOffNotification } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(turnOnOrOffNotification);
