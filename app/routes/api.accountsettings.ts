import { apiRoute } from "~/api/operation.server";
import { getAccountSettings } from "~/api/operations/account.server";

export const { loader, action } = apiRoute(getAccountSettings);
