import { apiRoute } from "~/api/operation.server";
import { saveGlossary } from "~/api/operations/faq-glossary.server";

const api = apiRoute(saveGlossary);
export const loader = api.loader;
export const action = api.action;
