import { apiRoute } from "~/api/operation.server";
import { signOut } from "~/api/operations/sign-in.server";

export const { loader, action } = apiRoute(signOut);
