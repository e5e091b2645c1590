import { apiRoute } from "~/api/operation.server";
import { disableEmailNotificationPopup } from "~/api/operations/account.server";

const api = apiRoute(disableEmailNotificationPopup);
export const loader = api.loader;
export const action = api.action;
