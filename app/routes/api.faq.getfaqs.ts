import { apiRoute } from "~/api/operation.server";
import { getFaqs } from "~/api/operations/faq-glossary.server";

const api = apiRoute(getFaqs);
export const loader = api.loader;
export const action = api.action;
