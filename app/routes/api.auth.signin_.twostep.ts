import { apiRoute } from "~/api/operation.server";
import { signInTwoStep } from "~/api/operations/sign-in.server";

export const { loader, action } = apiRoute(signInTwoStep);
