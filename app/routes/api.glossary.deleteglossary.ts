import { apiRoute } from "~/api/operation.server";
import { deleteGlossary } from "~/api/operations/faq-glossary.server";

export const { loader, action } = apiRoute(deleteGlossary);
