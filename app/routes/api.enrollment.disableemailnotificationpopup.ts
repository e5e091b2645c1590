import { apiRoute } from "~/api/operation.server";
import { disableEmailNotificationPopup } from "~/api/operations/account.server";

export const { loader, action } = apiRoute(disableEmailNotificationPopup);
