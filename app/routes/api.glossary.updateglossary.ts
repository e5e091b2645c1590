import { apiRoute } from "~/api/operation.server";
import { updateGlossary } from "~/api/operations/faq-glossary.server";

export const { loader, action } = apiRoute(updateGlossary);
