import { apiRoute } from "~/api/operation.server";
import { signIn } from "~/api/operations/sign-in.server";

export const { loader, action } = apiRoute(signIn);
