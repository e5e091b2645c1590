import { apiRoute } from "~/api/operation.server";
import { deleteGlossary } from "~/api/operations/faq-glossary.server";

const api = apiRoute(deleteGlossary);
export const loader = api.loader;
export const action = api.action;
