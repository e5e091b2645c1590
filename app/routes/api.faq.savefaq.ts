import { apiRoute } from "~/api/operation.server";
import { saveFaqOperation } from "~/api/operations/faq-glossary.server";

const api = apiRoute(saveFaqOperation);
export const loader = api.loader;
export const action = api.action;
