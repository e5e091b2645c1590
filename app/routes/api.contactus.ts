import { apiRoute } from "~/api/operation.server";
import { contactUs } from "~/api/operations/account.server";

export const { loader, action } = apiRoute(contactUs);
