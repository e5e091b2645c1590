import { apiRoute } from "~/api/operation.server";
import { deleteFaqOperation } from "~/api/operations/faq-glossary.server";

const api = apiRoute(deleteFaqOperation);
export const loader = api.loader;
export const action = api.action;
