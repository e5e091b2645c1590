import { apiRoute } from "~/api/operation.server";
import { updateGlossary } from "~/api/operations/faq-glossary.server";

const api = apiRoute(updateGlossary);
export const loader = api.loader;
export const action = api.action;
