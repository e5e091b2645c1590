import { apiRoute } from "~/api/operation.server";
import { updateFaqs } from "~/api/operations/faq-glossary.server";

const api = apiRoute(updateFaqs);
export const loader = api.loader;
export const action = api.action;
