import { apiRoute } from "~/api/operation.server";
import { getGlossaries } from "~/api/operations/faq-glossary.server";

const api = apiRoute(getGlossaries);
export const loader = api.loader;
export const action = api.action;
