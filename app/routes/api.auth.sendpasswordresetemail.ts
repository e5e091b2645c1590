import { apiRoute } from "~/api/operation.server";
import { sendPasswordResetEmail } from "~/api/operations/users.server";

export const { loader, action } = apiRoute(sendPasswordResetEmail);
