import { apiRoute } from "~/api/operation.server";
import { updateFaqOperation } from "~/api/operations/faq-glossary.server";

const api = apiRoute(updateFaqOperation);
export const loader = api.loader;
export const action = api.action;
