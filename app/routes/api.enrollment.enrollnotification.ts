import { apiRoute } from "~/api/operation.server";
import { enrollNotification } from "~/api/operations/account.server";

export const { loader, action } = apiRoute(enrollNotification);
